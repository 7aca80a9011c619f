import { z } from 'zod';
import { AttributeValuesSchema } from './attributes';
import { DeviceStatusSchema } from './lifecycle';
import { PageQuerySchema } from './pagination';
import { IsoDateTimeSchema, SerialNumberSchema, text } from './primitives';
import { DeviceTypeSchema, VendorSchema } from './vendors';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

export { SerialNumberSchema } from './primitives';

/** Maximum length of a device's notes. */
export const DEVICE_NOTES_MAX_LENGTH = 4000;

/** A device's notes (spec §3 Organisation), with who wrote them last and when. */
export const DeviceNotesSchema = z.object({
  text: text().max(DEVICE_NOTES_MAX_LENGTH),
  updatedAt: IsoDateTimeSchema,
  updatedBy: text().max(200),
});
export type DeviceNotes = z.infer<typeof DeviceNotesSchema>;

/**
 * A device as the API returns it: common fields (spec §3) plus its latest attribute values.
 *
 * @example
 * { "id": "…", "serialNumber": "OR-LP-000001", "deviceType": "light-point-controller",
 *   "vendor": "orion", "projectId": "…", "status": "ready", "connected": true,
 *   "attributes": { "dimming": 70, "poweredOn": true } }
 */
export const DeviceSchema = z.object({
  id: z.uuid(),
  serialNumber: SerialNumberSchema,
  deviceType: DeviceTypeSchema,
  vendor: VendorSchema,
  projectId: z.uuid(),
  status: DeviceStatusSchema,
  name: text().max(120),
  imei: text().max(20).nullable(),
  ip: text().max(64).nullable(),
  reference: text().max(120).nullable(),
  category: text().max(60).nullable(),
  modelNumber: text().max(60).nullable(),
  firmwareVersion: text().max(40).nullable(),
  latitude: latitude.nullable(),
  longitude: longitude.nullable(),
  fixedLocation: z.boolean(),
  installationDate: IsoDateTimeSchema.nullable(),
  connected: z.boolean(),
  connectedAt: IsoDateTimeSchema.nullable(),
  disconnectedAt: IsoDateTimeSchema.nullable(),
  lastConnectionAt: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
  attributes: AttributeValuesSchema,
  attributesUpdatedAt: IsoDateTimeSchema.nullable(),
  /** Null until someone writes notes. */
  notes: DeviceNotesSchema.nullable().default(null),
});
export type Device = z.infer<typeof DeviceSchema>;

/**
 * `PATCH /devices/{id}`: what a user edits on a device, at least one of the fields. `fixedLocation`
 * on keeps the stored position when the device reports another; `notes` replaces the notes ('' clears them).
 *
 * @example
 * DeviceEditSchema.parse({ fixedLocation: true });
 * DeviceEditSchema.parse({ notes: 'Pole repainted in May' });
 */
export const DeviceEditSchema = z
  .strictObject({
    fixedLocation: z.boolean().optional(),
    notes: text().max(DEVICE_NOTES_MAX_LENGTH).optional(),
  })
  .refine((edit) => edit.fixedLocation !== undefined || edit.notes !== undefined, {
    message: 'Nothing to change',
  });
export type DeviceEdit = z.infer<typeof DeviceEditSchema>;

const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), z.array(item).min(1));
const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * `GET /devices` query: paging plus filters. List filters accept comma-separated values.
 * `q` matches serial number, name and reference; `bbox` is `west,south,east,north`.
 */
export const DeviceListQuerySchema = PageQuerySchema.extend({
  deviceType: csv(DeviceTypeSchema).optional(),
  vendor: csv(VendorSchema).optional(),
  status: csv(DeviceStatusSchema).optional(),
  projectId: csv(z.uuid()).optional(),
  connected: booleanString.optional(),
  bbox: z
    .string()
    .transform((value) => value.split(',').map(Number))
    .pipe(
      z
        .tuple([longitude, latitude, longitude, latitude])
        .refine(([, south, , north]) => south <= north, 'The south edge must not lie north of the north edge'),
    )
    .optional(),
  sort: z.enum(['serialNumber', '-serialNumber', 'name', '-name', 'createdAt', '-createdAt']).optional(),
});
export type DeviceListQuery = z.infer<typeof DeviceListQuerySchema>;
