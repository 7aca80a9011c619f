import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAttributeUpdate, buildDevice } from '@/lib/api/data-generators';
import { appStore } from '@/lib/store';
import { deviceIdsAtom, fleetSummaryAtom, isFleetLoadedAtom } from './fleet-atoms';
import { startFleetSync } from './fleet-sync';
import { socketDouble } from '@/lib/realtime/testing/socket-double';

// The test plays the socket: it pushes attribute updates and reconnects.
vi.mock('./socket', () => import('@/lib/realtime/testing/socket-double'));

/** Answers `GET /devices` with `pages` (in order) and `GET /devices/:id` with `byId`. */
function serveDevices(
  pages: ReturnType<typeof buildDevice>[][],
  byId: (id: string) => Response = () => new Response(),
) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      const id = /\/devices\/([^/]+)$/.exec(url.pathname)?.[1];
      if (id) return byId(decodeURIComponent(id));
      const index = Number(url.searchParams.get('cursor') ?? 0);
      const next = index + 1 < pages.length ? String(index + 1) : null;
      return new Response(JSON.stringify({ items: pages[index] ?? [], nextCursor: next, total: pages.flat().length }));
    }),
  );
  return urls;
}

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startFleetSync', () => {
  it('pages through every device with limit 500 and the next cursor', async () => {
    const first = [buildDevice({ seed: 701 }), buildDevice({ seed: 702 })];
    const second = [buildDevice({ seed: 703, connected: false })];
    const urls = serveDevices([first, second]);
    stop = startFleetSync();
    await vi.waitFor(() => expect(appStore.get(isFleetLoadedAtom)).toBe(true));
    expect(urls.map((url) => url.searchParams.get('limit'))).toEqual(['500', '500']);
    expect(urls[1]?.searchParams.get('cursor')).toBe('1');
    expect(appStore.get(deviceIdsAtom)).toEqual([...first, ...second].map((device) => device.id));
    expect(appStore.get(fleetSummaryAtom)).toMatchObject({ total: 3, connected: 2 });
  });

  it('loads the fleet again after a reconnect', async () => {
    const device = buildDevice({ seed: 711 });
    serveDevices([[device]]);
    stop = startFleetSync();
    await vi.waitFor(() => expect(appStore.get(deviceIdsAtom)).toEqual([device.id]));
    const registered = buildDevice({ seed: 712 });
    serveDevices([[device, registered]]);
    socketDouble.reconnect();
    await vi.waitFor(() => expect(appStore.get(deviceIdsAtom)).toEqual([device.id, registered.id]));
  });

  it('asks again for a newly reported device whose first fetch failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const known = buildDevice({ seed: 721 });
    const registered = buildDevice({ seed: 722 });
    let attempts = 0;
    serveDevices([[known]], () => {
      attempts += 1;
      return attempts === 1
        ? new Response(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Try later' } }), {
            status: 503,
          })
        : new Response(JSON.stringify(registered));
    });
    stop = startFleetSync();
    await vi.waitFor(() => expect(appStore.get(deviceIdsAtom)).toEqual([known.id]));
    socketDouble.push(
      'DeviceAttributeValueUpdated',
      buildAttributeUpdate({ deviceId: registered.id, values: { dimming: 10 } }),
    );
    await vi.waitFor(() => expect(attempts).toBe(1));
    socketDouble.push(
      'DeviceAttributeValueUpdated',
      buildAttributeUpdate({ deviceId: registered.id, values: { dimming: 20 } }),
    );
    await vi.waitFor(() => expect(appStore.get(deviceIdsAtom)).toEqual([known.id, registered.id]));
    expect(attempts).toBe(2);
  });
});
