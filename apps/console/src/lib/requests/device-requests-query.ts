import type { QueuedRequest } from '@farola/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query/query-client';
import { keepNewerRequests } from '@/lib/requests/request-list';
import { fetchDeviceRequests } from '@/lib/requests/requests-api';

/** The query of a device's recent requests, shared by its list and the live updates that patch it. */
export function deviceRequestsQuery(queries: QueryClient, deviceId: string) {
  const queryKey = queryKeys.deviceRequests(deviceId);
  return {
    queryKey,
    queryFn: async (): Promise<QueuedRequest[]> =>
      keepNewerRequests((await fetchDeviceRequests(deviceId)).items, queries.getQueryData<QueuedRequest[]>(queryKey)),
  };
}
