import type { DeviceEvent, Page } from '@farola/protocol';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query/query-client';
import { fetchDeviceEvents } from './api';

export type EventPages = InfiniteData<Page<DeviceEvent>, string | undefined>;

/** Live events (oldest first) on top of a loaded history; a history not loaded yet is left alone. */
export function prependEvents(history: EventPages | undefined, events: readonly DeviceEvent[]): EventPages | undefined {
  const [first, ...rest] = history?.pages ?? [];
  if (!history || !first || events.length === 0) return history;
  return { ...history, pages: [{ ...first, items: [...[...events].reverse(), ...first.items] }, ...rest] };
}

/** The device's event history, newest first: the first page when shown, the next with `showMore`. */
export function useEventHistory(deviceId: string) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.deviceEvents(deviceId),
    queryFn: ({ pageParam }) => fetchDeviceEvents(deviceId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Read again on every opening: live events while the tab was closed were not recorded.
    staleTime: 0,
  });
  return {
    items: query.data?.pages.flatMap((page) => page.items) ?? [],
    hasMore: query.hasNextPage,
    isLoading: query.isPending || query.isFetchingNextPage,
    isFailed: query.isError,
    showMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}
