import {
  FleetColumnsSchema,
  FleetListSchema,
  type Device,
  type FleetColumns,
  type FleetDevice,
  type FleetList,
} from '@farola/protocol';
import { answerOf, apiGet, apiUrl } from './client';
import { FLEET_COLUMNS_PATH, takeFleetColumnsPrefetch } from './fleet-prefetch';

/** A device's switched state as the server derives it for the fleet (light point: poweredOn; cabinet: any output on). */
export function switchedStateOf(attributes: Device['attributes']): boolean | null {
  if (attributes.poweredOn !== undefined) return attributes.poweredOn;
  if (attributes.outputs !== undefined) return attributes.outputs.some((output) => output.on);
  return null;
}

/** The compact fleet entry of a full device. */
export function toFleetDevice(device: Device): FleetDevice {
  return {
    deviceId: device.id,
    projectId: device.projectId,
    connected: device.connected,
    on: switchedStateOf(device.attributes),
    alarm: false,
    status: device.status,
    serialNumber: device.serialNumber,
    name: device.name,
    deviceType: device.deviceType,
    vendor: device.vendor,
    latitude: device.latitude,
    longitude: device.longitude,
  };
}

/**
 * Every device the user may see, compact and in columns, with the fleet streams' positions at the
 * moment of the read (`GET /fleet/columns`); the answer to a prefetch when one is waiting.
 */
export function fetchFleetColumns(): Promise<FleetColumns> {
  // The map asks for the fleet before the code that reads it has loaded (prefetchFleetColumns).
  const prefetched = takeFleetColumnsPrefetch();
  if (prefetched) return answerOf(apiUrl(FLEET_COLUMNS_PATH), prefetched, FleetColumnsSchema);
  return apiGet(FLEET_COLUMNS_PATH, FleetColumnsSchema);
}

/**
 * The listed devices, compact, in one `GET /fleet?deviceId=…&deviceId=…` (at most
 * FLEET_DEVICE_IDS_MAX ids); devices the server does not show are left out.
 */
export function fetchFleetDevices(deviceIds: readonly string[]): Promise<FleetList> {
  return apiGet('fleet', FleetListSchema, { deviceId: deviceIds });
}
