import { z } from 'zod';
import { type DeviceStatus, DeviceStatusSchema } from './lifecycle';
import { SerialNumberSchema, text } from './primitives';
import { type DeviceType, DeviceTypeSchema, type Vendor, VendorSchema } from './vendors';

/** At most this many `deviceId`s in one `GET /fleet` or one `subscribe`. */
export const FLEET_DEVICE_IDS_MAX = 500;

/**
 * What the map, the counters and the lists need of every device, and nothing more: the compact
 * state the `fleet:<projectId>` stream keeps current. `on` is the switched state (a light point's
 * `poweredOn`, a cabinet with any output on), null until the device reported it; `alarm` says
 * whether the device has an active alarm.
 */
export const FleetStateSchema = z.object({
  deviceId: z.uuid(),
  projectId: z.uuid(),
  connected: z.boolean(),
  on: z.boolean().nullable(),
  alarm: z.boolean(),
  status: DeviceStatusSchema,
});
export type FleetState = z.infer<typeof FleetStateSchema>;

/** One device of `GET /fleet`: its compact state plus what identifies and places it. */
export const FleetDeviceSchema = FleetStateSchema.extend({
  serialNumber: SerialNumberSchema,
  name: z.string().max(120),
  deviceType: DeviceTypeSchema,
  vendor: VendorSchema,
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});
export type FleetDevice = z.infer<typeof FleetDeviceSchema>;

const repeated = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item).max(max));

/**
 * `GET /fleet` query: every device the user may see, or those of one project, or the listed
 * `deviceId`s (repeat the parameter), optionally filtered by `q` (serial number or name).
 */
export const FleetListQuerySchema = z.object({
  projectId: z.uuid().optional(),
  deviceId: repeated(z.uuid(), FLEET_DEVICE_IDS_MAX).optional(),
  q: text().trim().max(200).optional(),
});
export type FleetListQuery = z.infer<typeof FleetListQuerySchema>;

/**
 * `GET /fleet` answer. `streams` holds the position of each `fleet:` stream at the moment of the
 * read: a client applies only `FleetStateUpdated` items with a greater `seq`.
 */
export const FleetListSchema = z.object({
  items: z.array(FleetDeviceSchema),
  streams: z.record(z.string(), z.number().int().min(0)),
});
export type FleetList = z.infer<typeof FleetListSchema>;

/** Bits of `FleetColumns.flags`: one small integer per device. */
export const FLEET_FLAG = {
  /** The device is connected. */
  connected: 1,
  /** The device is switched on (meaningful only with `onKnown`). */
  on: 2,
  /** The device has reported its switched state (`on` is not null). */
  onKnown: 4,
  /** The device has an active alarm. */
  alarm: 8,
} as const;

/** Decimal places of `FleetColumns` coordinates: ~0.1 m, finer than any GPS fix. */
export const FLEET_COORDINATE_DECIMALS = 6;

/** A packed coordinate (degrees × 10^FLEET_COORDINATE_DECIMALS) that says the position is unknown. */
export const FLEET_UNKNOWN_COORDINATE = -(2 ** 31);

/** `GET /fleet/columns` query: every device the user may see, or those of one project. */
export const FleetColumnsQuerySchema = z.object({ projectId: z.uuid().optional() });
export type FleetColumnsQuery = z.infer<typeof FleetColumnsQuerySchema>;

/** A text column of `FleetColumnsWire`: checked in one loop, not element by element through zod (slow at 100,000). */
const textColumn = (description: string) =>
  z
    .custom<string[]>((value) => Array.isArray(value) && value.every((item) => typeof item === 'string'), {
      message: 'Expected an array of strings',
    })
    .meta({ type: 'array', items: { type: 'string' }, description });

const packedColumn = (description: string) =>
  z.string().meta({ format: 'byte', description: `${description}, base64 of little-endian values` });

/**
 * `GET /fleet/columns` as it travels: the same fleet as `GET /fleet`, one column per field, so
 * that a city of 100,000 devices travels in a few megabytes and is read without a value per
 * device to parse. Element `i` of every column describes device `i`. Text columns are arrays;
 * numeric columns are packed, base64 of little-endian binary: `kind`, `vendor`, `status` and
 * `flags` one byte per device, `project` four (unsigned), `latitude` and `longitude` four each
 * (signed: degrees × 10^FLEET_COORDINATE_DECIMALS, FLEET_UNKNOWN_COORDINATE when unknown).
 * `kind`, `vendor`, `status` and `project` index the lookup tables `kinds`, `vendors`, `statuses`
 * and `projects`; `flags` packs connected, on and alarm (FLEET_FLAG).
 *
 * The server sends the identity columns (`deviceId`, `serialNumber`, `name`: most of the bytes)
 * last, after a space (`fleetColumnsJson`), so that a client may read what it draws first and the
 * identities after (`splitFleetColumns`); a reader that parses the whole object is not concerned.
 */
