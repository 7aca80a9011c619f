import { ERRORS, type Device } from '@farola/protocol';
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

const NOT_FOUND_CODES = new Set(['DEVICE_NOT_FOUND', 'NOT_FOUND']);
const DeviceIdSchema = z.uuid();
/** What the server answers for a malformed id (spec §8 'Invalid ID supplied'), known without asking it. */
const INVALID_ID = new ApiError(400, 'INVALID_ID', ERRORS.INVALID_ID.message);

const isNotFound = (error: unknown) => error instanceof ApiError && NOT_FOUND_CODES.has(error.code);
const isFinal = (error: unknown) => isNotFound(error) || (error instanceof ApiError && error.code === 'INVALID_ID');

/**
 * The device of the detail view, from the query cache (`GET /devices/:id`), which
 * `useLiveDevice` keeps current. An id that is not a UUID fails with 'Invalid ID supplied' without
 * asking the server; a well-formed one that no device has is not found.
 */
export function useDevice(deviceId: string): DeviceLookup {
  const isValidId = DeviceIdSchema.safeParse(deviceId).success;
  const query = useQuery({
    queryKey: queryKeys.device(deviceId),
    queryFn: () => fetchDevice(deviceId),
    enabled: isValidId,
    // Live updates keep it current while open; a new opening reads it again.
    staleTime: 0,
    retry: (failures, error) => !isFinal(error) && failures < 1,
  });
  if (!isValidId) return { state: 'failed', error: INVALID_ID };
  if (query.data) return { state: 'found', device: query.data };
  if (query.isError) return isNotFound(query.error) ? { state: 'notFound' } : { state: 'failed', error: query.error };
  return { state: 'loading' };
}
