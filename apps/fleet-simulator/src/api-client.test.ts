import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient, ApiError } from './api-client';

const CLIENT = { clientId: 'fleet-simulator', clientSecret: 'fleet-simulator-dev-secret' };

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });

describe('the simulator’s API client', () => {
  let server: Server;
  let url: string;
  const tokensIssued: string[] = [];
  const throttledCalls: number[] = [];

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    server = createServer((req, res) => {
      void (async () => {
        if (req.url === '/token' && req.method === 'POST') {
          const form = new URLSearchParams(await body(req));
          const ok =
            form.get('grant_type') === 'client_credentials' &&
            form.get('client_id') === CLIENT.clientId &&
            form.get('client_secret') === CLIENT.clientSecret;
          if (!ok) return void res.writeHead(401).end('{"error":"invalid_client"}');
          const token = await new SignJWT({ azp: CLIENT.clientId })
            .setProtectedHeader({ alg: 'RS256' })
            .setSubject('service-account-fleet-simulator')
            .setExpirationTime('5m')
            .sign(privateKey);
          tokensIssued.push(token);
          return void res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 300 }));
        }
        if (req.url === '/api/health') return void res.writeHead(200).end('{"status":"ok"}');
        if (req.url === '/api/v1/throttled') {
          throttledCalls.push(Date.now());
          if (throttledCalls.length <= 2) {
            return void res
              .writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' })
              .end('{"error":{"code":"TOO_MANY_REQUESTS"}}');
          }
          return void res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
        }
        if (req.url === '/api/v1/always-throttled') {
          return void res.writeHead(429, { 'retry-after': '0' }).end('{"error":{"code":"TOO_MANY_REQUESTS"}}');
        }
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const verified = bearer ? await jwtVerify(bearer, publicKey).catch(() => null) : null;
        if (!verified) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{}}');
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sub: verified.payload.sub }));
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.close();
  });

  it('calls the API with a token from the client-credentials grant, and reuses it until it nears expiry', async () => {
    const api = new ApiClient(`${url}/api`, { tokenUrl: `${url}/token`, ...CLIENT });
    await api.waitForServer(5000, () => undefined);
    const schema = z.object({ sub: z.string() });
    expect(await api.call('POST', '/v1/devices', schema, {})).toEqual({ sub: 'service-account-fleet-simulator' });
    await api.call('POST', '/v1/devices', schema, {});
    expect(tokensIssued).toHaveLength(1);
  });

  it('fails clearly with a wrong client secret, and without a token', async () => {
    const wrong = new ApiClient(`${url}/api`, { tokenUrl: `${url}/token`, ...CLIENT, clientSecret: 'nope' });
    await expect(wrong.call('POST', '/v1/devices', z.unknown(), {})).rejects.toThrow(/token endpoint answered 401/);
    const anonymous = new ApiClient(`${url}/api`, null);
    await expect(anonymous.call('POST', '/v1/devices', z.unknown(), {})).rejects.toBeInstanceOf(ApiError);
  });

  it('waits out a rate limit’s Retry-After and goes on, instead of failing the provisioning', async () => {
    const waits: number[] = [];
    const api = new ApiClient(`${url}/api`, null, { onThrottled: (seconds) => waits.push(seconds) });
    expect(await api.call('POST', '/v1/throttled', z.object({ ok: z.boolean() }), {})).toEqual({ ok: true });
    expect(throttledCalls).toHaveLength(3);
    expect(waits).toEqual([1, 1]);
    // Each retry came after the second the server asked for.
    expect(throttledCalls[1]! - throttledCalls[0]!).toBeGreaterThanOrEqual(950);
    expect(throttledCalls[2]! - throttledCalls[1]!).toBeGreaterThanOrEqual(950);
  });

  it('gives up with the 429 once a call was refused its number of attempts in a row', async () => {
    const waits: number[] = [];
    const api = new ApiClient(`${url}/api`, null, { onThrottled: (seconds) => waits.push(seconds), maxAttempts: 3 });
    const call = api.call('POST', '/v1/always-throttled', z.unknown(), {});
    await expect(call).rejects.toMatchObject({ status: 429 });
    // Retry-After 0 is no wait the client believes: it waits its default second each time.
    expect(waits).toEqual([1, 1]);
  });
});
