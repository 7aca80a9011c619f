import type { DeviceLifecycleChanged, DeviceStatus, LifecycleCause } from '@farola/protocol';
import type { DeviceEventPublisher } from '../../realtime/device-events';
import type { DeviceIndexEntry } from '../devices/contract';

/** Who changes a device, and within which bulk job (null for one device at a time). */
export interface ChangeOrigin {
  by: string | null;
  bulkJobId: string | null;
}

/** The server's own changes: nobody asked, outside any bulk job. */
export const BY_THE_SERVER: ChangeOrigin = { by: null, bulkJobId: null };

/** What a change set besides the status: the installation date, the installation failure (null: cleared). */
export type ChangeDetail = Pick<DeviceLifecycleChanged, 'installationDate' | 'installationFailure'>;

/**
 * Publishes a lifecycle change (already stored and in the device's index entry, by the devices
 * module) as `DeviceLifecycleChanged`: event history, the project's sockets, and the map through
 * the device's compact state.
 */
export function publishLifecycleChange(
  events: DeviceEventPublisher,
  device: DeviceIndexEntry,
  change: { cause: LifecycleCause; from: DeviceStatus; to: DeviceStatus; origin: ChangeOrigin; detail?: ChangeDetail },
): void {
  const { cause, from, to, origin, detail } = change;
  events.publish('DeviceLifecycleChanged', {
    deviceId: device.id,
    projectId: device.projectId,
    ts: new Date().toISOString(),
    cause,
    from,
    to,
    disabled: device.disabled,
    changedBy: origin.by,
    bulkJobId: origin.bulkJobId,
    ...detail,
  });
}
