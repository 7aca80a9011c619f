import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../testing/harness';

describe('answers to bodies the parser refuses', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (body: string, headers: Record<string, string> = {}) =>
    h.api(`/v1/devices/${randomUUID()}/commands`, { method: 'POST', body, headers });

  it('answers a body over the default 1 MiB limit with 413 REQUEST_TOO_LARGE', async () => {
    const { status, body } = await post(JSON.stringify({ command: 'reboot', params: { pad: 'x'.repeat(1_100_000) } }));
    expect(status).toBe(413);
    expect(body.error).toEqual({
      code: 'REQUEST_TOO_LARGE',
      message: 'Request too large',
      details: { limitBytes: 1024 * 1024 },
    });
  });

  it('answers a body in an unsupported charset as a validation failure, not a server error', async () => {
    const { status, body } = await post('{}', { 'content-type': 'application/json; charset=latin-9000' });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ rule: 'type' })],
    });
  });

  it('still answers malformed JSON with VALIDATION_FAILED', async () => {
    const { status, body } = await post('{"command":');
    expect(status).toBe(400);
    expect(body.error.details).toEqual([expect.objectContaining({ message: 'Malformed JSON body' })]);
  });
});
