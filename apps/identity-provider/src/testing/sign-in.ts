import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEMO_CLIENT_ID } from '@farola/protocol';
import { CookieBrowser } from './cookie-browser';

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  id_token: z.string(),
  expires_in: z.number(),
  token_type: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** Reads the `action` of the form with this id from a page of the provider. */
export function formAction(html: string, formId: string, base: URL): URL {
  const match = new RegExp(`<form id="${formId}"[^>]*action="([^"]+)"`).exec(html);
  if (!match?.[1]) throw new Error(`no form #${formId} in the page`);
  return new URL(
    match[1].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    base,
  );
}

export interface SignInOptions {
  /** `http://host:port/realms/farola` */
  issuer: string;
  /** Where the console asks to come back to (`http://127.0.0.1:8080/lighting/map`). */
  redirectUri: string;
  origin?: string;
  browser?: CookieBrowser;
  /** Extra authorization parameters, such as `kc_action`. */
  params?: Record<string, string>;
}

/**
 * The console's sign-in as keycloak-js performs it, over plain HTTP: an authorization request with
 * PKCE S256, the provider's pages, and the code exchanged at the token endpoint.
 */
export class SignInFlow {
  readonly browser: CookieBrowser;
  readonly verifier = randomBytes(32).toString('base64url');
  readonly state = randomBytes(8).toString('hex');
  readonly nonce = randomBytes(8).toString('hex');

  constructor(readonly options: SignInOptions) {
    this.browser = options.browser ?? new CookieBrowser();
  }

  get endpoint() {
    return (name: string) => new URL(`${this.options.issuer}/protocol/openid-connect/${name}`);
  }

  /** Starts at the authorization endpoint; answers the page the browser lands on. */
  async start(): Promise<{ response: Response; url: URL }> {
    const url = this.endpoint('auth');
    url.search = new URLSearchParams({
      client_id: DEMO_CLIENT_ID,
      redirect_uri: this.options.redirectUri,
      response_type: 'code',
      response_mode: 'fragment',
      scope: 'openid',
      state: this.state,
      nonce: this.nonce,
      code_challenge: createHash('sha256').update(this.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...this.options.params,
    }).toString();
    return this.browser.follow(url, {}, (next) => next.href.startsWith(this.options.redirectUri));
  }

  /** Posts a form of the page at `pageUrl`, following redirects until the console's redirect URI. */
  async submit(pageUrl: URL, html: string, formId: string, fields: Record<string, string>) {
    return this.browser.follow(
      formAction(html, formId, pageUrl),
      { method: 'POST', body: new URLSearchParams(fields) },
      (next) => next.href.startsWith(this.options.redirectUri),
    );
  }

  /** The code and state the provider sent back (in the fragment, as keycloak-js asks). */
  callbackParams(url: URL): URLSearchParams {
    return new URLSearchParams(url.hash.slice(1));
  }

  async exchange(code: string): Promise<Response> {
    return this.browser.fetch(this.endpoint('token'), {
      method: 'POST',
      headers: { Origin: this.options.origin ?? new URL(this.options.redirectUri).origin },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: this.verifier,
        redirect_uri: this.options.redirectUri,
        client_id: DEMO_CLIENT_ID,
      }),
    });
  }

  /** The whole sign-in: start, sign in as `username`, exchange the code. */
  async signIn(username: string, password: string = username): Promise<TokenResponse> {
    const { response, url } = await this.start();
    const landed = await this.submit(url, await response.text(), 'kc-form-login', { username, password });
    const code = this.callbackParams(landed.url).get('code');
    if (!code) throw new Error(`sign-in of ${username} did not return a code (landed on ${landed.url.href})`);
    return TokenResponseSchema.parse(await (await this.exchange(code)).json());
  }

  async refresh(refreshToken: string): Promise<Response> {
    return this.browser.fetch(this.endpoint('token'), {
      method: 'POST',
      headers: { Origin: this.options.origin ?? new URL(this.options.redirectUri).origin },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: DEMO_CLIENT_ID,
      }),
    });
  }
}
