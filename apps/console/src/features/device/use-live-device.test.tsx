import type { DeviceCommandRequested, QueuedRequest } from '@farola/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDevice, buildRequest, PROJECT_ID } from '@/lib/api/data-generators';
import { queryKeys } from '@/lib/query/query-client';
import { socketDouble } from '@/lib/realtime/testing/socket-double';
import { useLiveDevice } from './use-live-device';

// The test plays the socket: it pushes request updates and reconnects.
vi.mock('@/lib/realtime/socket', () => import('@/lib/realtime/testing/socket-double'));

const EMPTY_PAGE = { items: [], nextCursor: null, total: 0 };

/** Serves the device and empty lists; returns how often each kind of list was read. */
function serveApi(device: ReturnType<typeof buildDevice>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    return new Response(JSON.stringify(pathname.endsWith(`/devices/${device.id}`) ? device : EMPTY_PAGE));
  });
  vi.stubGlobal('fetch', fetchMock);
  const reads = (suffix: string) => fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0]!.endsWith(suffix));
  return {
    requestReads: () => reads('/queued-requests').length,
    deviceReads: () => reads(`/devices/${device.id}`).length,
  };
}

function openPanel(deviceId: string) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queries}>{children}</QueryClientProvider>
  );
  renderHook(() => useLiveDevice(deviceId), { wrapper });
  return queries;
}

const requested = (request: QueuedRequest): DeviceCommandRequested => ({
  deviceId: request.deviceId,
  projectId: PROJECT_ID,
  ts: request.updatedAt,
  request,
});

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the live device of an open panel', () => {
  it("keeps the open device's requests and ignores other devices' ones", async () => {
    const [open, other] = [buildDevice({ seed: 801 }), buildDevice({ seed: 802 })];
    serveApi(open);
    const queries = openPanel(open.id);
    await vi.waitFor(() => expect(queries.getQueryData(queryKeys.deviceRequests(open.id))).toEqual([]));
    const mine = buildRequest({ seed: 801, deviceId: open.id });
    const theirs = buildRequest({ seed: 802, deviceId: other.id });
    socketDouble.push('DeviceCommandRequested', requested(theirs));
    socketDouble.push('DeviceCommandRequested', requested(mine));
    await vi.waitFor(() => expect(queries.getQueryData(queryKeys.deviceRequests(open.id))).toEqual([mine]));
    expect(queries.getQueryData(queryKeys.deviceRequests(other.id))).toBeUndefined();
  });

  it('loads the device and its requests when opened, and again after a reconnect the server cannot catch up', async () => {
    const device = buildDevice({ seed: 811 });
    const api = serveApi(device);
    openPanel(device.id);
    await vi.waitFor(() => expect(api.requestReads()).toBe(1));
    expect(api.deviceReads()).toBe(1);
    // This double never sent a session: like a server without streams, every stream resyncs.
    socketDouble.reconnect();
    await vi.waitFor(() => expect(api.requestReads()).toBe(2));
    expect(api.deviceReads()).toBe(2);
  });
});
