import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, startFleet } from '@farola/fleet-simulator';
import type { RunningIdentityProvider } from '@farola/identity-provider';
import { SignInFlow } from '@farola/identity-provider/testing/sign-in';
import { DEMO_PROJECT_ID, DEMO_SERVICE_ACCOUNT } from '@farola/protocol';
import type { FarolaServer } from '@farola/realtime-server';
import { type SignedInServer, startSignedInServer } from './stack';

/** Writes per user in a ten-minute window: one provisioning call per device would wait out the window. */
const WRITES = 3;
const DEVICES = 300;

// The simulator's fleet provisioned as `AUTH_DISABLED=false npm start` provisions it: its service
// account's token from the development identity provider, under the server's ordinary rate limits.
describe("the simulator's fleet provisioning under the server's rate limits", () => {
  let idp: RunningIdentityProvider;
  let server: FarolaServer;
  let stack: SignedInServer | undefined;
  let fleet: Fleet | null = null;

  beforeAll(async () => {
    stack = await startSignedInServer({
      // The service account's and the demo users' project permissions.
      DEMO_DATA: 'true',
      RATE_LIMIT_WINDOW_SECONDS: '600',
      RATE_LIMIT_WRITES: String(WRITES),
    });
    ({ idp, server } = stack);
  });
  afterAll(async () => {
    await fleet?.stop();
    await stack?.close();
  });

  it('provisions and connects a fleet of devices that each connect alone, in calls the limits allow', async () => {
    const started = Date.now();
    fleet = await startFleet({
      mqttUrl: server.mqttUrl,
      devices: DEVICES,
      gatewaySize: 1,
      seed: 'fleet-provisioning',
      serialPrefix: 'FP',
      errorRate: 0,
      dropRatePerHour: 0,
      logLevel: 'silent',
      provisioning: {
        apiUrl: `${server.httpUrl}/lighting/api`,
        oauth: {
          tokenUrl: `${idp.issuer}/protocol/openid-connect/token`,
          clientId: DEMO_SERVICE_ACCOUNT.clientId,
          clientSecret: DEMO_SERVICE_ACCOUNT.clientSecret,
        },
        credentialsFile: path.join(tmpdir(), `farola-it-fleet-provisioning-${Date.now()}.json`),
      },
    });
    await fleet.ready;
    // Throttled, it would have waited for the ten-minute window to end.
    expect(Date.now() - started).toBeLessThan(60_000);
    const health = (await (await fetch(`${server.httpUrl}/lighting/api/health`)).json()) as { status: string };
    expect(health.status).toBe('ok');
  }, 90_000);

  it('still throttles anyone else provisioning one device per call', async () => {
    const { access_token: token } = await new SignInFlow({
      issuer: idp.issuer,
      redirectUri: 'http://127.0.0.1:8080/lighting/',
    }).signIn('operator');
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i <= WRITES; i += 1) {
      const answer = await fetch(`${server.httpUrl}/lighting/api/v1/devices`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          serialNumber: `STRANGER-${i}`,
          deviceType: 'light-point-controller',
          vendor: 'orion',
          projectId: DEMO_PROJECT_ID,
          name: `Stranger ${i}`,
        }),
      });
      statuses.push(answer.status);
      retryAfter = answer.headers.get('retry-after');
    }
    expect(statuses).toEqual([...Array<number>(WRITES).fill(201), 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
