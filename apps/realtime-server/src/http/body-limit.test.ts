import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../testing/harness';

describe('the request body limit (HTTP_BODY_LIMIT)', () => {
  let h: Harness;
  let deviceId: string;
  beforeAll(async () => {
    h = await startHarness({ HTTP_BODY_LIMIT: '16kb' });
    deviceId = await h.register(uniqueSerial());
  });
  afterAll(async () => {
    await h?.close();
  });

  // A valid command padded with whitespace (still valid JSON): only its size differs.
  const command = (size: number) =>
    h.api(`/v1/devices/${deviceId}/commands`, {
      method: 'POST',
      body: JSON.stringify({ command: 'reboot' }).padEnd(size, ' '),
    });
  const storedRequests = async () => (await h.api(`/v1/queued-requests?deviceId=${deviceId}`)).body.total as number;

  it('answers a larger body 413 REQUEST_TOO_LARGE, naming the limit, and stores nothing of it', async () => {
    const { status, body } = await command(20 * 1024);
    expect(status).toBe(413);
    expect(body).toEqual({
      error: { code: 'REQUEST_TOO_LARGE', message: 'Request too large', details: { limitBytes: 16 * 1024 } },
    });
    expect(await storedRequests()).toBe(0);
  });

  it('counts the body as sent uncompressed: a gzip body that inflates past the limit is refused too', async () => {
    const { gzipSync } = await import('node:zlib');
    const inflated = JSON.stringify({ command: 'reboot' }).padEnd(64 * 1024, ' ');
    const packed = gzipSync(inflated);
    expect(packed.length).toBeLessThan(16 * 1024);
    const { status, body } = await h.api(`/v1/devices/${deviceId}/commands`, {
      method: 'POST',
      body: new Uint8Array(packed),
      headers: { 'content-encoding': 'gzip' },
    });
    expect(status).toBe(413);
    expect(body.error.code).toBe('REQUEST_TOO_LARGE');
    expect(await storedRequests()).toBe(0);
  });

  it('is documented in the OpenAPI document of every route with a body', async () => {
    const { body } = await h.api('/v1/openapi.json');
    expect(Object.keys(body.paths['/v1/devices/{id}/commands'].post.responses)).toEqual(
      expect.arrayContaining(['413', '429']),
    );
    expect(Object.keys(body.paths['/v1/devices/{id}'].get.responses)).not.toContain('413');
  });

  it('reads a body within the limit as before', async () => {
    const { status } = await command(8 * 1024);
    expect(status).toBe(202);
    expect(await storedRequests()).toBe(1);
  });

  it('takes the larger body a route declares (a bulk action naming thousands of devices), only there', async () => {
    const check = (size: number) =>
      h.api('/v1/bulk-actions/check', {
        method: 'POST',
        body: JSON.stringify({ action: 'reboot', deviceIds: [deviceId] }).padEnd(size, ' '),
      });
    const { status, body } = await check(1024 * 1024);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 1, compatible: true });
    expect((await check(6 * 1024 * 1024)).status).toBe(413);
  });
});
