import {
  type AttributeValues,
  type Device,
  type DeviceEdit,
  type DeviceFilter,
  type DeviceListQuery,
  type DeviceRegistration,
  type DeviceStatus,
  type DeviceType,
  type Page,
  type Vendor,
} from '@farola/protocol';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { Conditions, decodeCursor, encodeCursor, isoOrNull, isUniqueViolation, type ProjectScope } from '../../db/rows';
import {
  addDeviceFilters,
  type DeviceRow,
  INDEX_COLUMNS,
  indexEntry,
  type IndexRow,
  LUMINAIRE_COLUMNS,
  LUMINAIRE_SERIAL_INDEX,
  NAME_INDEX,
  SORTS,
  toDevice,
} from './device-rows';
import type { BoundDeviceCondition } from './list-filters';

export { addDeviceFilters } from './device-rows';

/** What the ingest path needs to know about a device without touching the database. */
export interface DeviceIndexEntry {
  id: string;
  serialNumber: string;
  projectId: string;
  deviceType: DeviceType;
  vendor: Vendor;
  /** The gateway the device speaks through, or null when it connects on its own. */
  gatewayId: string | null;
  /**
   * The device's last known connection state: stored when the index was loaded, then kept current
   * by `DeviceIndex.setConnection`; undefined until one is known (a device just registered).
   */
  connection?: KnownConnection | undefined;
  /** What the compact fleet state (`GET /fleet`, `FleetStateUpdated`) shows besides the live state. */
  name: string;
  status: DeviceStatus;
  latitude: number | null;
  longitude: number | null;
  /** Switched on or off as last reported (`poweredOn`, or any cabinet output on), null when never reported. */
  switchedOn: boolean | null;
  /** The device last reported `remoteManagementEnabled: false`: it refuses every command. */
  remoteManagementDisabled: boolean;
  /** Disabled for good ('Disable devices'): its messages are ignored and every command refused. */
  disabled: boolean;
  /** When the stored attributes were reported, so that an older report does not override them. */
  attributesAt: string | null;
}

/** Whether a device is connected, and since when (ISO-8601, null when never reported). */
export interface KnownConnection {
  connected: boolean;
  since: string | null;
}

export interface AttributeWrite {
  id: string;
  values: AttributeValues;
  ts: string;
}

export interface ConnectionWrite {
  id: string;
  connected: boolean;
  ts: string;
}

/** One device announced over MQTT, for `activateMany`. */
export interface RegistrationWrite {
  serialNumber: string;
  registration: DeviceRegistration;
}

/** One device to provision, for `provisionMany`. */
export interface ProvisionWrite {
  serialNumber: string;
  deviceType: DeviceType;
  vendor: Vendor;
  projectId: string;
  name: string;
  gatewayId: string | null;
}

export class DeviceRepository {
  constructor(private readonly db: Queryable) {}

  async loadIndex(): Promise<DeviceIndexEntry[]> {
    const rows = await this.db.query<
      DeviceRow & { connection_since: Date | null; switched_on: boolean | null; remote_management_disabled: boolean }
    >(
      `SELECT ${INDEX_COLUMNS}, connected, attributes_updated_at, GREATEST(connected_at, disconnected_at) AS connection_since,
         COALESCE(attributes->>'remoteManagementEnabled' = 'false', false) AS remote_management_disabled,
         CASE WHEN jsonb_typeof(attributes->'poweredOn') = 'boolean' THEN (attributes->>'poweredOn')::boolean
           WHEN jsonb_typeof(attributes->'outputs') = 'array' THEN EXISTS (
             SELECT 1 FROM jsonb_array_elements(attributes->'outputs') AS output WHERE output->>'on' = 'true')
         END AS switched_on
       FROM devices`,
    );
    return rows.map((row) =>
      indexEntry(row, {
        connection: { connected: row.connected, since: isoOrNull(row.connection_since) },
        switchedOn: row.switched_on,
        remoteManagementDisabled: row.remote_management_disabled,
        attributesAt: isoOrNull(row.attributes_updated_at),
      }),
    );
  }

