import type { Device } from '@farola/protocol';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '@/lib/api/api-error';
import { fetchDevice } from '@/lib/api/devices';
import { queryKeys } from '@/lib/query/query-client';

export type DeviceLookup =
  | { state: 'loading' }
  | { state: 'found'; device: Device }
  | { state: 'notFound' }
  | { state: 'failed'; error: unknown };

const NOT_FOUND_CODES = new Set(['DEVICE_NOT_FOUND', 'NOT_FOUND', 'INVALID_ID']);
const DeviceIdSchema = z.uuid();

const isNotFound = (error: unknown) => error instanceof ApiError && NOT_FOUND_CODES.has(error.code);

/**
 * The device of the detail view, from the query cache (`GET /devices/:id`), which
 * `useLiveDevice` keeps current. Ids that are not UUIDs are not found without asking the server.
 */
export function useDevice(deviceId: string): DeviceLookup {
  const isValidId = DeviceIdSchema.safeParse(deviceId).success;
  const query = useQuery({
    queryKey: queryKeys.device(deviceId),
    queryFn: () => fetchDevice(deviceId),
    enabled: isValidId,
    // Live updates keep it current while open; a new opening reads it again.
    staleTime: 0,
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
  if (!isValidId) return { state: 'notFound' };
  if (query.data) return { state: 'found', device: query.data };
  if (query.isError) return isNotFound(query.error) ? { state: 'notFound' } : { state: 'failed', error: query.error };
  return { state: 'loading' };
}
