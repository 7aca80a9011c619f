import { z } from 'zod';
import { CsvLanguageSchema, type CsvLanguage, DEVICE_CSV_HEADERS } from './device-csv-headers';
import { DeviceFilterSchema, DeviceNameSchema, LUMINAIRE_FIELD_MAX_LENGTH } from './devices';
import { IsoDateTimeSchema, SerialNumberSchema, text } from './primitives';
import { DeviceTypeSchema, VENDOR_LABELS, type Vendor, VendorSchema } from './vendors';

/**
 * The columns of a device CSV: the import template's (what an import of devices or cabinet
 * controllers reads; `required` ones must hold a value) and, after them, those only an export
 * writes (what the server keeps itself: an import ignores them). An export therefore re-imports as
 * it is. Values: `deviceType` and `status` as their codes (`light-point-controller`, `ready`: the
 * same in every language), the vendor family by its name (`Orion`), the project by its path from
 * the top project the user sees (`Demo city / Old town`: names are unique under one parent),
 * the installation date as its day (`2021-04-12`), other dates ISO-8601, flags `true`/`false`.
 */
export const DEVICE_CSV_COLUMNS = [
  { key: 'serialNumber', use: 'required' },
  { key: 'name', use: 'required' },
  { key: 'deviceType', use: 'required' },
  { key: 'vendor', use: 'required' },
  { key: 'project', use: 'required' },
  { key: 'reference', use: 'optional' },
  { key: 'category', use: 'optional' },
  { key: 'imei', use: 'optional' },
  { key: 'ip', use: 'optional' },
  { key: 'luminaireSerialNumber', use: 'optional' },
  { key: 'luminaireType', use: 'optional' },
  { key: 'bracketType', use: 'optional' },
  { key: 'driver', use: 'optional' },
  { key: 'latitude', use: 'optional' },
  { key: 'longitude', use: 'optional' },
  { key: 'installationDate', use: 'optional' },
  { key: 'status', use: 'export' },
  { key: 'disabled', use: 'export' },
  { key: 'modelNumber', use: 'export' },
  { key: 'firmwareVersion', use: 'export' },
  { key: 'connected', use: 'export' },
  { key: 'lastConnectionAt', use: 'export' },
  { key: 'createdAt', use: 'export' },
  { key: 'id', use: 'export' },
] as const satisfies readonly { key: string; use: 'required' | 'optional' | 'export' }[];

export type DeviceCsvColumn = (typeof DEVICE_CSV_COLUMNS)[number]['key'];
export const DEVICE_CSV_COLUMN_KEYS: readonly DeviceCsvColumn[] = DEVICE_CSV_COLUMNS.map((column) => column.key);
/** The import template's columns, in order: an import reads these and ignores the others. */
export const DEVICE_IMPORT_COLUMNS: readonly DeviceCsvColumn[] = DEVICE_CSV_COLUMNS.filter(
  (column) => column.use !== 'export',
).map((column) => column.key);

/** The header row of a device CSV in one language, for `columns` (every column by default). */
export function deviceCsvHeaders(
  language: CsvLanguage,
  columns: readonly DeviceCsvColumn[] = DEVICE_CSV_COLUMN_KEYS,
): string[] {
  return columns.map((column) => DEVICE_CSV_HEADERS[language][column]);
}

/** A header as compared: no case, accents, byte-order mark, surrounding spaces or repeated spaces. */
function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const COLUMN_BY_HEADER = new Map<string, DeviceCsvColumn>(
  DEVICE_CSV_COLUMN_KEYS.flatMap((column) => [
    [headerKey(column), column] as const,
    ...CsvLanguageSchema.options.map((language) => [headerKey(DEVICE_CSV_HEADERS[language][column]), column] as const),
  ]),
);

/**
 * The column a header names, in any of the seven languages or as its key, whatever its case and
 * accents; null for a header of no column (an import reports it).
 *
 * @example
 * deviceCsvColumnOf('Número de serie'); // 'serialNumber'
 * deviceCsvColumnOf('  LATITUDINE '); // 'latitude'
 * deviceCsvColumnOf('deviceType'); // 'deviceType'
 * deviceCsvColumnOf('Colour'); // null
 */
export function deviceCsvColumnOf(header: string): DeviceCsvColumn | null {
  return COLUMN_BY_HEADER.get(headerKey(header)) ?? null;
}

/** What a spreadsheet would read as a formula: a text starting with = + - @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text value as written to a CSV cell that spreadsheets open: one that would start a formula
 * (`=HYPERLINK(…)`, `+1`, `-2+3`, `@SUM(…)`) gets a leading apostrophe, so it shows as the text it is
 * and runs nothing. `fromSpreadsheetCell` takes it off again.
 *
 * @example
 * spreadsheetSafe('=cmd|"/c calc"!A1'); // "'=cmd|\"/c calc\"!A1"
 * spreadsheetSafe('Carrer de Aribau 13'); // unchanged
 */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A CSV cell's text as it was before `spreadsheetSafe`. */
export function fromSpreadsheetCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A vendor family by its name or its code, whatever the case (`Orion`, `orion`). */
export function vendorOf(value: string): Vendor | null {
  const wanted = value.trim().toLowerCase();
  return (
    VendorSchema.options.find((vendor) => vendor === wanted || VENDOR_LABELS[vendor].toLowerCase() === wanted) ?? null
  );
}

/** An empty cell is no value. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
const cell = (max: number) => optional(text().trim().max(max));
const coordinate = (bound: number) => optional(z.coerce.number().min(-bound).max(bound));

/**
 * One row of a device import, by column (read with `deviceCsvColumnOf`, cells through
 * `fromSpreadsheetCell`); the export-only columns are ignored.
 *
 * @example
 * DeviceImportRowSchema.parse({ serialNumber: 'OR-LP-000001', name: 'Carrer de Aribau 13',
 *   deviceType: 'light-point-controller', vendor: 'Orion', project: 'Demo city', latitude: '41.39' });
 */
export const DeviceImportRowSchema = z.object({
  serialNumber: SerialNumberSchema,
  name: DeviceNameSchema,
  deviceType: DeviceTypeSchema,
  vendor: text().transform((value, ctx) => {
    const vendor = vendorOf(value);
    if (vendor === null) ctx.addIssue({ code: 'custom', message: `Unknown vendor family ${value}` });
    return vendor ?? z.NEVER;
  }),
  project: text().trim().min(1).max(500),
  reference: cell(120),
  category: cell(60),
  imei: cell(20),
  ip: cell(64),
  luminaireSerialNumber: cell(LUMINAIRE_FIELD_MAX_LENGTH),
  luminaireType: cell(LUMINAIRE_FIELD_MAX_LENGTH),
  bracketType: cell(LUMINAIRE_FIELD_MAX_LENGTH),
  driver: cell(LUMINAIRE_FIELD_MAX_LENGTH),
  latitude: coordinate(90),
  longitude: coordinate(180),
  installationDate: optional(z.union([z.iso.date(), IsoDateTimeSchema])),
});
export type DeviceImportRow = z.infer<typeof DeviceImportRowSchema>;

/**
 * `GET /devices/export.csv` query: the list's filters and order, without paging (every matching
 * device), and `lang`, the language of the header row (English when absent).
 */
export const DeviceExportQuerySchema = DeviceFilterSchema.extend({ lang: CsvLanguageSchema.optional() });
export type DeviceExportQuery = z.infer<typeof DeviceExportQuerySchema>;
