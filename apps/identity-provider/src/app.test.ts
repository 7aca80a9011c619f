import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_IDENTITIES, DEMO_SERVICE_ACCOUNT } from '@farola/protocol';
import { startIdentityProvider, type RunningIdentityProvider } from './app';
import { loadIdpConfig } from './config';
import { INVALID_CREDENTIALS, PASSWORDS_DIFFER } from './interaction-routes';
import { CookieBrowser } from './testing/cookie-browser';
import { formAction, SignInFlow } from './testing/sign-in';

const CONSOLE = 'http://127.0.0.1:8080';
const REDIRECT_URI = `${CONSOLE}/lighting/map?layer=devices`;
const operator = DEMO_IDENTITIES.find((identity) => identity.username === 'operator')!;

let idp: RunningIdentityProvider;
const oidc = (name: string) => `${idp.issuer}/protocol/openid-connect/${name}`;
const flow = (options: Partial<ConstructorParameters<typeof SignInFlow>[0]> = {}) =>
  new SignInFlow({ issuer: idp.issuer, redirectUri: REDIRECT_URI, ...options });

async function verify(token: string) {
  const jwks = (await (await fetch(oidc('certs'))).json()) as JSONWebKeySet;
  return (await jwtVerify(token, createLocalJWKSet(jwks), { issuer: idp.issuer })).payload;
}

async function sessionStatus(browser: CookieBrowser, sid: string, origin = CONSOLE) {
  const url = new URL(`${oidc('login-status-iframe.html')}/check`);
  url.search = new URLSearchParams({ client_id: DEMO_CLIENT_ID, session_state: sid, origin }).toString();
  return ((await (await browser.fetch(url)).json()) as { status: string }).status;
}

beforeAll(async () => {
  idp = await startIdentityProvider(
    loadIdpConfig({ IDP_PORT: '0', IDP_CONSOLE_REDIRECT_URIS: `${CONSOLE}/lighting/*`, IDP_ACCESS_TOKEN_TTL_S: '60' }),
    pino({ level: 'silent' }),
  );
});
afterAll(() => idp.close());

