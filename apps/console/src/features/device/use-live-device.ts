import { streams, type Device, type QueuedRequest } from '@farola/protocol';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { filter, map, type Observable, share } from 'rxjs';
import { fetchDevice } from '@/lib/api/devices';
import { queryKeys } from '@/lib/query/query-client';
import { bufferAnimationFrame } from '@/lib/realtime/buffer-animation-frame';
import { realtime } from '@/lib/realtime/live';
import { followLiveCollection } from '@/lib/realtime/live-collection';
import type { DeviceItemEvent, RealtimeClient, StreamItem } from '@/lib/realtime/realtime-client';
import { isStreamOf, resyncOf } from '@/lib/realtime/resync';
import { mergeRequests } from '@/lib/requests/request-list';
import { deviceRequestsQuery } from '@/lib/requests/device-requests-query';
import { applyDeviceUpdate, deviceUpdateOf, liveEventOf, type DeviceUpdate } from './device-updates';
import { prependEvents, type EventPages } from './use-event-history';

/** The open device's items, every stream's (its own joined while the panel is open). */
type DeviceItems = Observable<StreamItem<DeviceItemEvent>>;

const isSome = <T>(value: T | null): value is T => value !== null;

/**
 * Reads a query now: the first time it joins the read the view's `useQuery` started; on a resync
 * it cancels any read under way (it may predate what was missed) and reads again.
 */
async function freshQuery<T>(
  queries: QueryClient,
  reason: 'initial' | 'resync',
  query: { queryKey: readonly unknown[]; queryFn: () => Promise<T> },
): Promise<T> {
  if (reason === 'resync') await queries.cancelQueries({ queryKey: query.queryKey, exact: true });
  return queries.fetchQuery({ ...query, staleTime: 0 });
}

/** The device itself: `GET /devices/:id`, then its attribute reports, connection and state. */
function followDevice(client: RealtimeClient, queries: QueryClient, deviceId: string, items: DeviceItems) {
  const items$ = items.pipe(map(deviceUpdateOf), filter(isSome), bufferAnimationFrame());
  const key = queryKeys.device(deviceId);
  return followLiveCollection<Device, DeviceUpdate>(client, {
    name: `device ${deviceId}`,
    load: (reason) => freshQuery(queries, reason, { queryKey: key, queryFn: () => fetchDevice(deviceId) }),
    items$,
    follows: (stream) => stream === streams.device(deviceId) || isStreamOf('project')(stream),
    onSnapshot: () => undefined,
    onItems: (updates) =>
      queries.setQueryData<Device>(key, (device) => device && updates.reduce(applyDeviceUpdate, device)),
  });
}

/** The device's recent queued requests, following their progress. */
function followRequests(client: RealtimeClient, queries: QueryClient, deviceId: string, items: DeviceItems) {
  const query = deviceRequestsQuery(queries, deviceId);
  const key = query.queryKey;
  return followLiveCollection<QueuedRequest[], QueuedRequest>(client, {
    name: `the requests of ${deviceId}`,
    load: (reason) => freshQuery(queries, reason, query),
    items$: items.pipe(
      filter((item) => item.event === 'DeviceCommandRequested'),
      map((item) => item.payload.request),
      bufferAnimationFrame(),
    ),
    follows: isStreamOf('project'),
    onSnapshot: () => undefined,
    onItems: (requests) => {
      queries.setQueryData<QueuedRequest[]>(key, (list) => mergeRequests(list ?? [], requests));
      // An installation that ends moves the device (DONE: in operation): read it again.
      if (requests.some((request) => request.command === 'install' && request.status !== 'IN_PROGRESS')) {
        void queries.invalidateQueries({ queryKey: queryKeys.device(deviceId) });
      }
    },
  });
}

/** Live events on top of the loaded event history (reloaded, not patched, on a resync). */
function followEvents(client: RealtimeClient, queries: QueryClient, deviceId: string, items: DeviceItems) {
  const key = queryKeys.deviceEvents(deviceId);
  const live = items
    .pipe(map(liveEventOf), filter(isSome), bufferAnimationFrame())
    .subscribe((events) => queries.setQueryData<EventPages>(key, (history) => prependEvents(history, events)));
  const reloads = client.resync$
    .pipe(resyncOf((stream) => stream === streams.device(deviceId) || isStreamOf('project')(stream)))
    .subscribe(() => void queries.invalidateQueries({ queryKey: key }));
  return () => {
    live.unsubscribe();
    reloads.unsubscribe();
  };
}

/**
 * While a device's detail view is open: follows the device's items (`realtime.device$`, which
 * holds its detailed stream until the view closes) and keeps its query-cached details, requests
 * and event history live.
 */
export function useLiveDevice(deviceId: string): void {
  const queries = useQueryClient();
  useEffect(() => {
    // One hold of the device's stream for the three followers.
    const items = realtime.device$(deviceId).pipe(share());
    const stops = [
      followDevice(realtime, queries, deviceId, items),
      followRequests(realtime, queries, deviceId, items),
      followEvents(realtime, queries, deviceId, items),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [deviceId, queries]);
}
