import {
  FleetColumnsSchema,
  FleetDrawingSchema,
  fleetIdentitiesSchema,
  FleetListSchema,
  type Device,
  type FleetColumns,
  type FleetDevice,
  type FleetDrawing,
  type FleetList,
} from '@farola/protocol';
import { answerOf, apiGet, apiUrl, headers, readJson, responseOf, type ReadAnswer } from './client';
import { readFleetBody } from './fleet-body';
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

/** JSON of UTF-8 bytes; undefined when it is not JSON. */
function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/** `GET /fleet/columns` read in two steps: what the map draws, then the whole with the identities. */
export interface FleetColumnsAnswer {
  /** Every column but the identities, checked: what the map draws and counts (FleetStore.preview). */
  drawing: FleetDrawing;
  /** The whole fleet: the identities parsed and checked now (at 100,000 devices, a few hundred milliseconds). */
  whole: () => Promise<FleetColumns>;
}

/**
 * Every device the user may see, compact and in columns, with the fleet streams' positions at the
 * moment of the read (`GET /fleet/columns`); the answer to a prefetch when one is waiting.
 */
export async function fetchFleetColumns(): Promise<FleetColumnsAnswer> {
  const url = apiUrl(FLEET_COLUMNS_PATH);
  // The map asks for the fleet before the code that reads it has loaded (prefetchFleetColumns).
  const response = await (takeFleetColumnsPrefetch() ?? responseOf(fetch(url, { headers: headers(false) })));
  const answer = (body: unknown): Promise<ReadAnswer> => Promise.resolve({ response, body });
  const wholeAnswer = async (body: unknown): Promise<FleetColumnsAnswer> => {
    const whole = await answerOf(url, answer(body), FleetColumnsSchema);
    return { drawing: whole, whole: () => Promise.resolve(whole) };
  };
  if (!response.ok || !response.body) return wholeAnswer(await readJson(response));
  // The identities (three quarters of the answer at 100,000 devices) are read and parsed only when asked for.
  const { drawing: drawingJson, identities } = await readFleetBody(response.body);
  const first = parseJson(drawingJson);
  if (!identities) return wholeAnswer(first);
  const drawing = FleetDrawingSchema.safeParse(first);
  if (!drawing.success) {
    // Not what the map draws: the two parts make the whole answer.
    return wholeAnswer({ ...(first as object), ...(parseJson(await identities()) as object) });
  }
  const identitiesSchema = fleetIdentitiesSchema(drawing.data.count);
  return {
    drawing: drawing.data,
    whole: async () => ({
      ...drawing.data,
      ...(await answerOf(url, answer(parseJson(await identities())), identitiesSchema)),
    }),
  };
}

/**
 * The listed devices, compact, in one `GET /fleet?deviceId=…&deviceId=…` (at most
 * FLEET_DEVICE_IDS_MAX ids); devices the server does not show are left out.
 */
export function fetchFleetDevices(deviceIds: readonly string[]): Promise<FleetList> {
  return apiGet('fleet', FleetListSchema, { deviceId: deviceIds });
}
