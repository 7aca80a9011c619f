import { z } from 'zod';
import { AttributeValuesSchema } from './attributes';
import { DeviceStatusSchema } from './lifecycle';
import { PageQuerySchema } from './pagination';
import { IsoDateTimeSchema, SerialNumberSchema, text } from './primitives';
import { DeviceTypeSchema, VendorSchema } from './vendors';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

export { SerialNumberSchema } from './primitives';

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
});
export type Device = z.infer<typeof DeviceSchema>;

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
