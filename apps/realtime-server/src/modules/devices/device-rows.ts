import {
  type AttributeValues,
  type Device,
  DEVICE_LIST_STATUSES,
  type DeviceFilter,
  type DeviceStatus,
  type DeviceType,
  type ErrorCode,
  type LuminaireField,
  type Vendor,
} from '@farola/protocol';
import { z } from 'zod';
import { type Conditions, iso, isoKey, isoOrNull, likePattern, type ProjectScope } from '../../db/rows';
import type { DeviceIndexEntry } from './device.repository';
import type { BoundDeviceCondition } from './list-filters';

/** How the devices table's rows read and turn into API devices and index entries. */

export interface DeviceRow {
  id: string;
  serial_number: string;
  device_type: DeviceType;
  vendor: Vendor;
  project_id: string;
  gateway_id: string | null;
  status: DeviceStatus;
  name: string;
  imei: string | null;
  ip: string | null;
  reference: string | null;
  category: string | null;
  model_number: string | null;
  firmware_version: string | null;
  latitude: number | null;
  longitude: number | null;
  fixed_location: boolean;
  installation_date: Date | null;
  connected: boolean;
  disabled: boolean;
  connected_at: Date | null;
  disconnected_at: Date | null;
  last_connection_at: Date | null;
  created_at: Date;
  attributes: AttributeValues;
  attributes_updated_at: Date | null;
  notes: string | null;
  notes_updated_at: Date | null;
  notes_updated_by: string | null;
  luminaire_serial_number: string | null;
  luminaire_type: string | null;
  bracket_type: string | null;
  driver: string | null;
  installation_failure: ErrorCode | null;
  installation_failed_at: Date | null;
  sort_key: string;
}

/** The luminaire fields of `PATCH /devices/{id}` and their columns. */
export const LUMINAIRE_COLUMNS = [
  ['luminaireSerialNumber', 'luminaire_serial_number'],
  ['luminaireType', 'luminaire_type'],
  ['bracketType', 'bracket_type'],
  ['driver', 'driver'],
] as const satisfies readonly (readonly [LuminaireField, string])[];

/** The unique index behind 'Luminaire serial number {error} already exists' (migration 017). */
export const LUMINAIRE_SERIAL_INDEX = 'devices_luminaire_serial_number';
/** The unique index behind '… name … already exists': a device kind and a name in any case (migration 020). */
export const NAME_INDEX = 'devices_name_per_type';

export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    serialNumber: row.serial_number,
    deviceType: row.device_type,
    vendor: row.vendor,
    projectId: row.project_id,
    status: row.status,
    name: row.name,
    imei: row.imei,
    ip: row.ip,
    reference: row.reference,
    category: row.category,
    modelNumber: row.model_number,
    firmwareVersion: row.firmware_version,
    luminaireSerialNumber: row.luminaire_serial_number,
    luminaireType: row.luminaire_type,
    bracketType: row.bracket_type,
    driver: row.driver,
    latitude: row.latitude,
    longitude: row.longitude,
    fixedLocation: row.fixed_location,
    installationDate: isoOrNull(row.installation_date),
    installationFailure:
      row.installation_failure === null || row.installation_failed_at === null
        ? null
        : { code: row.installation_failure, at: iso(row.installation_failed_at) },
    connected: row.connected,
    disabled: row.disabled,
    connectedAt: isoOrNull(row.connected_at),
    disconnectedAt: isoOrNull(row.disconnected_at),
    lastConnectionAt: isoOrNull(row.last_connection_at),
    createdAt: iso(row.created_at),
    attributes: row.attributes,
    attributesUpdatedAt: isoOrNull(row.attributes_updated_at),
    notes:
      row.notes === null || row.notes_updated_at === null
        ? null
        : { text: row.notes, updatedAt: iso(row.notes_updated_at), updatedBy: row.notes_updated_by ?? '' },
  };
}

/** Each sort's column, its key as text in the cursor, and the cursor key's shape. */
export const SORTS = {
  serialNumber: { column: 'serial_number', type: 'text', key: 'serial_number', keySchema: z.string() },
  name: { column: 'name', type: 'text', key: 'name', keySchema: z.string() },
  createdAt: { column: 'created_at', type: 'timestamptz', key: isoKey('created_at'), keySchema: z.iso.datetime() },
} as const;

