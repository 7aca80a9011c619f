import { z } from 'zod';
import { AttributeValuesSchema } from './attributes';
import { DeviceListKindSchema, DeviceStatusSchema, InstallationFailureRecordSchema } from './lifecycle';
import { PageQuerySchema } from './pagination';
import { IsoDateTimeSchema, SerialNumberSchema, text } from './primitives';
import { DeviceTypeSchema, VendorSchema } from './vendors';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

export { SerialNumberSchema } from './primitives';

/** Longest name a device may carry. */
export const DEVICE_NAME_MAX_LENGTH = 120;

/**
 * A device's name as a user or a device gives it: trimmed, 1–120 characters. Unique per device kind,
 * whatever its case ('Light point name {error} already exists', '{error} name of the cabinet
 * controller already exists'): the database's unique index on the kind and the lower-cased name decides.
 */
export const DeviceNameSchema = text().trim().min(1).max(DEVICE_NAME_MAX_LENGTH);

/** Longest luminaire serial number, luminaire type, bracket type or driver a device may carry. */
export const LUMINAIRE_FIELD_MAX_LENGTH = 60;
const luminaireField = () => text().trim().max(LUMINAIRE_FIELD_MAX_LENGTH);

/** The luminaire and hardware fields a user records on a device (spec §3 'Luminaire and hardware'). */
export const LUMINAIRE_FIELDS = ['luminaireSerialNumber', 'luminaireType', 'bracketType', 'driver'] as const;
export type LuminaireField = (typeof LUMINAIRE_FIELDS)[number];

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
  /** The luminaire the controller sits on, as recorded by a user; unique across the system when set. */
  luminaireSerialNumber: luminaireField().nullable().default(null),
  luminaireType: luminaireField().nullable().default(null),
  bracketType: luminaireField().nullable().default(null),
  driver: luminaireField().nullable().default(null),
  latitude: latitude.nullable(),
  longitude: longitude.nullable(),
  fixedLocation: z.boolean(),
  /**
   * The day the device went into operation, as 00:00 UTC of that day (a calendar day, not an
   * instant: `2026-03-01T00:00:00.000Z` is 1 March wherever it is read): the day its installation
   * ended DONE, the day a `resetInstallation` it completed chose, or, at its first registration,
   * the day it reports as its installation (else the day it registered). Null while it has never
   * been in operation.
   */
  installationDate: IsoDateTimeSchema.nullable(),
  /** Set while its last installation failed and nobody retried or moved it out (status `installation`). */
  installationFailure: InstallationFailureRecordSchema.nullable().default(null),
  connected: z.boolean(),
  /** Disabled for good ('Disable devices', spec §4): credentials revoked, every command refused. */
  disabled: z.boolean(),
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
 * `PATCH /devices/{id}`: what a user edits on a device, at least one of the fields. `name` renames it
 * (a name another device of its kind carries, in any case, is refused with 409); `fixedLocation`
 * on keeps the stored position when the device reports another; `notes` replaces the notes ('' clears them);
 * the luminaire fields replace the recorded luminaire serial number, luminaire type, bracket type and
 * driver ('' clears one; a luminaire serial number another device carries is refused).
 *
 * @example
 * DeviceEditSchema.parse({ name: 'Carrer de Aribau 13' });
 * DeviceEditSchema.parse({ fixedLocation: true });
 * DeviceEditSchema.parse({ notes: 'Pole repainted in May' });
 * DeviceEditSchema.parse({ luminaireSerialNumber: 'LUM-2231', driver: 'Tridonic LC 40W' });
 */
export const DeviceEditSchema = z
  .strictObject({
    name: DeviceNameSchema.optional(),
    fixedLocation: z.boolean().optional(),
    notes: text().max(DEVICE_NOTES_MAX_LENGTH).optional(),
    luminaireSerialNumber: luminaireField().optional(),
    luminaireType: luminaireField().optional(),
    bracketType: luminaireField().optional(),
    driver: luminaireField().optional(),
  })
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type DeviceEdit = z.infer<typeof DeviceEditSchema>;

/** A list filter: the parameter repeated (`?status=a&status=b`), comma-separated (`?status=a,b`), or both. */
export const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' || Array.isArray(value)
        ? [value].flat().flatMap((part) => (typeof part === 'string' ? part.split(',').filter(Boolean) : [part]))
        : value,
    z.array(item).min(1).max(500),
  );
const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');
/** A date (`2026-05-01`, the whole day in UTC) or an ISO date-time with its zone. */
const dateBound = z.union([z.iso.date(), IsoDateTimeSchema]);

/**
 * The filters of the inventory lists, shared by `GET /devices` and `GET /devices/export.csv`.
 * `q` matches serial number, name and reference; `bbox` is `west,south,east,north`;
 * `installedFrom`/`installedTo` bound the installation date and `createdFrom`/`createdTo` the
 * creation date (a date alone means that whole day, both ends included); `list` narrows to the
 * statuses of the Inventory or Maintenance list (`DEVICE_LIST_STATUSES`), and combines with `status`.
 * `groupId` keeps the devices of one group: for a project's default group, its devices put in no other.
 */
export const DeviceFilterSchema = z.object({
  q: text().trim().max(200).optional(),
  deviceType: csv(DeviceTypeSchema).optional(),
  vendor: csv(VendorSchema).optional(),
  status: csv(DeviceStatusSchema).optional(),
  projectId: csv(z.uuid()).optional(),
  groupId: z.uuid().optional(),
  connected: booleanString.optional(),
  disabled: booleanString.optional(),
  list: DeviceListKindSchema.optional(),
  installedFrom: dateBound.optional(),
  installedTo: dateBound.optional(),
  createdFrom: dateBound.optional(),
  createdTo: dateBound.optional(),
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
export type DeviceFilter = z.infer<typeof DeviceFilterSchema>;

/**
 * `GET /devices` query: paging (`limit` up to 500 items per page, keyset `cursor`) plus the
 * inventory filters. List filters accept repeated or comma-separated values.
 *
 * @example
 * GET /devices?list=maintenance&deviceType=light-point-controller&installedFrom=2026-01-01&limit=100
 */
export const DeviceListQuerySchema = PageQuerySchema.extend(DeviceFilterSchema.shape);
export type DeviceListQuery = z.infer<typeof DeviceListQuerySchema>;

/**
 * `GET /devices/ids` query: the list's filters and order, without paging (every matching device,
 * up to `BULK_DEVICES_MAX`; the answer is `MatchingDeviceIdsSchema`).
 */
export const DeviceIdsQuerySchema = DeviceFilterSchema;
export type DeviceIdsQuery = DeviceFilter;
