import { FleetColumnsSchema } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness';

describe('GET /fleet/columns', () => {
  let h: Harness;
  let ids: string[];
  beforeAll(async () => {
    h = await startHarness();
    ids = [await h.register('COLS-LP-000001'), await h.register('COLS-LP-000002')];
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (encoding: string) =>
    fetch(`${h.server.httpUrl}/lighting/api/v1/fleet/columns`, { headers: { 'accept-encoding': encoding } });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', null],
  ])('answers %j compressed as %s, the same fleet whatever the encoding', async (accepted, encoding) => {
    const answer = await get(accepted);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe(encoding);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch decodes the body: what arrives is the fleet, valid and whole.
    const columns = FleetColumnsSchema.parse(await answer.json());
    expect(columns.deviceId).toEqual(expect.arrayContaining(ids));
    expect(columns.serialNumber).toEqual(expect.arrayContaining(['COLS-LP-000001', 'COLS-LP-000002']));
    expect(Object.keys(columns.streams)).toEqual(columns.projects.map((id) => `fleet:${id}`));
  });
});