/** A date alone bounds the whole day (UTC): from its start, or up to the start of the next day. */
function lowerBound(value: string): string {
  return value.length === 10 ? `${value}T00:00:00Z` : value;
}
function upperBound(value: string): { at: string; inclusive: boolean } {
  if (value.length !== 10) return { at: value, inclusive: true };
  const next = new Date(`${value}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { at: next.toISOString(), inclusive: false };
}

function addRange(filters: Conditions, column: string, from: string | undefined, to: string | undefined): void {
  if (from) filters.add(`${column} >= ${filters.param(lowerBound(from))}::timestamptz`);
  if (to) {
    const { at, inclusive } = upperBound(to);
    filters.add(`${column} ${inclusive ? '<=' : '<'} ${filters.param(at)}::timestamptz`);
  }
}

/**
 * The inventory filters as SQL conditions (shared by the list, the CSV export and bulk selections),
 * with those another module contributed (`DeviceListFilters`), already checked for the caller.
 */
export function addDeviceFilters(
  filters: Conditions,
  query: DeviceFilter,
  visible: ProjectScope,
  contributed: readonly BoundDeviceCondition[] = [],
): void {
  filters.inScope('project_id', visible);
  for (const condition of contributed) condition(filters);
  if (query.projectId) filters.add(`project_id = ANY(${filters.param(query.projectId)}::uuid[])`);
  if (query.deviceType) filters.add(`device_type = ANY(${filters.param(query.deviceType)}::text[])`);
  if (query.vendor) filters.add(`vendor = ANY(${filters.param(query.vendor)}::text[])`);
  if (query.status) filters.add(`status = ANY(${filters.param(query.status)}::text[])`);
  if (query.list) filters.add(`status = ANY(${filters.param(DEVICE_LIST_STATUSES[query.list])}::text[])`);
  if (query.connected !== undefined) filters.add(`connected = ${filters.param(query.connected)}`);
  if (query.disabled !== undefined) filters.add(`disabled = ${filters.param(query.disabled)}`);
  addRange(filters, 'installation_date', query.installedFrom, query.installedTo);
  addRange(filters, 'created_at', query.createdFrom, query.createdTo);
  if (query.bbox) {
    const [west, south, east, north] = query.bbox.map((value) => filters.param(value));
    filters.add(`longitude BETWEEN ${west} AND ${east} AND latitude BETWEEN ${south} AND ${north}`);
  }
  if (query.q) {
    const pattern = filters.param(likePattern(query.q));
    filters.add(`(serial_number ILIKE ${pattern} OR name ILIKE ${pattern} OR reference ILIKE ${pattern})`);
  }
}

export type IndexRow = Pick<
  DeviceRow,
  | 'id'
  | 'serial_number'
  | 'project_id'
  | 'gateway_id'
  | 'device_type'
  | 'vendor'
  | 'name'
  | 'status'
  | 'latitude'
  | 'longitude'
  | 'disabled'
>;

export const INDEX_COLUMNS =
  'id, serial_number, project_id, gateway_id, device_type, vendor, name, status, latitude, longitude, disabled';

/** What the index knows of a device beyond its row: nothing yet for one just provisioned or registered. */
export type LiveFields = Pick<
  DeviceIndexEntry,
  'connection' | 'switchedOn' | 'remoteManagementDisabled' | 'attributesAt'
>;
const NOT_REPORTED: LiveFields = {
  connection: undefined,
  switchedOn: null,
  remoteManagementDisabled: false,
  attributesAt: null,
};

/**
 * A device's index entry, every field set in one object literal in one order. Entries made by
 * spreading the row and adding the live fields were read about twenty times slower by a pass over
 * the whole fleet (`GET /fleet/columns`: 0.3–0.4 s for 100,000 devices instead of ~20 ms).
 */
export function indexEntry(row: IndexRow, live: LiveFields = NOT_REPORTED): DeviceIndexEntry {
  return {
    id: row.id,
    serialNumber: row.serial_number,
    projectId: row.project_id,
    gatewayId: row.gateway_id,
    deviceType: row.device_type,
    vendor: row.vendor,
    name: row.name,
    status: row.status,
    latitude: row.latitude,
    longitude: row.longitude,
    disabled: row.disabled,
    connection: live.connection,
    switchedOn: live.switchedOn,
    remoteManagementDisabled: live.remoteManagementDisabled,
    attributesAt: live.attributesAt,
  };
}
