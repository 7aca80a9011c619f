import type { DeviceType } from '@farola/protocol';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query/query-client';
import { fetchDevicePage } from './api';
import { devicesQuery, type InventoryFilters } from './list-filters';
import { useLiveRows } from './use-live-rows';

/** An inventory list: its first page, the next with `showMore`, in the server's stable order. */
export function useDeviceList(deviceType: DeviceType, filters: InventoryFilters) {
  const query = devicesQuery(deviceType, filters);
  useLiveRows(queryKeys.deviceList(query));
  const list = useInfiniteQuery({
    queryKey: queryKeys.deviceList(query),
    queryFn: ({ pageParam }) => fetchDevicePage(query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The previous filter's rows stay while the next one loads, instead of a flash of nothing.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return {
    query,
    items: list.data?.pages.flatMap((page) => page.items) ?? [],
    total: list.data?.pages[0]?.total,
    hasMore: list.hasNextPage,
    isLoading: list.isPending || list.isFetchingNextPage,
    isFailed: list.isError,
    showMore: () => void list.fetchNextPage(),
    retry: () => void list.refetch(),
  };
}
