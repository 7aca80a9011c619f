import type { DeviceCommandRequested } from '@farola/protocol';
import { cleanup, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDevice, buildRequest, PROJECT_ID } from '@/lib/api/data-generators';
import { deviceRequestIdsAtomFamily, requestAtomFamily } from './atoms';
import { useDeviceStreams } from './streams';
import { socketDouble } from '@/lib/realtime/testing/socket-double';

// The test plays the socket: it pushes request updates and reconnects.
vi.mock('@/lib/realtime/socket', () => import('@/lib/realtime/testing/socket-double'));

function serveRequests() {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ items: [], nextCursor: null, total: 0 })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function openPanel(deviceId: string) {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  renderHook(() => useDeviceStreams(deviceId), { wrapper });
  return store;
}

const requested = (request: ReturnType<typeof buildRequest>): DeviceCommandRequested => ({
  deviceId: request.deviceId,
  projectId: PROJECT_ID,
  ts: request.updatedAt,
  request,
});

beforeEach(() => serveRequests());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the device streams', () => {
  it("keeps the open device's requests and ignores other devices' ones", async () => {
    const [open, other] = [buildDevice({ seed: 801 }), buildDevice({ seed: 802 })];
    const store = openPanel(open.id);
    const mine = buildRequest({ seed: 801, deviceId: open.id });
    const theirs = buildRequest({ seed: 802, deviceId: other.id });
    socketDouble.push('DeviceCommandRequested', requested(theirs));
    socketDouble.push('DeviceCommandRequested', requested(mine));
    await vi.waitFor(() => expect(store.get(deviceRequestIdsAtomFamily(open.id))).toEqual([mine.id]));
    expect(store.get(deviceRequestIdsAtomFamily(other.id))).toEqual([]);
    expect(store.get(requestAtomFamily(theirs.id))).toBeNull();
  });

  it('loads the requests when the panel opens and again after a reconnect', async () => {
    const fetchMock = serveRequests();
    openPanel(buildDevice({ seed: 811 }).id);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    socketDouble.reconnect();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
