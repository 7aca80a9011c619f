import type { DeviceEvent } from '@farola/protocol';
import { queryKeys } from '@/lib/query/query-client';
import { useCursorList, type CursorPages } from '@/lib/query/use-cursor-list';
import { fetchDeviceEvents } from './api';

export type EventPages = CursorPages<DeviceEvent>;

/** Live events (oldest first) on top of a loaded history; a history not loaded yet is left alone. */
export function prependEvents(history: EventPages | undefined, events: readonly DeviceEvent[]): EventPages | undefined {
  const [first, ...rest] = history?.pages ?? [];
  if (!history || !first || events.length === 0) return history;
  return { ...history, pages: [{ ...first, items: [...[...events].reverse(), ...first.items] }, ...rest] };
}

/** The device's event history, newest first: the first page when shown, the next with `showMore`. */
export function useEventHistory(deviceId: string) {
  return useCursorList({
    queryKey: queryKeys.deviceEvents(deviceId),
    fetchPage: (cursor) => fetchDeviceEvents(deviceId, cursor),
    // Read again on every opening: live events while the tab was closed were not recorded.
    staleTime: 0,
  });
}
