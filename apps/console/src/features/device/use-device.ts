import type { Device } from '@farola/protocol';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { ApiError } from '@/lib/api/api-error';
import { fetchDevice } from '@/lib/api/devices';
import { deviceAtomFamily } from '@/lib/realtime/fleet-atoms';

export type DeviceLookup =
  | { state: 'loading' }
  | { state: 'found'; device: Device }
  | { state: 'notFound' }
  | { state: 'failed'; error: unknown };

const NOT_FOUND_CODES = new Set(['DEVICE_NOT_FOUND', 'NOT_FOUND', 'INVALID_ID']);
const DeviceIdSchema = z.uuid();

/**
 * The device of the panel: the live one from the fleet atoms when the fleet has it, otherwise
 * fetched once by id (a link opened before the fleet finished loading). Ids that are not UUIDs
 * are not found without asking the server.
 */
export function useDevice(deviceId: string): DeviceLookup {
  const live = useAtomValue(deviceAtomFamily(deviceId));
  const isValidId = DeviceIdSchema.safeParse(deviceId).success;
  const [fetched, setFetched] = useState<{ id: string; lookup: DeviceLookup } | null>(null);
  const needsFetch = live === null && isValidId;

  useEffect(() => {
    if (!needsFetch) return;
    let active = true;
    fetchDevice(deviceId)
      .then((device) => active && setFetched({ id: deviceId, lookup: { state: 'found', device } }))
      .catch((error: unknown) => {
        if (!active) return;
        const notFound = error instanceof ApiError && NOT_FOUND_CODES.has(error.code);
        setFetched({ id: deviceId, lookup: notFound ? { state: 'notFound' } : { state: 'failed', error } });
      });
    return () => {
      active = false;
    };
  }, [deviceId, needsFetch]);

  if (live) return { state: 'found', device: live };
  if (!isValidId) return { state: 'notFound' };
  return fetched?.id === deviceId ? fetched.lookup : { state: 'loading' };
}
