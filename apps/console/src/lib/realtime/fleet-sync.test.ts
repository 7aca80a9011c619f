import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDevice } from '@/lib/api/data-generators';
import { appStore } from '@/lib/store';
import { deviceIdsAtom, fleetSummaryAtom, isFleetLoadedAtom } from './fleet-atoms';
import { startFleetSync } from './fleet-sync';

afterEach(() => vi.unstubAllGlobals());

describe('startFleetSync', () => {
  it('pages through every device with limit 500 and the next cursor', async () => {
    const first = [buildDevice({ seed: 701 }), buildDevice({ seed: 702 })];
    const second = [buildDevice({ seed: 703, connected: false })];
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        urls.push(url);
        const page = url.searchParams.get('cursor')
          ? { items: second, nextCursor: null, total: 3 }
          : { items: first, nextCursor: 'page-2', total: 3 };
        return new Response(JSON.stringify(page));
      }),
    );
    const stop = startFleetSync();
    await vi.waitFor(() => expect(appStore.get(isFleetLoadedAtom)).toBe(true));
    stop();
    expect(urls.map((url) => url.searchParams.get('limit'))).toEqual(['500', '500']);
    expect(urls[1]?.searchParams.get('cursor')).toBe('page-2');
    expect(appStore.get(deviceIdsAtom)).toEqual([...first, ...second].map((device) => device.id));
    expect(appStore.get(fleetSummaryAtom)).toMatchObject({ total: 3, connected: 2 });
  });
});