  /**
   * Provisions and registers one device in `projectId` (which must exist), as the device would be
   * by `POST /devices` and its first announcement: a fixture for tests of what follows registration.
   */
  async register(
    serialNumber: string,
    registration: DeviceRegistration,
    projectId: string,
    connection: { connected: boolean; ts: string },
  ): Promise<DeviceIndexEntry> {
    const { deviceType, vendor } = registration;
    const name = registration.name ?? serialNumber;
    await this.provisionMany([{ serialNumber, deviceType, vendor, projectId, name, gatewayId: null }]);
    const [device] = await this.activateMany([{ serialNumber, registration }]);
    await this.applyConnections([{ id: device!.id, connected: connection.connected, ts: connection.ts }]);
    return device!;
  }

  /**
   * Inserts devices in `provisioned` status; one whose serial number exists, or whose name another
   * device of its kind carries (in any case), is left out: the unique indexes decide, so two
   * concurrent calls cannot both take a serial number or a name. Returns the devices inserted, in
   * no particular order (`bySerials` tells which of the others lost their serial number).
   */
  async provisionMany(writes: readonly ProvisionWrite[]): Promise<DeviceIndexEntry[]> {
    if (writes.length === 0) return [];
    const rows = await this.db.query<IndexRow>(
      `INSERT INTO devices (serial_number, device_type, vendor, project_id, gateway_id, status, name)
       SELECT r.serial_number, r.device_type, r.vendor, r.project_id, r.gateway_id, 'provisioned', r.name
       FROM jsonb_to_recordset($1::jsonb) AS r(serial_number text, device_type text, vendor text, project_id uuid,
         gateway_id text, name text)
       ORDER BY r.serial_number
       ON CONFLICT DO NOTHING
       RETURNING ${INDEX_COLUMNS}`,
      [
        JSON.stringify(
          writes.map((write) => ({
            serial_number: write.serialNumber,
            device_type: write.deviceType,
            vendor: write.vendor,
            project_id: write.projectId,
            gateway_id: write.gatewayId,
            name: write.name,
          })),
        ),
      ],
    );
    return rows.map((row) => indexEntry(row));
  }

  /** The devices of these serial numbers that exist, whatever their project. */
  async bySerials(serialNumbers: readonly string[]): Promise<DeviceIndexEntry[]> {
    if (serialNumbers.length === 0) return [];
    const rows = await this.db.query<IndexRow>(
      `SELECT ${INDEX_COLUMNS} FROM devices WHERE serial_number = ANY($1::text[])`,
      [serialNumbers],
    );
    return rows.map((row) => indexEntry(row));
  }

  /**
   * Records many devices' MQTT registrations in one statement. Only a provisioned device of the
   * announced kind and vendor family registers: it leaves the inventory (`provisioned` becomes
   * `ready`, dated: the installation day it announces, else today (UTC); any later status stays) and
   * takes the identity it announces (IMEI, IP, model, firmware, position) where the announcement
   * has it. Returns, in the order of `writes`, each
   * device, or null for a serial number not provisioned as announced: no row is ever created here.
   */
  async activateMany(writes: readonly RegistrationWrite[]): Promise<(DeviceIndexEntry | null)[]> {
    if (writes.length === 0) return [];
    const rows = await this.db.query<IndexRow>(
      `UPDATE devices d SET
         status = CASE WHEN d.status = 'provisioned' THEN 'ready' ELSE d.status END,
         installation_date = CASE WHEN d.status = 'provisioned'
           THEN COALESCE(d.installation_date, r.installation_date::timestamp AT TIME ZONE 'UTC',
             date_trunc('day', now(), 'UTC'))
           ELSE d.installation_date END,
         imei = COALESCE(r.imei, d.imei), ip = COALESCE(r.ip, d.ip),
         model_number = COALESCE(r.model_number, d.model_number),
         firmware_version = COALESCE(r.firmware_version, d.firmware_version),
         latitude = COALESCE(r.latitude, d.latitude), longitude = COALESCE(r.longitude, d.longitude)
       FROM jsonb_to_recordset($1::jsonb) AS r(serial_number text, device_type text, vendor text, imei text, ip text,
         model_number text, firmware_version text, latitude double precision, longitude double precision,
         installation_date date)
       WHERE d.serial_number = r.serial_number AND d.device_type = r.device_type AND d.vendor = r.vendor
       RETURNING d.id, d.serial_number, d.project_id, d.gateway_id, d.device_type, d.vendor, d.name, d.status,
         d.latitude, d.longitude, d.disabled`,
      [
        JSON.stringify(
          writes.map(({ serialNumber, registration }) => ({
            serial_number: serialNumber,
            device_type: registration.deviceType,
            vendor: registration.vendor,
            imei: registration.imei ?? null,
            ip: registration.ip ?? null,
            model_number: registration.modelNumber ?? null,
            firmware_version: registration.firmwareVersion ?? null,
            latitude: registration.latitude ?? null,
            longitude: registration.longitude ?? null,
            installation_date: registration.installationDate ?? null,
          })),
        ),
      ],
    );
    const bySerial = new Map(rows.map((row) => [row.serial_number, row]));
    return writes.map(({ serialNumber }) => {
      const row = bySerial.get(serialNumber);
      return row ? indexEntry(row) : null;
    });
  }

