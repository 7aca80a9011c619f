import {
  FleetColumnsSchema,
  FleetListSchema,
  type Device,
  type FleetColumns,
  type FleetDevice,
  type FleetList,
} from '@farola/protocol';
import { apiGet } from './client';

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
 * moment of the read (`GET /fleet/columns`).
 */
export function fetchFleetColumns(): Promise<FleetColumns> {
  return apiGet('fleet/columns', FleetColumnsSchema);
}

/**
 * The listed devices, compact, in one `GET /fleet?deviceId=…&deviceId=…` (at most
 * FLEET_DEVICE_IDS_MAX ids); devices the server does not show are left out.
 */
export function fetchFleetDevices(deviceIds: readonly string[]): Promise<FleetList> {
  return apiGet('fleet', FleetListSchema, { deviceId: deviceIds });
}
