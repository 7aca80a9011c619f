import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningIdentityProvider } from '@farola/identity-provider';
import { SignInFlow } from '@farola/identity-provider/testing/sign-in';
import { DEMO_IDENTITIES, DEMO_SERVICE_ACCOUNT, SOCKET_PATH } from '@farola/protocol';
import type { FarolaServer } from '@farola/realtime-server';
import { type SignedInServer, startSignedInServer } from './stack';

// The realtime-server signed in through the development identity provider, as `AUTH_DISABLED=false
// npm start` runs them: it verifies the provider's tokens against the realm's certs endpoint.
let idp: RunningIdentityProvider;
let server: FarolaServer;
let stack: SignedInServer | undefined;

beforeAll(async () => {
  stack = await startSignedInServer();
  ({ idp, server } = stack);
});
afterAll(async () => {
  await stack?.close();
});

async function me(token?: string) {
  const response = await fetch(`${server.httpUrl}/lighting/api/v1/me`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the realtime-server behind the development identity provider', () => {
  it.each(DEMO_IDENTITIES.map((identity) => [identity.username, identity] as const))(
    "accepts %s's access token with the user's id and client roles",
    async (username, identity) => {
      const tokens = await new SignInFlow({
        issuer: idp.issuer,
        redirectUri: 'http://127.0.0.1:8080/lighting/',
      }).signIn(username);
      const answer = await me(tokens.access_token);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: identity.id, username, roles: [...identity.roles] });
    },
  );

  it("accepts the simulator's service-account token, issued to the console's audience", async () => {
    const response = await fetch(`${idp.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: DEMO_SERVICE_ACCOUNT.clientId,
        client_secret: DEMO_SERVICE_ACCOUNT.clientSecret,
      }),
    });
    const { access_token: token } = (await response.json()) as { access_token: string };
    const answer = await me(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: DEMO_SERVICE_ACCOUNT.id, roles: ['manage-devices'] });
  });

  it('refuses a call without a token, and opens a socket with a refreshed one', async () => {
    expect((await me()).status).toBe(401);
    const signIn = new SignInFlow({ issuer: idp.issuer, redirectUri: 'http://127.0.0.1:8080/lighting/' });
    const tokens = await signIn.signIn('viewer');
    const refreshed = (await (await signIn.refresh(tokens.refresh_token)).json()) as { access_token: string };
    const socket = io(server.httpUrl, {
      path: SOCKET_PATH,
      auth: { token: refreshed.access_token },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });
});
