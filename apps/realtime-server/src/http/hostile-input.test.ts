import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../testing/harness';

/** A cursor as a client could forge it: any JSON, base64url-encoded like the real ones. */
const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

// Each of these once answered 500 with an error-level stack in the log: they are the client's mistakes.
describe('malformed requests are client errors', () => {
  let h: Harness;
  const logged: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    h = await startHarness({}, { logger });
  });
  afterAll(async () => {
    await h?.close();
  });

  const expectValidationFailed = (answer: { status: number; body: { error: { code: string } } }) => {
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
  };

  it('answers malformed percent-encoding in a path with 400', async () => {
    expectValidationFailed(await h.api('/v1/devices/%E0%A4%A'));
    expectValidationFailed(await h.api('/v1/devices/%zz/events'));
  });

  it('answers a NUL character in the search text or in a cursor with 400', async () => {
    expectValidationFailed(await h.api('/v1/devices?q=lamp%00'));
    expectValidationFailed(await h.api('/v1/projects?q=%00'));
    expectValidationFailed(
      await h.api(`/v1/devices?sort=name&cursor=${forged({ sort: 'name', key: ['a\u0000', randomUUID()] })}`),
    );
    expectValidationFailed(
      await h.api(`/v1/projects?cursor=${forged({ sort: 'name', key: ['\u0000', randomUUID()] })}`),
    );
  });

  it("answers a NUL character in a user id with 400 'Invalid ID supplied'", async () => {
    const answer = await h.api('/v1/users/ana%00/permissions');
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('INVALID_ID');
  });

  it('answers an unknown or undecodable Content-Encoding with 400', async () => {
    const post = (body: string | Uint8Array<ArrayBuffer>, encoding: string) =>
      h.api(`/v1/devices/${randomUUID()}/commands`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      });
    expectValidationFailed(await post('{}', 'x-unknown'));
    expectValidationFailed(await post('not gzip at all', 'gzip'));
    expectValidationFailed(await post('not brotli either', 'br'));
    // A correct gzip body still reaches the route: an unknown device, not a decoding failure.
    const valid = await post(new Uint8Array(gzipSync(JSON.stringify({ command: 'reboot' }))), 'gzip');
    expect(valid.status).toBe(404);
  });

  it('logs none of them as a server error', () => {
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });
});