  async get(id: string, visible: ProjectScope): Promise<Device | null> {
    const filters = new Conditions();
    filters.add(`id = ${filters.param(id)}`);
    filters.inScope('project_id', visible);
    const rows = await this.db.query<DeviceRow>(
      `SELECT *, '' AS sort_key FROM devices ${filters.where()}`,
      filters.params,
    );
    return rows[0] ? toDevice(rows[0]) : null;
  }

  /**
   * Applies a user's edit and records it in `device_edits`, in one statement; null when the device
   * is not in `visible`, `'luminaireSerialNumberExists'` when another device carries the luminaire
   * serial number, `'nameExists'` when another device of its kind carries the name in any case
   * (the unique indexes decide, so two concurrent edits cannot both take one).
   */
  async edit(
    id: string,
    visible: ProjectScope,
    edit: DeviceEdit,
    editedBy: string,
  ): Promise<Device | null | 'luminaireSerialNumberExists' | 'nameExists'> {
    const filters = new Conditions();
    filters.add(`id = ${filters.param(id)}`);
    filters.inScope('project_id', visible);
    const by = filters.param(editedBy);
    const sets: string[] = [];
    if (edit.name !== undefined) sets.push(`name = ${filters.param(edit.name)}`);
    if (edit.fixedLocation !== undefined) sets.push(`fixed_location = ${filters.param(edit.fixedLocation)}`);
    if (edit.notes !== undefined) {
      sets.push(`notes = ${filters.param(edit.notes === '' ? null : edit.notes)}`);
      sets.push(`notes_updated_at = now()`, `notes_updated_by = ${by}`);
    }
    for (const [field, column] of LUMINAIRE_COLUMNS) {
      const value = edit[field];
      if (value !== undefined) sets.push(`${column} = ${filters.param(value === '' ? null : value)}`);
    }
    const changes = filters.param(JSON.stringify(edit));
    try {
      const rows = await this.db.query<DeviceRow>(
        `WITH updated AS (UPDATE devices SET ${sets.join(', ')} ${filters.where()} RETURNING *),
              logged AS (INSERT INTO device_edits (device_id, changes, edited_by)
                         SELECT id, ${changes}::jsonb, ${by} FROM updated)
         SELECT *, '' AS sort_key FROM updated`,
        filters.params,
      );
      return rows[0] ? toDevice(rows[0]) : null;
    } catch (error) {
      if (isUniqueViolation(error, LUMINAIRE_SERIAL_INDEX)) return 'luminaireSerialNumberExists';
      if (isUniqueViolation(error, NAME_INDEX)) return 'nameExists';
      throw error;
    }
  }

