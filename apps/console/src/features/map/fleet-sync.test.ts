import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeFleetColumns, fleetColumnsJson, type FleetColumns } from '@farola/protocol';
import { buildFleetColumns, buildFleetDevice, PROJECT_ID } from '@/lib/api/data-generators';
import { createStore } from 'jotai';
import { fleetCountsAtom, isFleetLoadedAtom } from './fleet-atoms';
import { FleetStore } from './fleet-store';
import { prefetchFleetColumns } from '@/lib/api/fleet-prefetch';
import { startFleetSync } from './fleet-sync';
import { RealtimeClient } from '@/lib/realtime/realtime-client';
import { createSocketDouble } from '@/lib/realtime/testing/socket-double';

const FLEET_STREAM = `fleet:${PROJECT_ID}`;
const notFound = () =>
  new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), { status: 404 });

/** Plays the REST API's `/fleet/columns` and `/fleet?deviceId=…`, and records every URL asked for. */
function serveApi(options: { columns?: () => FleetColumns; fleet?: (url: URL) => unknown }) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      if (url.pathname.endsWith('/fleet/columns') && options.columns)
        return new Response(fleetColumnsJson(encodeFleetColumns(options.columns())));
      return url.pathname.endsWith('/fleet') && options.fleet
        ? new Response(JSON.stringify(options.fleet(url)))
        : notFound();
    }),
  );
  return urls;
}

/** `beforeIdentities`: what the first load waits for between drawing the fleet and reading its identities (here: nothing). */
function setup(beforeIdentities = () => Promise.resolve()) {
  const { transport, server } = createSocketDouble();
  const client = new RealtimeClient(transport);
  const stopClient = client.start();
  const store = createStore();
  const fleet = new FleetStore();
  const stopSync = startFleetSync(client, store, fleet, beforeIdentities);
  return { server, store, fleet, stop: () => (stopSync(), stopClient()) };
}

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const fleetCalls = (urls: URL[]) => urls.filter((url) => url.pathname.endsWith('/fleet/columns'));
const lookupCalls = (urls: URL[]) => urls.filter((url) => url.pathname.endsWith('/fleet'));

