import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';

describe('list queries', () => {
  let h: Harness;
  let deviceId: string;
  beforeAll(async () => {
    h = await startHarness();
    deviceId = await h.register(uniqueSerial('LQ'));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a sort the list does not offer, naming the field', async () => {
    for (const path of ['/v1/projects', '/v1/queued-requests', `/v1/devices/${deviceId}/events`, '/v1/devices']) {
      const { status, body } = await h.api(`${path}?sort=foo`);
      expect(status, path).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details).toEqual([expect.objectContaining({ path: 'sort' })]);
    }
  });

  it('sorts projects by name either way', async () => {
    const ascending = (await h.api('/v1/projects?sort=name')).body.items.map((p: { name: string }) => p.name);
    const descending = (await h.api('/v1/projects?sort=-name')).body.items.map((p: { name: string }) => p.name);
    expect(ascending.length).toBeGreaterThan(1);
    expect(descending).toEqual([...ascending].reverse());
  });

  it('searches queued requests for the text typed, wildcards included', async () => {
    const accepted = await h.api(`/v1/devices/${deviceId}/commands`, {
      method: 'POST',
      body: JSON.stringify({ command: 'switchOff' }),
    });
    expect(accepted.status).toBe(202);
    const total = async (q: string) =>
      (await h.api(`/v1/queued-requests?deviceId=${deviceId}&q=${encodeURIComponent(q)}`)).body.total;
    expect(await total('tchOf')).toBe(1);
    expect(await total('%')).toBe(0);
    expect(await total('switch_ff')).toBe(0);
  });
});
