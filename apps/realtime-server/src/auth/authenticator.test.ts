import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, createPublicKey } from 'node:crypto';
import { base64url, exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Authenticate, bearerToken, createAuthenticator } from './authenticator';

describe('token verification against the realm', () => {
  let jwksServer: Server;
  let issuer: string;
  let privateKey: CryptoKey;
  let publicPem: string;
  let authenticate: Authenticate;

  beforeAll(async () => {
    const keys = await generateKeyPair('RS256');
    privateKey = keys.privateKey;
    publicPem = await exportSPKI(keys.publicKey);
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((req, res) => {
      if (req.url !== '/realms/farola/protocol/openid-connect/certs') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
    issuer = `${url}/realms/farola`;
    authenticate = createAuthenticator({ authDisabled: false, oauth: { url, realm: 'farola', clientId: 'console' } });
  });
  afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));

  /** A token as the realm issues it to the console's client, with `claims` added or overridden. */
  const sign = (claims: Record<string, unknown>, iss = issuer, expires: string | number = '5m') =>
    new SignJWT({ typ: 'Bearer', azp: 'console', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(iss)
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(privateKey);
  const admin = { resource_access: { console: { roles: ['admin'] } } };
  const refused = (token: string) => expect(authenticate(token)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  /** A token with these header and claims, signed by `signature` (or unsigned). */
  const forge = (header: Record<string, unknown>, claims: Record<string, unknown>, signature = '') =>
    `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(claims))}.${signature}`;
  const now = () => Math.floor(Date.now() / 1000);

  it('takes access tokens only: an ID token of the same user for the same client is refused', async () => {
    await expect(authenticate(await sign(admin))).resolves.toMatchObject({ isAdmin: true });
    // Keycloak's ID token: `typ: ID`, the client in `aud` and `azp`.
    await refused(await sign({ ...admin, typ: 'ID', aud: 'console' }));
    await refused(await sign({ ...admin, typ: 'Refresh' }));
    await refused(await sign({ ...admin, typ: undefined }));
  });

  it("reads the user's roles on the product's client and ignores unknown ones", async () => {
    const token = await sign({
      preferred_username: 'ana',
      resource_access: { console: { roles: ['view-alarms', 'launch-rockets'] }, other: { roles: ['admin'] } },
    });
    const user = await authenticate(token);
    expect(user).toEqual({
      id: 'user-1',
      username: 'ana',
      givenName: '',
      familyName: '',
      email: '',
      roles: ['view-alarms'],
      isAdmin: false,
      expiresAt: expect.any(Number),
    });
    // The token's exp (5 minutes ahead) plus the 10 s of clock skew: when its sockets are closed.
    expect(user.expiresAt! - Date.now()).toBeGreaterThan(300_000);
    expect(user.expiresAt! - Date.now()).toBeLessThanOrEqual(310_000);
  });

  it('refuses a missing token, a foreign issuer and garbage as UNAUTHORIZED', async () => {
    await expect(authenticate(undefined)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(authenticate(await sign({}, 'http://elsewhere/realms/x'))).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(authenticate('not.a.jwt')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a token issued to another client of the realm, even one holding admin there', async () => {
    await refused(await sign({ ...admin, azp: 'billing', resource_access: { console: { roles: ['admin'] } } }));
    await refused(await sign({ ...admin, azp: undefined }));
    // Obtained by another client for this one: this client is in its audience.
    expect(await authenticate(await sign({ ...admin, azp: 'gateway', aud: ['account', 'console'] }))).toMatchObject({
      isAdmin: true,
    });
  });

  it('refuses an expired token, and one without an expiry', async () => {
    await refused(await sign(admin, issuer, now() - 60));
    const withoutExpiry = await new SignJWT({ typ: 'Bearer', azp: 'console', ...admin })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setSubject('user-1')
      .setIssuedAt()
      .sign(privateKey);
    await refused(withoutExpiry);
    // Within the 10 s of clock skew keycloak-js also allows, an expiry just past still passes.
    expect(await authenticate(await sign(admin, issuer, now() - 5))).toMatchObject({ isAdmin: true });
  });

  it("refuses 'alg: none' and an HMAC signed with the realm's public key", async () => {
    const claims = { ...admin, azp: 'console', iss: issuer, sub: 'user-1', iat: now(), exp: now() + 300 };
    await refused(forge({ alg: 'none', typ: 'JWT' }, claims));
    // The classic confusion: HS256 keyed with the public key the realm publishes.
    const unsigned = forge({ alg: 'HS256', typ: 'JWT', kid: 'k1' }, claims).slice(0, -1);
    const pem = createPublicKey(publicPem).export({ type: 'spki', format: 'pem' });
    const mac = createHmac('sha256', pem).update(unsigned).digest('base64url');
    await refused(`${unsigned}.${mac}`);
  });

  it('fetches the keys from OAUTH_JWKS_URL when the server reaches the provider by another address', async () => {
    const keysAt = new URL(issuer);
    const inside = createAuthenticator({
      authDisabled: false,
      oauth: {
        url: 'http://sso.example.test',
        realm: 'farola',
        clientId: 'console',
        jwksUrl: `${keysAt.origin}/realms/farola/protocol/openid-connect/certs`,
      },
    });
    const token = await sign(admin, 'http://sso.example.test/realms/farola');
    expect(await inside(token)).toMatchObject({ isAdmin: true });
    // The issuer is still checked: a token of the address the keys come from is not this realm's.
    await expect(inside(await sign(admin))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('takes the token from a Bearer header only', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('Basic abc')).toBeUndefined();
  });
});
