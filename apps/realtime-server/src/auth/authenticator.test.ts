import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Authenticate, bearerToken, createAuthenticator } from './authenticator';

describe('token verification against the realm', () => {
  let jwksServer: Server;
  let issuer: string;
  let privateKey: CryptoKey;
  let authenticate: Authenticate;

  beforeAll(async () => {
    const keys = await generateKeyPair('RS256');
    privateKey = keys.privateKey;
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

  const sign = (claims: Record<string, unknown>, iss = issuer) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(iss)
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);

  it("reads the user's roles on the product's client and ignores unknown ones", async () => {
    const token = await sign({
      preferred_username: 'ana',
      resource_access: { console: { roles: ['view-alarms', 'launch-rockets'] }, other: { roles: ['admin'] } },
    });
    expect(await authenticate(token)).toEqual({
      id: 'user-1',
      username: 'ana',
      roles: ['view-alarms'],
      isAdmin: false,
    });
  });

  it('refuses a missing token, a foreign issuer and garbage as UNAUTHORIZED', async () => {
    await expect(authenticate(undefined)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(authenticate(await sign({}, 'http://elsewhere/realms/x'))).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(authenticate('not.a.jwt')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('takes the token from a Bearer header only', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('Basic abc')).toBeUndefined();
  });
});
