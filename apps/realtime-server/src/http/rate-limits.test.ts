import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_USER, type User } from '../auth/user';
import { DomainError } from '../platform/domain-error';
import { type Harness, startHarness, uniqueSerial } from '../testing/harness';
import { type StartedHttpApp, startHttpApp } from '../testing/http-app';
import { defineRoute } from './define-route';
import { clientAddressOf } from './rate-limits';

const NO_LIMITS = {
  RATE_LIMIT_API: '0',
  RATE_LIMIT_EXPENSIVE_READS: '0',
  RATE_LIMIT_WRITES: '0',
  RATE_LIMIT_AUTH_FAILURES: '0',
  RATE_LIMIT_SOCKET_HANDSHAKES: '0',
};

const expectTooManyRequests = (answer: { status: number; body: unknown }, policy: string) => {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({
    error: {
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests, try again later',
      details: { policy, retryAfterSeconds: expect.any(Number) },
    },
  });
};

describe('the API rate limit per client', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ...NO_LIMITS, RATE_LIMIT_API: '5', RATE_LIMIT_WINDOW_SECONDS: '600' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 429 TOO_MANY_REQUESTS with RateLimit and Retry-After headers once the window is used up', async () => {
    for (let i = 0; i < 5; i += 1) {
      const answer = await fetch(`${h.server.httpUrl}/lighting/api/v1/me`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit')).toMatch(new RegExp(`^"api"; r=${4 - i}; t=\\d+$`));
      expect(answer.headers.get('ratelimit-policy')).toMatch(/^"api"; q=5; w=600; pk=:[^:]+:$/);
    }
    const refused = await fetch(`${h.server.httpUrl}/lighting/api/v1/devices`);
    expectTooManyRequests({ status: refused.status, body: await refused.json() }, 'api');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect(refused.headers.get('ratelimit')).toMatch(/^"api"; r=0; t=\d+$/);
  });

  it('leaves health, the configuration script and the console alone', async () => {
    expect((await h.api('/health')).status).toBe(200);
    expect((await fetch(`${h.server.httpUrl}/lighting/src/config.js`)).status).toBe(200);
    expect((await h.api('/v1/openapi.json')).status).toBe(200);
  });
});

describe('the stricter limit on writes', () => {
  let h: Harness;
  let deviceId: string;
  beforeAll(async () => {
    h = await startHarness({ ...NO_LIMITS, RATE_LIMIT_WRITES: '2' });
    deviceId = await h.register(uniqueSerial());
  });
  afterAll(async () => {
    await h?.close();
  });

  it('counts commands and every other write, and no read', async () => {
    const command = () =>
      h.api(`/v1/devices/${deviceId}/commands`, { method: 'POST', body: JSON.stringify({ command: 'reboot' }) });
    expect((await command()).status).toBe(202);
    expect((await h.api(`/v1/devices/${deviceId}`)).status).toBe(200);
    expect((await command()).status).toBe(202);
    expectTooManyRequests(await command(), 'writes');
    expectTooManyRequests(
      await h.api(`/v1/queued-requests/${randomUUID()}/cancel`, { method: 'POST', body: '{}' }),
      'writes',
    );
    expect((await h.api(`/v1/queued-requests?deviceId=${deviceId}`)).body.total).toBe(2);
  });
});

