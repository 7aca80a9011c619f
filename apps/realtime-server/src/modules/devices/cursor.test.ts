import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';

/** A cursor as a client could forge it: any JSON, base64url-encoded like the real ones. */
const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('pagination cursors', () => {
  let h: Harness;
  let deviceId: string;
  beforeAll(async () => {
    h = await startHarness();
    deviceId = await h.register(uniqueSerial('CUR'));
    await h.register(uniqueSerial('CUR'));
  });
  afterAll(async () => {
    await h?.close();
  });

  const expectInvalidCursor = (answer: { status: number; body: { error: { code: string; details: unknown } } }) => {
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    expect(answer.body.error.details).toEqual([expect.objectContaining({ path: 'cursor', rule: 'invalid' })]);
  };

  it('answers 400 for cursors whose keys do not fit the list, in every list', async () => {
    expectInvalidCursor(await h.api(`/v1/devices?cursor=${forged(['CUR-1', 'not-a-uuid'])}`));
    expectInvalidCursor(await h.api(`/v1/devices?cursor=${forged({ sort: 'serialNumber', key: [1, 'x'] })}`));
    expectInvalidCursor(await h.api(`/v1/devices/${deviceId}/events?cursor=${forged(['not-a-number'])}`));
    expectInvalidCursor(await h.api(`/v1/devices/${deviceId}/events?cursor=${forged({ sort: '-id', key: ['1e99'] })}`));
    expectInvalidCursor(await h.api(`/v1/queued-requests?cursor=${forged(['yesterday', randomUUID()])}`));
    expectInvalidCursor(await h.api(`/v1/projects?cursor=${forged(['Demo', 'nope'])}`));
    expectInvalidCursor(await h.api('/v1/projects?cursor=%%%not-base64'));
  });

  it('refuses a cursor made for another sort', async () => {
    const first = await h.api('/v1/devices?q=CUR-&limit=1&sort=name');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(first.body.nextCursor as string);

    const answer = await h.api(`/v1/devices?q=CUR-&limit=1&sort=-createdAt&cursor=${cursor}`);

    expectInvalidCursor(answer);
    expect((await h.api(`/v1/devices?q=CUR-&limit=1&sort=name&cursor=${cursor}`)).status).toBe(200);
  });

  it('pages through devices by creation time without skipping or repeating one', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/v1/devices?q=CUR-&limit=1&sort=-createdAt${cursor ? `&cursor=${cursor}` : ''}`;
      const { status, body } = await h.api(query);
      expect(status).toBe(200);
      seen.push(...(body.items as { id: string }[]).map((device) => device.id));
      cursor = body.nextCursor as string | null;
    } while (cursor);
    expect(seen).toHaveLength(2);
    expect(new Set(seen).size).toBe(2);
  });
});