export const FleetColumnsWireSchema = z.object({
  count: z.number().int().min(0),
  deviceId: textColumn('Device ids'),
  serialNumber: textColumn('Serial numbers'),
  name: textColumn('Names'),
  kinds: z.array(DeviceTypeSchema),
  kind: packedColumn('Codes into `kinds`, 1 byte each'),
  vendors: z.array(VendorSchema),
  vendor: packedColumn('Codes into `vendors`, 1 byte each'),
  statuses: z.array(DeviceStatusSchema),
  status: packedColumn('Codes into `statuses`, 1 byte each'),
  projects: z.array(z.uuid()),
  project: packedColumn('Codes into `projects`, unsigned 32-bit each'),
  latitude: packedColumn('Latitudes in millionths of a degree, signed 32-bit each (-2^31: unknown)'),
  longitude: packedColumn('Longitudes in millionths of a degree, signed 32-bit each (-2^31: unknown)'),
  flags: packedColumn('FLEET_FLAG bits, 1 byte each'),
  streams: z.record(z.string(), z.number().int().min(0)),
});
export type FleetColumnsWire = z.infer<typeof FleetColumnsWireSchema>;

/** The identity columns of `GET /fleet/columns`, the last of the answer. */
export const FLEET_IDENTITY_COLUMNS = ['deviceId', 'serialNumber', 'name'] as const;

/** The fleet of `GET /fleet/columns`, unpacked into typed arrays: what the map's store takes in. */
export interface FleetColumns {
  count: number;
  deviceId: string[];
  serialNumber: string[];
  name: string[];
  kinds: DeviceType[];
  kind: Uint8Array;
  vendors: Vendor[];
  vendor: Uint8Array;
  statuses: DeviceStatus[];
  status: Uint8Array;
  projects: string[];
  project: Uint32Array;
  /** Degrees; NaN when unknown. */
  latitude: Float64Array;
  longitude: Float64Array;
  flags: Uint8Array;
  streams: Record<string, number>;
}

if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
  // Packed columns are little-endian and read through typed arrays, which use the platform's order.
  throw new Error('FleetColumns need a little-endian platform');
}

const COORDINATE_SCALE = 10 ** FLEET_COORDINATE_DECIMALS;

type Base64Codec = { toBase64(this: Uint8Array): string };
type Base64Decoder = { fromBase64?: (text: string) => Uint8Array };

