import http from 'node:http';
import zlib from 'node:zlib';
import { FleetColumnsSchema, FleetDrawingSchema, fleetIdentitiesSchema, splitFleetColumns } from '@farola/protocol';
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
    ['gzip, deflate, br, zstd', 'gzip'],
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

  it('sends one gzip member, fresh state and prepared members in one stream that a browser reads whole, the identities last', async () => {
    // fetch decodes gzip itself: read the raw bytes, as a browser's decoder does, as one member and one stream.
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const request = http.get(
        `${h.server.httpUrl}/lighting/api/v1/fleet/columns`,
        { headers: { 'accept-encoding': 'gzip' } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks)));
        },
      );
      request.on('error', reject);
    });
    expect(raw.subarray(0, 3)).toEqual(Buffer.from([0x1f, 0x8b, 8]));
    const json = zlib.inflateRawSync(raw.subarray(10, raw.length - 8));
    expect(raw.readUInt32LE(raw.length - 8)).toBe(zlib.crc32(json));
    expect(raw.readUInt32LE(raw.length - 4)).toBe(json.length);
    expect(FleetColumnsSchema.parse(JSON.parse(json.toString())).deviceId).toEqual(ids);
    // The identity columns end the answer: a client can read the rest first.
    expect(Object.keys(JSON.parse(json.toString()) as object).slice(-3)).toEqual(['deviceId', 'serialNumber', 'name']);
    const split = splitFleetColumns(json)!;
    const drawing = FleetDrawingSchema.parse(JSON.parse(Buffer.from(split.drawing).toString()));
    expect(
      fleetIdentitiesSchema(drawing.count).parse(JSON.parse(Buffer.from(split.identities).toString())).deviceId,
    ).toEqual(ids);
  });

  it('answers with the devices of the moment: a device registered after a read is in the next one', async () => {
    const before = FleetColumnsSchema.parse(await (await get('gzip')).json());
    const added = await h.register('COLS-LP-000003');
    const after = FleetColumnsSchema.parse(await (await get('gzip')).json());
    expect(before.deviceId).not.toContain(added);
    expect(after.deviceId).toEqual([...before.deviceId, added]);
    expect(after.serialNumber.at(-1)).toBe('COLS-LP-000003');
    expect(after.count).toBe(before.count + 1);
  });
});