describe('the development identity provider', () => {
  it("publishes the realm's discovery document with Keycloak's endpoint paths", async () => {
    const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: `${idp.url}/realms/farola`,
      authorization_endpoint: oidc('auth'),
      token_endpoint: oidc('token'),
      end_session_endpoint: oidc('logout'),
      userinfo_endpoint: oidc('userinfo'),
      jwks_uri: oidc('certs'),
      check_session_iframe: oidc('login-status-iframe.html'),
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('signs a user in with PKCE and issues access tokens with the claims keycloak-js and the server read', async () => {
    const tokens = await flow().signIn('operator');
    const claims = await verify(tokens.access_token);
    expect(claims).toMatchObject({
      iss: idp.issuer,
      sub: operator.id,
      azp: DEMO_CLIENT_ID,
      aud: DEMO_CLIENT_ID,
      preferred_username: 'operator',
      given_name: operator.givenName,
      family_name: operator.familyName,
      locale: 'en',
      resource_access: { [DEMO_CLIENT_ID]: { roles: [...operator.roles] } },
    });
    expect(claims.sid).toEqual(expect.any(String));
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(60);
    const idToken = await verify(tokens.id_token);
    expect(idToken).toMatchObject({ sub: operator.id, sid: claims.sid, aud: DEMO_CLIENT_ID });
  });

  it('hands out a refresh token keycloak-js can decode, and refreshes silently with it', async () => {
    const signIn = flow();
    const tokens = await signIn.signIn('viewer');
    const refreshClaims = decodeJwt(tokens.refresh_token);
    expect(refreshClaims).toMatchObject({
      typ: 'Refresh',
      azp: DEMO_CLIENT_ID,
      sid: decodeJwt(tokens.access_token).sid,
    });
    const response = await signIn.refresh(tokens.refresh_token);
    expect(response.status).toBe(200);
    const refreshed = (await response.json()) as { access_token: string; refresh_token: string };
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(await verify(refreshed.access_token)).toMatchObject({ preferred_username: 'viewer' });
    expect(decodeJwt(refreshed.refresh_token)).toMatchObject({ typ: 'Refresh' });
  });

  it("allows the console's origin to call the token endpoint with credentials, and no other origin", async () => {
    const signIn = flow();
    const tokens = await signIn.signIn('viewer');
    const answer = await signIn.refresh(tokens.refresh_token);
    expect(answer.headers.get('access-control-allow-origin')).toBe(CONSOLE);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');

    const foreign = new SignInFlow({ ...signIn.options, browser: signIn.browser, origin: 'http://evil.test' });
    const refused = await foreign.refresh(((await answer.json()) as { refresh_token: string }).refresh_token);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it("refuses a wrong password on the login page with Keycloak's message, and signs in once it is right", async () => {
    const signIn = flow();
    const { response, url } = await signIn.start();
    const page = await response.text();
    expect(page).toContain('id="kc-login"');
    expect(page).toMatch(/<label for="username">/);
    expect(page).toMatch(/<label for="password">/);
    const refused = await signIn.submit(url, page, 'kc-form-login', { username: 'operator', password: 'wrong' });
    const refusedPage = await refused.response.text();
    expect(refusedPage).toContain(INVALID_CREDENTIALS);
    expect(refusedPage).toContain('value="operator"');
    const landed = await signIn.submit(url, refusedPage, 'kc-form-login', {
      username: 'operator',
      password: 'operator',
    });
    expect(signIn.callbackParams(landed.url).get('state')).toBe(signIn.state);
  });

  it('refuses a console sign-in without PKCE and a redirect outside the registered console', async () => {
    const withoutPkce = new URL(oidc('auth'));
    withoutPkce.search = new URLSearchParams({
      client_id: DEMO_CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid',
    }).toString();
    const noPkce = await fetch(withoutPkce, { redirect: 'manual' });
    expect(decodeURIComponent(noPkce.headers.get('location') ?? '')).toContain('PKCE');

    const elsewhere = new SignInFlow({ issuer: idp.issuer, redirectUri: `${CONSOLE}/lighting-evil/` });
    const { response } = await elsewhere.start();
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('redirect_uri');
  });

  it("issues the simulator's service account a token the server accepts for the console", async () => {
    const basic = Buffer.from(`${DEMO_SERVICE_ACCOUNT.clientId}:${DEMO_SERVICE_ACCOUNT.clientSecret}`).toString(
      'base64',
    );
    const response = await fetch(oidc('token'), {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(response.status).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    expect(await verify(token)).toMatchObject({
      sub: DEMO_SERVICE_ACCOUNT.id,
      azp: DEMO_SERVICE_ACCOUNT.clientId,
      aud: DEMO_CLIENT_ID,
      preferred_username: DEMO_SERVICE_ACCOUNT.username,
      resource_access: { [DEMO_CLIENT_ID]: { roles: ['manage-devices'] } },
    });

    const wrongSecret = await fetch(oidc('token'), {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: DEMO_SERVICE_ACCOUNT.clientId,
        client_secret: 'guess',
      }),
    });
    expect(wrongSecret.status).toBe(401);
  });

  it('answers userinfo for its JWT access tokens and refuses anything else', async () => {
    const tokens = await flow().signIn('admin');
    const answer = await fetch(oidc('userinfo'), { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(await answer.json()).toMatchObject({ sub: DEMO_IDENTITIES[0]!.id, preferred_username: 'admin' });
    const forged = await fetch(oidc('userinfo'), { headers: { Authorization: `Bearer ${tokens.refresh_token}` } });
    expect(forged.status).toBe(401);
  });

  it('tells the session-check iframe whether the session is still the one it signed in with', async () => {
    const signIn = flow();
    const { sid } = decodeJwt((await signIn.signIn('viewer')).access_token) as { sid: string };
    expect(await sessionStatus(signIn.browser, sid)).toBe('unchanged');
    expect(await sessionStatus(signIn.browser, 'another-session')).toBe('changed');
    expect(await sessionStatus(new CookieBrowser(), sid)).toBe('changed');
    expect(await sessionStatus(signIn.browser, sid, 'http://evil.test')).toBe('error');
    const iframe = await fetch(oidc('login-status-iframe.html'));
    expect(await iframe.text()).toContain("addEventListener('message'");
    for (const step of ['step1', 'step2']) {
      expect((await fetch(oidc(`3p-cookies/${step}.html`))).status).toBe(200);
    }
  });

  it('ends the session at logout without asking, returns to the console, and refuses its refresh token', async () => {
    const signIn = flow();
    const tokens = await signIn.signIn('viewer');
    const { sid } = decodeJwt(tokens.access_token) as { sid: string };
    const logout = new URL(oidc('logout'));
    logout.search = new URLSearchParams({
      client_id: DEMO_CLIENT_ID,
      post_logout_redirect_uri: `${CONSOLE}/lighting/`,
      id_token_hint: tokens.id_token,
    }).toString();
    const page = await signIn.browser.fetch(logout);
    const html = await page.text();
    expect(html).toContain('.submit()');
    const form = formAction(html, 'op.logoutForm', logout);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const done = await signIn.browser.fetch(form, {
      method: 'POST',
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${CONSOLE}/lighting/`);
    expect(await sessionStatus(signIn.browser, sid)).toBe('changed');
    expect((await signIn.refresh(tokens.refresh_token)).status).toBe(400);
  });

  it('updates the password through kc_action=UPDATE_PASSWORD; the new one signs in, the old one no longer', async () => {
    const signIn = flow({ params: { kc_action: 'UPDATE_PASSWORD' } });
    const { response, url } = await signIn.start();
    const afterLogin = await signIn.submit(url, await response.text(), 'kc-form-login', {
      username: 'outsider',
      password: 'outsider',
    });
    const updatePage = await afterLogin.response.text();
    expect(updatePage).toContain('id="password-new"');
    const mismatch = await signIn.submit(afterLogin.url, updatePage, 'kc-passwd-update-form', {
      'password-new': 'new secret',
      'password-confirm': 'other',
    });
    expect(await mismatch.response.text()).toContain(PASSWORDS_DIFFER.replace("'", '&#39;'));
    const done = await signIn.submit(afterLogin.url, updatePage, 'kc-passwd-update-form', {
      'password-new': 'new secret',
      'password-confirm': 'new secret',
    });
    expect(signIn.callbackParams(done.url).get('code')).toEqual(expect.any(String));

    await expect(flow().signIn('outsider', 'outsider')).rejects.toThrow(/did not return a code/);
    const tokens = await flow().signIn('outsider', 'new secret');
    expect(decodeJwt(tokens.access_token)).toMatchObject({ preferred_username: 'outsider', resource_access: {} });
  });

  it('answers forged or stale form posts with a page, not a crash', async () => {
    const browser = new CookieBrowser();
    const stale = await browser.fetch(`${idp.issuer}/login-actions/unknown/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin', password: 'admin' }),
    });
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain('Sign-in expired');
    const garbage = await browser.fetch(oidc('token'), { method: 'POST', body: 'grant_type=%%%' });
    expect(garbage.status).toBe(400);
    expect((await fetch(`${idp.url}/health`)).status).toBe(200);
  });

  it('answers a malformed sign-in id with 400 and an oversized form with 413, each with a page', async () => {
    const browser = new CookieBrowser();
    const { url } = await flow({ browser }).start();
    const actions = new URL(url.pathname.replace(/[^/]+$/, ''), url);
    const form = { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin' }) };
    for (const uid of ['%E0%A4%A', 'a'.repeat(65), 'x%20y', '%00', '..%2F..']) {
      for (const [path, init] of [
        [uid, {}],
        [`${uid}/login`, form],
        [`${uid}/update-password`, form],
      ] as const) {
        const answer = await browser.fetch(new URL(path, actions), init);
        expect(answer.status, `${path}`).toBe(400);
        expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await answer.text()).toMatch(/Sign-in expired|Bad request/);
      }
    }
    const huge = await browser.fetch(new URL(`${url.pathname.split('/').pop()}/login`, actions), {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin', password: 'x'.repeat(200_000) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain('Request too large');
    expect((await fetch(`${idp.url}/health`)).status).toBe(200);
  });
});
