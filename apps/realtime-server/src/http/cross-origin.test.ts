import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../testing/harness';

const CONSOLE_ELSEWHERE = 'https://console.example.org';

const preflight = (url: string, origin: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

describe('cross-origin access by default', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('grants no other origin anything: the server serves the console itself', async () => {
    const answer = await fetch(`${h.server.httpUrl}/lighting/api/v1/me`, { headers: { origin: CONSOLE_ELSEWHERE } });
    expect(answer.status).toBe(200);
    expect(answer.headers.has('access-control-allow-origin')).toBe(false);
    const refused = await preflight(`${h.server.httpUrl}/lighting/api/v1/devices/x/commands`, CONSOLE_ELSEWHERE);
    expect(refused.headers.has('access-control-allow-origin')).toBe(false);
  });
});

describe('cross-origin access with CORS_ORIGINS', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ CORS_ORIGINS: `${CONSOLE_ELSEWHERE}/, https://other.example.org:8443` });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("answers a named origin's preflight with what it may send", async () => {
    const answer = await preflight(`${h.server.httpUrl}/lighting/api/v1/devices/x/commands`, CONSOLE_ELSEWHERE);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(CONSOLE_ELSEWHERE);
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(answer.headers.get('access-control-max-age')).toBe('600');
    expect(answer.headers.has('access-control-allow-credentials')).toBe(false);
  });

  it("lets a named origin read the API's answers and their rate-limit headers", async () => {
    const answer = await fetch(`${h.server.httpUrl}/lighting/api/v1/me`, { headers: { origin: CONSOLE_ELSEWHERE } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(CONSOLE_ELSEWHERE);
    expect(answer.headers.get('vary')).toMatch(/Origin/);
    expect(answer.headers.get('access-control-expose-headers')).toBe('RateLimit,RateLimit-Policy,Retry-After');
  });

  it('gives any other origin no Access-Control-Allow-Origin, preflight or not', async () => {
    for (const origin of [
      'https://evil.example',
      'http://console.example.org',
      'https://console.example.org.evil.example',
    ]) {
      const answer = await fetch(`${h.server.httpUrl}/lighting/api/v1/me`, { headers: { origin } });
      expect(answer.headers.has('access-control-allow-origin')).toBe(false);
      const refused = await preflight(`${h.server.httpUrl}/lighting/api/v1/devices/x/commands`, origin);
      expect(refused.headers.has('access-control-allow-origin')).toBe(false);
    }
  });

  it('lets a named origin open a socket, and still no other site', async () => {
    const handshake = (origin: string) =>
      fetch(`${h.server.httpUrl}/lighting/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
    const named = await handshake('https://other.example.org:8443');
    expect(named.status).toBe(200);
    expect(named.headers.get('access-control-allow-origin')).toBe('https://other.example.org:8443');
    expect((await handshake('https://evil.example')).status).toBe(403);
  });
});
