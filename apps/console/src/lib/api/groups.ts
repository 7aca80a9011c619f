import { DeviceGroupSchema, pageSchema, type DeviceGroup } from '@farola/protocol';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query/query-client';
import { apiGetEveryPage } from './client';

const GroupPageSchema = pageSchema(DeviceGroupSchema);

/** Every group the caller sees, in every visible project (each with its default group), following the pages. */
export function fetchAllGroups(): Promise<DeviceGroup[]> {
  return apiGetEveryPage('groups', GroupPageSchema);
}

/** Every group the caller sees (cached under `queryKeys.allGroups`); `enabled: false` waits until needed. */
export function useAllGroups({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ queryKey: queryKeys.allGroups, queryFn: fetchAllGroups, enabled });
  return { groups: query.data ?? [], isLoading: query.isPending };
}
