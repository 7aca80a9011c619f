import zlib from 'node:zlib';
import { DEMO_PROJECT_ID } from '@farola/protocol';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_PROJECTS } from '../../db/rows';
import { CompactFleet } from './compact-fleet';
import { DeviceIndex } from './device-index';
import type { DeviceIndexEntry } from './device.repository';
import { FleetColumnsCache, WHOLE_FLEET } from './fleet-columns-cache';

const OTHER_PROJECT = '00000000-0000-4000-8000-000000000002';

const entry = (n: number, projectId = DEMO_PROJECT_ID): DeviceIndexEntry => ({
  id: `6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a${String(n).padStart(2, '0')}`,
  serialNumber: `OR-LP-0000${String(n).padStart(2, '0')}`,
  projectId,
  deviceType: 'light-point-controller',
  vendor: 'orion',
  gatewayId: null,
  name: `Plaça Reial ${n}`,
  status: 'ready',
  latitude: null,
  longitude: null,
  connection: undefined,
  switchedOn: null,
  remoteManagementDisabled: false,
  disabled: false,
  attributesAt: null,
});

describe('the prepared opening of GET /fleet/columns', () => {
  let cache: FleetColumnsCache | undefined;
  afterEach(() => cache?.close());

  const setUp = (options = { quietMs: 10, maxScopes: 16 }) => {
    const index = new DeviceIndex([entry(1), entry(2)]);
    const fleet = new CompactFleet(index);
    cache = new FleetColumnsCache({ fleet, index, logger: pino({ level: 'silent' }) }, options);
    return { index, fleet, cache, members: () => fleet.members({}, ALL_PROJECTS) };
  };
  const text = (part: { text: Buffer }) => part.text.toString();

  it("serves an unchanged fleet the same members' part, and prepares it again once a device joins or moves", async () => {
    const { index, cache, members } = setUp();
    const first = await cache.part(WHOLE_FLEET, members());
    expect(await cache.part(WHOLE_FLEET, members())).toBe(first);
    index.add(entry(3));
    const joined = await cache.part(WHOLE_FLEET, members());
    expect(joined).not.toBe(first);
    expect(text(joined)).toContain('OR-LP-000003');
    index.move(entry(1).id, OTHER_PROJECT);
    const moved = await cache.part(WHOLE_FLEET, members());
    expect(text(moved)).toContain(OTHER_PROJECT);
    // What is sent: the deflated text, ending on a sync flush so that the stream goes on after it,
    // after the state's part: a comma, the members' columns, a space and the identities, the end.
    expect(zlib.inflateRawSync(moved.deflated, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString()).toBe(
      text(moved),
    );
    expect(text(moved)).toMatch(
      /^,"count":3,.*,"project":"[^"]*" ,"deviceId":\[.*\],"serialNumber":\[.*\],"name":\[.*\]\}$/,
    );
  });

  it('prepares a part once for readers that arrive while it is under way', async () => {
    const { cache, members } = setUp();
    const [first, second] = await Promise.all([cache.part(WHOLE_FLEET, members()), cache.part(WHOLE_FLEET, members())]);
    expect(second).toBe(first);
  });

  it('prepares the whole fleet ahead once its membership has been quiet, at the better level', async () => {
    const { index, cache, members } = setUp();
    cache.start();
    await vi.waitFor(() => expect(cache.preparedVersion(WHOLE_FLEET)).toBe(index.membershipVersion));
    const part = await cache.part(WHOLE_FLEET, members());
    const level6 = zlib.deflateRawSync(part.text, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    expect(part.deflated).toEqual(level6);
    index.add(entry(3));
    await vi.waitFor(() => expect(cache.preparedVersion(WHOLE_FLEET)).toBe(index.membershipVersion));
    expect(text(await cache.part(WHOLE_FLEET, members()))).toContain('OR-LP-000003');
  });

  it('keeps a bounded number of scopes, the least recently prepared going first', async () => {
    const { cache, fleet } = setUp({ quietMs: 10, maxScopes: 2 });
    const read = (projectId: string) => cache.part(`project:${projectId}`, fleet.members({ projectId }, ALL_PROJECTS));
    const demo = await read(DEMO_PROJECT_ID);
    await read(OTHER_PROJECT);
    expect(await read(DEMO_PROJECT_ID)).toBe(demo);
    await cache.part(WHOLE_FLEET, fleet.members({}, ALL_PROJECTS));
    // Three scopes for two places: the demo project's was prepared before the other two.
    expect(await read(DEMO_PROJECT_ID)).not.toBe(demo);
  });
});
