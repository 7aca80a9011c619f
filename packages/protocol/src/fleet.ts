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
