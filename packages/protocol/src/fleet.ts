import { z } from 'zod';
import { DeviceStatusSchema } from './lifecycle';
import { SerialNumberSchema, text } from './primitives';
import { DeviceTypeSchema, VendorSchema } from './vendors';

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

/** `GET /fleet/columns` query: every device the user may see, or those of one project. */
export const FleetColumnsQuerySchema = z.object({ projectId: z.uuid().optional() });
export type FleetColumnsQuery = z.infer<typeof FleetColumnsQuerySchema>;

/**
 * A per-device column of `FleetColumns`: an array whose every element passes `isItem`, checked in
 * one loop rather than element by element through zod (at 100,000 devices the ten columns took a
 * browser 300–500 ms that way, a tenth of a second per column of the map's first draw), and
 * documented as the array it is.
 */
function column<T>(isItem: (value: unknown) => boolean, items: Record<string, unknown>, expected: string) {
  return z
    .custom<T[]>((value) => Array.isArray(value) && value.every(isItem), {
      message: `Expected an array of ${expected}`,
    })
    .meta({ type: 'array', items });
}

const isCode = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const isCoordinate = (limit: number) => (value: unknown) =>
  value === null || (typeof value === 'number' && value >= -limit && value <= limit);
const stringColumn = () => column<string>((value) => typeof value === 'string', { type: 'string' }, 'strings');
const codeColumn = () => column<number>(isCode, { type: 'integer', minimum: 0 }, 'codes (integers from 0)');
const coordinateColumn = (limit: number) =>
  column<number | null>(
    isCoordinate(limit),
    { type: 'number', minimum: -limit, maximum: limit, nullable: true },
    `numbers from -${limit} to ${limit} or nulls`,
  );

/**
 * `GET /fleet/columns`: the same fleet as `GET /fleet`, one array per field so that the whole city
 * travels in a few megabytes and a client pours it straight into typed arrays. Element `i` of every
 * per-device array describes device `i`. `kind`, `vendor`, `status` and `project` are indexes into
 * the lookup tables `kinds`, `vendors`, `statuses` and `projects`; `flags` packs connected, on and
 * alarm (FLEET_FLAG); coordinates are rounded to FLEET_COORDINATE_DECIMALS, null when unknown.
 */
export const FleetColumnsSchema = z
  .object({
    count: z.number().int().min(0),
    deviceId: stringColumn(),
    serialNumber: stringColumn(),
    name: stringColumn(),
    kinds: z.array(DeviceTypeSchema),
    kind: codeColumn(),
    vendors: z.array(VendorSchema),
    vendor: codeColumn(),
    statuses: z.array(DeviceStatusSchema),
    status: codeColumn(),
    projects: z.array(z.uuid()),
    project: codeColumn(),
    latitude: coordinateColumn(90),
    longitude: coordinateColumn(180),
    flags: column<number>(
      (value) => isCode(value) && (value as number) <= 15,
      { type: 'integer', minimum: 0, maximum: 15 },
      'flags (integers from 0 to 15)',
    ),
    streams: z.record(z.string(), z.number().int().min(0)),
  })
  .superRefine((columns, ctx) => {
    const columnsOfDevices = [
      'deviceId',
      'serialNumber',
      'name',
      'kind',
      'vendor',
      'status',
      'project',
      'latitude',
      'longitude',
      'flags',
    ] as const;
    for (const key of columnsOfDevices) {
      if (columns[key].length !== columns.count)
        ctx.addIssue({ code: 'custom', path: [key], message: `Expected ${columns.count} values` });
    }
    const coded = [
      ['kind', 'kinds'],
      ['vendor', 'vendors'],
      ['status', 'statuses'],
      ['project', 'projects'],
    ] as const;
    for (const [key, table] of coded) {
      const size = columns[table].length;
      if (columns[key].some((value) => value >= size))
        ctx.addIssue({ code: 'custom', path: [key], message: `Codes must index ${table}` });
    }
  });
export type FleetColumns = z.infer<typeof FleetColumnsSchema>;