describe('the stricter limit on expensive reads', () => {
  const echo = (path: string) =>
    defineRoute({
      method: 'get',
      path,
      operationId: `echo${path.replaceAll('/', '_')}`,
      summary: path,
      roles: [],
      response: { component: 'Echo', schema: z.object({ path: z.string() }) },
      handler: () => ({ path }),
    });
  let app: StartedHttpApp;
  beforeAll(async () => {
    app = await startHttpApp(
      { AUTH_DISABLED: 'true', ...NO_LIMITS, RATE_LIMIT_EXPENSIVE_READS: '2' },
      {
        authenticate: async () => DEMO_USER,
        routes: [
          '/fleet',
          '/fleet/columns',
          '/devices',
          '/devices/:id',
          '/devices/:id/events',
          '/projects/:id/devices',
          '/devices/export.csv',
          '/devices/ids',
        ].map(echo),
      },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (path: string) => {
    const answer = await fetch(`${app.url}/lighting/api/v1${path}`);
    return { status: answer.status, body: (await answer.json()) as unknown };
  };

  it('counts whole-fleet reads, device lists and exports together, and no read of named devices', async () => {
    expect((await get('/fleet')).status).toBe(200);
    expect((await get('/devices?limit=1')).status).toBe(200);
    for (const path of [
      '/fleet',
      '/fleet/columns',
      '/devices',
      `/projects/${randomUUID()}/devices`,
      '/devices/export.csv',
      '/devices/ids',
    ]) {
      expectTooManyRequests(await get(path), 'expensive-reads');
    }
    for (const path of [
      `/fleet?deviceId=${randomUUID()}`,
      `/devices/${randomUUID()}`,
      `/devices/${randomUUID()}/events`,
    ]) {
      expect((await get(path)).status).toBe(200);
    }
  });
});

describe('rate limits with authentication', () => {
  const users: Record<string, User> = {
    alice: {
      id: 'alice',
      username: 'alice',
      givenName: '',
      familyName: '',
      email: '',
      roles: ['admin'],
      isAdmin: true,
    },
    bob: { id: 'bob', username: 'bob', givenName: '', familyName: '', email: '', roles: ['admin'], isAdmin: true },
  };
  let app: StartedHttpApp;
  beforeAll(async () => {
    app = await startHttpApp(
      {
        OAUTH_URL: 'https://sso.example.org',
        OAUTH_REALM: 'farola',
        OAUTH_CLIENT_ID: 'console',
        ...NO_LIMITS,
        RATE_LIMIT_API: '3',
        RATE_LIMIT_AUTH_FAILURES: '2',
      },
      {
        authenticate: async (token) => {
          const user = token ? users[token] : undefined;
          if (!user) throw new DomainError('UNAUTHORIZED');
          return user;
        },
        routes: [
          defineRoute({
            method: 'get',
            path: '/whoami',
            operationId: 'testRoute1',
            summary: 'The caller',
            roles: [],
            response: { component: 'WhoAmI', schema: z.object({ id: z.string() }) },
            handler: ({ user }) => ({ id: user.id }),
          }),
        ],
      },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = async (token: string | undefined) => {
    const answer = await fetch(`${app.url}/lighting/api/v1/whoami`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: answer.status, body: (await answer.json()) as unknown };
  };

  it('count each signed-in user on their own', async () => {
    for (let i = 0; i < 3; i += 1) expect((await call('alice')).status).toBe(200);
    expectTooManyRequests(await call('alice'), 'api');
    expect(await call('bob')).toEqual({ status: 200, body: { id: 'bob' } });
  });

  it("count an address's failed sign-ins, and make its bad tokens wait once it has too many", async () => {
    expect((await call('mallory')).status).toBe(401);
    expect((await call(undefined)).status).toBe(401);
    expectTooManyRequests(await call('eve'), 'auth-failures');
    expectTooManyRequests(await call('mallory'), 'auth-failures');
  });

  it('never refuse a valid token for the failures of others at the same address (a NAT, a proxy)', async () => {
    for (let i = 0; i < 30; i += 1) expect([401, 429]).toContain((await call('junk')).status);
    expect(await call('bob')).toEqual({ status: 200, body: { id: 'bob' } });
    expectTooManyRequests(await call('junk'), 'auth-failures');
  });
});

describe('the Socket.IO handshake limit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ...NO_LIMITS, RATE_LIMIT_SOCKET_HANDSHAKES: '2', TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const handshake = (from: string) =>
    fetch(`${h.server.httpUrl}/lighting/socket.io/?EIO=4&transport=polling`, {
      headers: { 'x-forwarded-for': from },
    });

  it('refuses an address its third new connection within the window, and no other address', async () => {
    expect((await handshake('203.0.113.7')).status).toBe(200);
    expect((await handshake('203.0.113.7')).status).toBe(200);
    expect((await handshake('203.0.113.7')).status).toBe(403);
    expect((await handshake('198.51.100.4')).status).toBe(200);
  });
});

describe('trusted proxies (TRUST_PROXY)', () => {
  const request = (peer: string, forwardedFor?: string) =>
    ({
      socket: { remoteAddress: peer },
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    }) as unknown as IncomingMessage;

  it('believe X-Forwarded-For only from a trusted proxy, and only as far as the first untrusted hop', () => {
    expect(clientAddressOf(false)(request('127.0.0.1', '203.0.113.7'))).toBe('127.0.0.1');
    expect(clientAddressOf(['loopback'])(request('127.0.0.1', '203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddressOf(['loopback'])(request('192.0.2.1', '203.0.113.7'))).toBe('192.0.2.1');
    expect(clientAddressOf(['loopback', '10.0.0.0/8'])(request('127.0.0.1', '203.0.113.7, 10.1.2.3'))).toBe(
      '203.0.113.7',
    );
    expect(clientAddressOf(1)(request('10.0.0.1', '198.51.100.9, 203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddressOf(true)(request('10.0.0.1', '198.51.100.9, 203.0.113.7'))).toBe('198.51.100.9');
  });

  it('key the API limit by the client behind the proxy', async () => {
    const app = await startHttpApp(
      { AUTH_DISABLED: 'true', ...NO_LIMITS, RATE_LIMIT_API: '1', TRUST_PROXY: 'loopback' },
      { authenticate: async () => DEMO_USER },
    );
    try {
      const call = async (from: string) =>
        (await fetch(`${app.url}/lighting/api/v1/anything`, { headers: { 'x-forwarded-for': from } })).status;
      expect(await call('203.0.113.7')).toBe(404);
      expect(await call('203.0.113.7')).toBe(429);
      expect(await call('198.51.100.4')).toBe(404);
    } finally {
      await app.close();
    }
  });
});
