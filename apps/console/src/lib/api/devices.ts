import { DeviceSchema, type Device } from '@farola/protocol';
import { apiGet } from './client';

/**
 * One device by id, validated; shared by the fleet sync and the device panel.
 *
 * @example
 * const device = await fetchDevice(id);
 */
export function fetchDevice(deviceId: string): Promise<Device> {
  return apiGet(`devices/${encodeURIComponent(deviceId)}`, DeviceSchema);
}