  /**
   * Filtered list with a keyset cursor on (sort column, id), so pages never skip or repeat a device;
   * `contributed` are the conditions of filters other modules answer for (`DeviceListFilters`).
   */
  async list(
    query: DeviceListQuery,
    visible: ProjectScope,
    {
      contributed = [],
      countTotal = true,
    }: { contributed?: readonly BoundDeviceCondition[]; countTotal?: boolean } = {},
  ): Promise<Page<Device>> {
    const filters = new Conditions();
    addDeviceFilters(filters, query, visible, contributed);
    const total = countTotal
      ? await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices ${filters.where()}`, filters.params)
      : [];
    const sort = query.sort ?? 'serialNumber';
    const sortName = sort.replace(/^-/, '') as keyof typeof SORTS;
    const { column, type, key: keySql, keySchema } = SORTS[sortName];
    const descending = sort.startsWith('-');
    if (query.cursor) {
      const [key, id] = decodeCursor(query.cursor, sort, z.tuple([keySchema, z.guid()]));
      const comparison = descending ? '<' : '>';
      filters.add(`(${column}, id) ${comparison} (${filters.param(key)}::${type}, ${filters.param(id)}::uuid)`);
    }
    const order = descending ? 'DESC' : 'ASC';
    const rows = await this.db.query<DeviceRow>(
      `SELECT *, ${keySql}::text AS sort_key FROM devices ${filters.where()}
       ORDER BY ${column} ${order}, id ${order} LIMIT ${query.limit + 1}`,
      filters.params,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toDevice),
      nextCursor: rows.length > query.limit && last ? encodeCursor(sort, [last.sort_key, last.id]) : null,
      total: total[0]?.n ?? 0,
    };
  }

  /** Every matching device in the list's order, a keyset page at a time (the CSV export). */
  async *each(
    query: DeviceFilter,
    visible: ProjectScope,
    contributed: readonly BoundDeviceCondition[] = [],
    pageSize = 1000,
  ): AsyncGenerator<Device[]> {
    let cursor: string | undefined;
    do {
      const page = await this.list({ ...query, limit: pageSize, ...(cursor ? { cursor } : {}) }, visible, {
        contributed,
        countTotal: false,
      });
      if (page.items.length > 0) yield page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /**
   * The ids of the first `max` matching devices in the list's order, and how many match in all:
   * one statement, so the count and the ids come from the same snapshot.
   */
  async matchingIds(
    query: DeviceFilter,
    visible: ProjectScope,
    max: number,
    contributed: readonly BoundDeviceCondition[] = [],
  ): Promise<{ ids: string[]; total: number }> {
    const filters = new Conditions();
    addDeviceFilters(filters, query, visible, contributed);
    const sort = query.sort ?? 'serialNumber';
    const { column } = SORTS[sort.replace(/^-/, '') as keyof typeof SORTS];
    const order = sort.startsWith('-') ? 'DESC' : 'ASC';
    const rows = await this.db.query<{ id: string; total: number }>(
      `SELECT id, count(*) OVER ()::int AS total FROM devices ${filters.where()}
       ORDER BY ${column} ${order}, id ${order} LIMIT ${filters.param(max)}`,
      filters.params,
    );
    return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
  }

  /**
   * Merges reported values into many devices in one statement. A report older than the stored
   * values fills in only the keys they lack, so a late message never overwrites newer values.
   * Location, firmware and model are also copied into their columns, which lists filter and sort on.
   */
  async applyAttributes(writes: readonly AttributeWrite[]): Promise<void> {
    if (writes.length === 0) return;
    // A column keeps its stored value against an older report, and takes the newer one otherwise.
    const column = (name: string, key: string, cast = '') => {
      const reported = `(w.values->>'${key}')${cast}`;
      return `${name} = CASE WHEN w.newer THEN COALESCE(${reported}, d.${name}) ELSE COALESCE(d.${name}, ${reported}) END`;
    };
    await this.db.query(
      `UPDATE devices d SET
         attributes = CASE WHEN w.newer THEN d.attributes || w.values ELSE w.values || d.attributes END,
         attributes_updated_at = GREATEST(d.attributes_updated_at, w.ts),
         ${column('latitude', 'latitude', '::double precision')},
         ${column('longitude', 'longitude', '::double precision')},
         ${column('firmware_version', 'firmwareVersion')},
         ${column('model_number', 'modelNumber')}
       FROM (
         SELECT r.id, r.values, r.ts, x.attributes_updated_at IS NULL OR r.ts >= x.attributes_updated_at AS newer
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, values jsonb, ts timestamptz)
         JOIN devices x ON x.id = r.id
       ) AS w
       WHERE d.id = w.id`,
      [JSON.stringify(writes)],
    );
  }

  /** Records connection changes; one older than the device's last recorded change is left out. */
  async applyConnections(writes: readonly ConnectionWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await this.db.query(
      `UPDATE devices d SET
         connected = w.connected,
         connected_at = CASE WHEN w.connected THEN w.ts ELSE d.connected_at END,
         disconnected_at = CASE WHEN w.connected THEN d.disconnected_at ELSE w.ts END,
         last_connection_at = CASE WHEN w.connected THEN w.ts ELSE d.last_connection_at END
       FROM jsonb_to_recordset($1::jsonb) AS w(id uuid, connected boolean, ts timestamptz)
       WHERE d.id = w.id
         AND (GREATEST(d.connected_at, d.disconnected_at) IS NULL OR w.ts >= GREATEST(d.connected_at, d.disconnected_at))`,
      [JSON.stringify(writes)],
    );
  }
}
