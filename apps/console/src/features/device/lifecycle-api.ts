import {
  DeviceSchema,
  type Device,
  type DisableDeviceRequest,
  type LifecycleAction,
  type LifecycleMoveRequest,
} from '@farola/protocol';
import { apiPost } from '@/lib/api/client';

/** Moves the device through its lifecycle (`POST /devices/{id}/lifecycle`); answers it in its new status. */
export function moveLifecycle(deviceId: string, action: LifecycleAction): Promise<Device> {
  const body: LifecycleMoveRequest = { action };
  return apiPost(`devices/${encodeURIComponent(deviceId)}/lifecycle`, body, DeviceSchema);
}

/** Disables the device for good (`POST /devices/{id}/disable`). */
export function disableDevice(deviceId: string): Promise<Device> {
  const body: DisableDeviceRequest = { consequencesAccepted: true };
  return apiPost(`devices/${encodeURIComponent(deviceId)}/disable`, body, DeviceSchema);
}