describe('the fleet sync', () => {
  it('takes the answer of a fleet prefetched before its code loaded, and asks again only to reload', async () => {
    const devices = [buildFleetDevice({ seed: 705 })];
    const urls = serveApi({ columns: () => buildFleetColumns(devices, { [FLEET_STREAM]: 4 }) });
    prefetchFleetColumns();
    prefetchFleetColumns();
    expect(fleetCalls(urls)).toHaveLength(1);
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: { [FLEET_STREAM]: 4 } });
    await vi.waitFor(() => expect(env.store.get(isFleetLoadedAtom)).toBe(true));
    expect(env.fleet.ids).toEqual([devices[0]!.deviceId]);
    expect(fleetCalls(urls)).toHaveLength(1);
    // A stream the client cannot resume: the reload asks the server, not the spent prefetch.
    const streams = { [FLEET_STREAM]: 4 };
    env.server.reconnect({ epoch: 'e1', streams, resumed: { caughtUp: [], resync: [FLEET_STREAM] } });
    await vi.waitFor(() => expect(fleetCalls(urls)).toHaveLength(2));
  });

  it('shows the fleet before its identities are read, and applies live changes once they are', async () => {
    const devices = [buildFleetDevice({ seed: 711 }), buildFleetDevice({ seed: 712, connected: false })];
    const urls = serveApi({ columns: () => buildFleetColumns(devices, { [FLEET_STREAM]: 10 }) });
    let drawn = () => undefined as void;
    const env = setup(() => new Promise((resolve) => (drawn = resolve)));
    stop = env.stop;
    // Drawn and counted, but not yet found by id: a change that comes meanwhile waits.
    await vi.waitFor(() => expect(env.store.get(isFleetLoadedAtom)).toBe(true));
    expect(env.store.get(fleetCountsAtom)).toMatchObject({ total: 2, connected: 1 });
    expect(env.fleet.identified).toBe(false);
    expect(env.fleet.indexOf(devices[0]!.deviceId)).toBe(-1);
    env.server.push('FleetStateUpdated', { ...devices[1]!, connected: true, stream: FLEET_STREAM, seq: 11 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(env.store.get(fleetCountsAtom).connected).toBe(1);
    drawn();
    await vi.waitFor(() => expect(env.fleet.identified).toBe(true));
    expect(env.fleet.ids).toEqual(devices.map((device) => device.deviceId));
    expect(env.fleet.deviceById(devices[0]!.deviceId)).toEqual(devices[0]);
    await vi.waitFor(() => expect(env.store.get(fleetCountsAtom).connected).toBe(2));
    // Nothing was taken for an unknown device: one read, no look-up.
    expect(urls.map((url) => url.pathname)).toEqual([expect.stringMatching(/\/fleet\/columns$/)]);
  });

  it('keeps a fleet drawn whose identities were unreadable, without looking up every device it then does not know', async () => {
    const devices = [buildFleetDevice({ seed: 721 }), buildFleetDevice({ seed: 722 })];
    const wire = encodeFleetColumns(buildFleetColumns(devices, { [FLEET_STREAM]: 10 }));
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(new URL(String(input), 'http://localhost'));
        // One id for two devices: the identities break the answer's contract.
        return new Response(fleetColumnsJson({ ...wire, deviceId: wire.deviceId.slice(1) }));
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const env = setup();
    stop = env.stop;
    await vi.waitFor(() => expect(env.store.get(fleetCountsAtom).total).toBe(2));
    env.server.push('FleetStateUpdated', { ...devices[0]!, on: false, stream: FLEET_STREAM, seq: 11 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(env.fleet.identified).toBe(false);
    expect(urls.map((url) => url.pathname)).toEqual([expect.stringMatching(/\/fleet\/columns$/)]);
  });

  it('loads the map and counters from one GET /fleet/columns and follows FleetStateUpdated', async () => {
    const devices = [buildFleetDevice({ seed: 701 }), buildFleetDevice({ seed: 702, connected: false })];
    serveApi({ columns: () => buildFleetColumns(devices, { [FLEET_STREAM]: 10 }) });
    const env = setup();
    stop = env.stop;
    await vi.waitFor(() => expect(env.store.get(isFleetLoadedAtom)).toBe(true));
    expect(env.fleet.ids).toEqual(devices.map((device) => device.deviceId));
    expect(env.store.get(fleetCountsAtom)).toMatchObject({ total: 2, connected: 1 });

    const [first] = devices;
    if (!first) throw new Error('fixture missing');
    // Already in the snapshot (seq 10): dropped; seq 11 is applied.
    env.server.push('FleetStateUpdated', { ...first, on: false, stream: FLEET_STREAM, seq: 10 });
    env.server.push('FleetStateUpdated', { ...first, connected: false, stream: FLEET_STREAM, seq: 11 });
    await vi.waitFor(() => expect(env.fleet.deviceById(first.deviceId)?.connected).toBe(false));
    expect(env.fleet.deviceById(first.deviceId)?.on).toBe(true);
    expect(env.store.get(fleetCountsAtom)).toMatchObject({ total: 2, connected: 0 });
  });

  it('does not reload the fleet on an ordinary reconnect, only when its stream must resync', async () => {
    const device = buildFleetDevice({ seed: 711 });
    const urls = serveApi({ columns: () => buildFleetColumns([device], { [FLEET_STREAM]: 3 }) });
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: { [FLEET_STREAM]: 3 } });
    await vi.waitFor(() => expect(fleetCalls(urls)).toHaveLength(1));

    const streams = { [FLEET_STREAM]: 3 };
    env.server.reconnect({ epoch: 'e1', streams, resumed: { caughtUp: [FLEET_STREAM], resync: [] } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fleetCalls(urls)).toHaveLength(1);

    env.server.reconnect({ epoch: 'e1', streams, resumed: { caughtUp: [], resync: [FLEET_STREAM] } });
    await vi.waitFor(() => expect(fleetCalls(urls)).toHaveLength(2));
  });

  it('fetches devices it does not know with one GET /fleet?deviceId=… per batch', async () => {
    const known = buildFleetDevice({ seed: 721 });
    const registered = [buildFleetDevice({ seed: 722 }), buildFleetDevice({ seed: 723 })];
    const urls = serveApi({
      columns: () => buildFleetColumns([known], { [FLEET_STREAM]: 1 }),
      fleet: (url) => {
        const ids = url.searchParams.getAll('deviceId');
        return { items: registered.filter((device) => ids.includes(device.deviceId)), streams: { [FLEET_STREAM]: 1 } };
      },
    });
    const env = setup();
    stop = env.stop;
    await vi.waitFor(() => expect(env.fleet.ids).toEqual([known.deviceId]));
    for (const [index, device] of registered.entries()) {
      env.server.push('FleetStateUpdated', { ...device, stream: FLEET_STREAM, seq: 2 + index });
    }
    await vi.waitFor(() =>
      expect(env.fleet.ids).toEqual([known.deviceId, ...registered.map((device) => device.deviceId)]),
    );
    expect(env.store.get(fleetCountsAtom).total).toBe(3);
    const lookups = lookupCalls(urls);
    expect(lookups.map((url) => url.searchParams.getAll('deviceId'))).toEqual([
      registered.map((device) => device.deviceId),
    ]);
  });
  it('drops a device that left for another project, and fetches it again when it comes back', async () => {
    const staying = buildFleetDevice({ seed: 731 });
    const moving = buildFleetDevice({ seed: 732 });
    const urls = serveApi({
      columns: () => buildFleetColumns([staying, moving], { [FLEET_STREAM]: 1 }),
      fleet: () => ({ items: [moving], streams: { [FLEET_STREAM]: 4 } }),
    });
    const env = setup();
    stop = env.stop;
    await vi.waitFor(() => expect(env.fleet.size).toBe(2));
    env.server.push('FleetStateUpdated', { ...moving, left: true, stream: FLEET_STREAM, seq: 2 });
    await vi.waitFor(() => expect(env.fleet.deviceById(moving.deviceId)).toBeNull());
    expect(env.fleet.ids).toEqual([staying.deviceId]);
    expect(env.store.get(fleetCountsAtom).total).toBe(1);
    // Gone is not unknown: nothing is fetched for it.
    expect(lookupCalls(urls)).toHaveLength(0);

    env.server.push('FleetStateUpdated', { ...moving, stream: FLEET_STREAM, seq: 3 });
    await vi.waitFor(() => expect(env.fleet.deviceById(moving.deviceId)).toEqual(moving));
    expect(lookupCalls(urls)).toHaveLength(1);
    expect(env.store.get(fleetCountsAtom).total).toBe(2);
  });
});