function bytesOf(array: Uint8Array | Uint32Array | Int32Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** Base64 of bytes, where the platform has no faster way (the server passes Buffer's). */
export function toBase64(bytes: Uint8Array): string {
  const native = (bytes as unknown as Partial<Base64Codec>).toBase64;
  if (native) return native.call(bytes);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The bytes of a base64 text; throws on a text that is not base64. */
function fromBase64(text: string): Uint8Array {
  const native = (Uint8Array as unknown as Base64Decoder).fromBase64;
  if (native) return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The columns of `FleetColumns` that change only when devices join or leave the fleet read. */
export type FleetMembersColumns = Pick<
  FleetColumns,
  'count' | 'deviceId' | 'serialNumber' | 'name' | 'kinds' | 'kind' | 'vendors' | 'vendor' | 'projects' | 'project'
>;
/** The columns of `FleetColumns` that follow the devices' state. */
export type FleetStateColumns = Pick<
  FleetColumns,
  'statuses' | 'status' | 'latitude' | 'longitude' | 'flags' | 'streams'
>;
type Encode = (bytes: Uint8Array) => string;

/** Packs the members' columns for the wire (`encode`: the platform's fastest base64, Buffer's on the server). */
export function encodeFleetMembers(columns: FleetMembersColumns, encode: Encode = toBase64) {
  return {
    count: columns.count,
    kinds: columns.kinds,
    kind: encode(columns.kind),
    vendors: columns.vendors,
    vendor: encode(columns.vendor),
    projects: columns.projects,
    project: encode(bytesOf(columns.project)),
    // The identity columns last (FLEET_IDENTITY_COLUMNS).
    deviceId: columns.deviceId,
    serialNumber: columns.serialNumber,
    name: columns.name,
  } satisfies Partial<FleetColumnsWire>;
}

/** Packs the state columns for the wire. */
export function encodeFleetState(columns: FleetStateColumns, encode: Encode = toBase64) {
  const coordinates = (degrees: Float64Array) => {
    const packed = new Int32Array(degrees.length);
    for (let i = 0; i < degrees.length; i += 1) {
      const value = degrees[i]!;
      packed[i] = Number.isNaN(value) ? FLEET_UNKNOWN_COORDINATE : Math.round(value * COORDINATE_SCALE);
    }
    return encode(bytesOf(packed));
  };
  return {
    statuses: columns.statuses,
    status: encode(columns.status),
    latitude: coordinates(columns.latitude),
    longitude: coordinates(columns.longitude),
    flags: encode(columns.flags),
    streams: columns.streams,
  } satisfies Partial<FleetColumnsWire>;
}

/** Packs a whole fleet for the wire, in the server's order: the state, the members, the identities last. */
export function encodeFleetColumns(columns: FleetColumns, encode: Encode = toBase64): FleetColumnsWire {
  return { ...encodeFleetState(columns, encode), ...encodeFleetMembers(columns, encode) };
}

/** What is wrong with a packed fleet, and in which column. */
class FleetColumnsIssue extends Error {
  constructor(
    readonly column: string,
    message: string,
  ) {
    super(message);
  }
}

/** Every column of `FleetColumns` but the identities: what the map draws and counts. */
export type FleetDrawing = Omit<FleetColumns, (typeof FLEET_IDENTITY_COLUMNS)[number]>;
/** The identity columns of `FleetColumns`. */
export type FleetIdentities = Pick<FleetColumns, (typeof FLEET_IDENTITY_COLUMNS)[number]>;

/** Unpacks a fleet (all but its identities) from the wire; throws a FleetColumnsIssue on the first column that is wrong. */
function decodeFleetDrawing(wire: FleetDrawingWire): FleetDrawing {
  const { count } = wire;
  const unpack = (key: keyof FleetDrawingWire, width: number): ArrayBuffer => {
    let bytes: Uint8Array;
    try {
      bytes = fromBase64(wire[key] as string);
    } catch {
      throw new FleetColumnsIssue(key, 'Expected base64');
    }
    if (bytes.length !== count * width) throw new FleetColumnsIssue(key, `Expected ${count} values`);
    // A buffer of its own, aligned for 32-bit views.
    return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? (bytes.buffer as ArrayBuffer)
      : (bytes.slice().buffer as ArrayBuffer);
  };
  const codes = <T extends Uint8Array | Uint32Array>(
    key: 'kind' | 'vendor' | 'status' | 'project',
    table: 'kinds' | 'vendors' | 'statuses' | 'projects',
    values: T,
  ): T => {
    const size = wire[table].length;
    for (const value of values) if (value >= size) throw new FleetColumnsIssue(key, `Codes must index ${table}`);
    return values;
  };
  const degrees = (key: 'latitude' | 'longitude', limit: number): Float64Array => {
    const packed = new Int32Array(unpack(key, 4));
    const values = new Float64Array(count);
    const bound = limit * COORDINATE_SCALE;
    for (let i = 0; i < count; i += 1) {
      const value = packed[i]!;
      if (value === FLEET_UNKNOWN_COORDINATE) values[i] = Number.NaN;
      else if (value >= -bound && value <= bound) values[i] = value / COORDINATE_SCALE;
      else throw new FleetColumnsIssue(key, `Expected degrees from -${limit} to ${limit}`);
    }
    return values;
  };
  const flags = new Uint8Array(unpack('flags', 1));
  if (flags.some((value) => value > 15)) throw new FleetColumnsIssue('flags', 'Expected flags from 0 to 15');
  return {
    ...wire,
    kind: codes('kind', 'kinds', new Uint8Array(unpack('kind', 1))),
    vendor: codes('vendor', 'vendors', new Uint8Array(unpack('vendor', 1))),
    status: codes('status', 'statuses', new Uint8Array(unpack('status', 1))),
    project: codes('project', 'projects', new Uint32Array(unpack('project', 4))),
    latitude: degrees('latitude', 90),
    longitude: degrees('longitude', 180),
    flags,
  };
}

/** Throws a FleetColumnsIssue when an identity column does not hold `count` values. */
function checkIdentities(wire: FleetIdentities, count: number): FleetIdentities {
  for (const key of FLEET_IDENTITY_COLUMNS) {
    if (wire[key].length !== count) throw new FleetColumnsIssue(key, `Expected ${count} values`);
  }
  return wire;
}

/** Runs a decoder inside a zod transform: a FleetColumnsIssue becomes an issue on its column. */
function decodeIn<W, T>(decode: (wire: W) => T) {
  return (wire: W, ctx: z.RefinementCtx): T => {
    try {
      return decode(wire);
    } catch (error) {
      if (!(error instanceof FleetColumnsIssue)) throw error;
      ctx.addIssue({ code: 'custom', path: [error.column], message: error.message });
      return z.NEVER;
    }
  };
}

const FleetDrawingWireSchema = FleetColumnsWireSchema.omit({ deviceId: true, serialNumber: true, name: true });
type FleetDrawingWire = z.infer<typeof FleetDrawingWireSchema>;
const FleetIdentitiesWireSchema = FleetColumnsWireSchema.pick({ deviceId: true, serialNumber: true, name: true });

/**
 * `GET /fleet/columns` read and unpacked into typed arrays: every column checked in one loop (its
 * length, codes inside their table, flags, coordinates in range), with an issue naming the first
 * column that is wrong.
 */
export const FleetColumnsSchema = FleetColumnsWireSchema.transform(
  decodeIn((wire): FleetColumns => ({ ...checkIdentities(wire, wire.count), ...decodeFleetDrawing(wire) })),
);

/** The answer's columns without the identities (`splitFleetColumns`' first part), checked as FleetColumnsSchema checks them. */
export const FleetDrawingSchema = FleetDrawingWireSchema.transform(decodeIn(decodeFleetDrawing));

/** The identity columns (`splitFleetColumns`' second part) of a fleet of `count` devices. */
export const fleetIdentitiesSchema = (count: number) =>
  FleetIdentitiesWireSchema.transform(decodeIn((wire) => checkIdentities(wire, count)));

/** Where `GET /fleet/columns` cuts in two: a space, then the identity columns (a text value cannot hold it: its quotes would be escaped). */
const IDENTITIES_CUT = new TextEncoder().encode(` ,"${FLEET_IDENTITY_COLUMNS[0]}":[`);
/** The length of the cut that `fleetCutOf` finds. */
export const FLEET_CUT_LENGTH = IDENTITIES_CUT.length;

/**
 * The JSON of a packed fleet as the server writes it: every column but the identities, then a
 * space and the identity columns, which `splitFleetColumns` cuts apart without copying.
 */
export function fleetColumnsJson(wire: FleetColumnsWire): string {
  const { deviceId, serialNumber, name, ...drawing } = wire;
  return `${JSON.stringify(drawing).slice(0, -1)}${fleetIdentitiesJson({ deviceId, serialNumber, name })}`;
}

/** The end of `fleetColumnsJson`'s layout: the cut (a space, a comma) and the identity columns, then `}`. */
export function fleetIdentitiesJson(identities: Pick<FleetColumnsWire, (typeof FLEET_IDENTITY_COLUMNS)[number]>) {
  return ` ,${JSON.stringify(identities).slice(1)}`;
}

/**
 * Cuts the bytes of a `GET /fleet/columns` answer (UTF-8 JSON laid out as `fleetColumnsJson`
 * writes it) in place into two JSON objects: every column but the identities (FleetDrawingSchema),
 * and the identities (fleetIdentitiesSchema). The space before the identities becomes the first
 * object's end and their comma the second's start: the bytes are changed, nothing is copied. Null
 * for an answer laid out otherwise (read it whole).
 */
export function splitFleetColumns(bytes: Uint8Array): { drawing: Uint8Array; identities: Uint8Array } | null {
  const at = fleetCutOf(bytes);
  return at < 0 ? null : cutFleetColumns(bytes, at);
}

/** The offset in `bytes` (part of a `GET /fleet/columns` answer) of the cut before the identities, or -1. */
export function fleetCutOf(bytes: Uint8Array): number {
  for (let at = bytes.indexOf(IDENTITIES_CUT[0]!); at >= 0; at = bytes.indexOf(IDENTITIES_CUT[0]!, at + 1)) {
    if (IDENTITIES_CUT.every((byte, i) => bytes[at + i] === byte)) return at;
  }
  return -1;
}

/** Cuts `bytes` in place at `at` (`fleetCutOf`): `splitFleetColumns` for an answer read in parts. */
export function cutFleetColumns(bytes: Uint8Array, at: number): { drawing: Uint8Array; identities: Uint8Array } {
  bytes[at] = 0x7d; // }
  bytes[at + 1] = 0x7b; // {
  return { drawing: bytes.subarray(0, at + 1), identities: bytes.subarray(at + 1) };
}
