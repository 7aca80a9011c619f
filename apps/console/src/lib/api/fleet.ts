import {
  DeviceSchema,
  FleetListSchema,
  PAGE_LIMIT_MAX,
  pageSchema,
  type Device,
  type FleetDevice,
  type FleetList,
} from '@farola/protocol';
import { ApiError } from './api-error';
import { apiGet } from './client';
import { fetchDevice } from './devices';

const DevicePageSchema = pageSchema(DeviceSchema);

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

function isMissingEndpoint(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.code !== 'DEVICE_NOT_FOUND';
}

/**
 * Servers from before the realtime contract have no `GET /fleet` (they answer 404): the console
 * then reads the fleet from `GET /devices`, as it did before. Loads are rare (start-up, resync,
 * newly registered devices), so the extra 404 is asked each time rather than remembered.
 */
async function withFallback<T>(fleet: () => Promise<T>, legacy: () => Promise<T>): Promise<T> {
  try {
    return await fleet();
  } catch (error) {
    if (!isMissingEndpoint(error)) throw error;
    return legacy();
  }
}

async function legacyFleet(): Promise<FleetList> {
  const items: FleetDevice[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiGet('devices', DevicePageSchema, { limit: PAGE_LIMIT_MAX, cursor });
    items.push(...page.items.map(toFleetDevice));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return { items, streams: {} };
}

/**
 * Every device the user may see, compact, with the fleet streams' positions at the moment of the
 * read (`GET /fleet`; from `GET /devices` on a server without it, then with no positions).
 */
export function fetchFleet(): Promise<FleetList> {
  return withFallback(() => apiGet('fleet', FleetListSchema), legacyFleet);
}

/**
 * The listed devices, compact, in one `GET /fleet?deviceId=…&deviceId=…` (at most
 * FLEET_DEVICE_IDS_MAX ids); devices the server does not show are left out.
 */
export function fetchFleetDevices(deviceIds: readonly string[]): Promise<FleetList> {
  return withFallback(
    () => apiGet('fleet', FleetListSchema, { deviceId: deviceIds }),
    async () => {
      const found = await Promise.allSettled(deviceIds.map((id) => fetchDevice(id)));
      const items = found.flatMap((result) => (result.status === 'fulfilled' ? [toFleetDevice(result.value)] : []));
      return { items, streams: {} };
    },
  );
}
