import { DeviceGroupSchema, PAGE_LIMIT_MAX, pageSchema, type DeviceGroup } from '@farola/protocol';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query/query-client';
import { apiGet } from './client';

const GroupPageSchema = pageSchema(DeviceGroupSchema);

/** Every group the caller sees, in every visible project (each with its default group), following the pages. */
export async function fetchAllGroups(): Promise<DeviceGroup[]> {
  const groups: DeviceGroup[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiGet('groups', GroupPageSchema, { limit: PAGE_LIMIT_MAX, cursor });
    groups.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return groups;
}

/** Every group the caller sees (cached under `queryKeys.allGroups`); `enabled: false` waits until needed. */
export function useAllGroups({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ queryKey: queryKeys.allGroups, queryFn: fetchAllGroups, enabled });
  return { groups: query.data ?? [], isLoading: query.isPending };
}
