import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** A Keycloak realm's key set served where Keycloak serves it, and access tokens signed with its key. */
export interface TestRealm {
  /** The provider's base URL (OAUTH_URL). */
  url: string;
  /** The server's environment to verify this realm's tokens. */
  env: Record<string, string>;
  /** An access token of the console's client for `sub` holding `roles`; `exp` defaults to 5 minutes ahead. */
  sign: (sub: string, roles: string[], exp?: number | string) => Promise<string>;
  close: () => void;
}

export async function startTestRealm(): Promise<TestRealm> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url !== '/realms/farola/protocol/openid-connect/certs') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sign = (sub: string, roles: string[], exp: number | string = '5m') =>
    new SignJWT({ typ: 'Bearer', preferred_username: sub, azp: 'console', resource_access: { console: { roles } } })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(`${url}/realms/farola`)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(privateKey);
  return {
    url,
    env: { AUTH_DISABLED: 'false', OAUTH_URL: url, OAUTH_REALM: 'farola', OAUTH_CLIENT_ID: 'console' },
    sign,
    close: () => server.close(),
  };
}
