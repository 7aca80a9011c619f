import type { DeviceType } from '@farola/protocol';
import { queryKeys } from '@/lib/query/query-client';
import { useCursorList } from '@/lib/query/use-cursor-list';
import { fetchDevicePage } from './api';
import { devicesQuery, type InventoryFilters } from './list-filters';
import { useLiveRows } from './use-live-rows';

/** An inventory list: its first page, the next with `showMore`, in the server's stable order. */
export function useDeviceList(deviceType: DeviceType, filters: InventoryFilters) {
  const query = devicesQuery(deviceType, filters);
  useLiveRows(queryKeys.deviceList(query));
  const list = useCursorList({
    queryKey: queryKeys.deviceList(query),
    fetchPage: (cursor) => fetchDevicePage(query, cursor),
    // The previous filter's rows stay while the next one loads, instead of a flash of nothing.
    keepPrevious: true,
    staleTime: 0,
  });
  return { query, list };
}
