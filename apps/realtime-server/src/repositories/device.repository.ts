import type {
  AttributeValues,
  Device,
  DeviceListQuery,
  DeviceRegistration,
  DeviceStatus,
  DeviceType,
  Page,
  Vendor,
} from '@farola/protocol';
import type { Queryable } from '../db/database';
import { Conditions, decodeCursor, encodeCursor, iso, isoOrNull, likePattern } from './rows';

/** What the ingest path needs to know about a device without touching the database. */
export interface DeviceIndexEntry {
  id: string;
  serialNumber: string;
  projectId: string;
  deviceType: DeviceType;
  vendor: Vendor;
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

interface DeviceRow {
  id: string;
  serial_number: string;
  device_type: DeviceType;
  vendor: Vendor;
  project_id: string;
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
  connected_at: Date | null;
  disconnected_at: Date | null;
  last_connection_at: Date | null;
  created_at: Date;
  attributes: AttributeValues;
  attributes_updated_at: Date | null;
  sort_key: string;
}

function toDevice(row: DeviceRow): Device {
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
    latitude: row.latitude,
    longitude: row.longitude,
    fixedLocation: row.fixed_location,
    installationDate: isoOrNull(row.installation_date),
    connected: row.connected,
    connectedAt: isoOrNull(row.connected_at),
    disconnectedAt: isoOrNull(row.disconnected_at),
    lastConnectionAt: isoOrNull(row.last_connection_at),
    createdAt: iso(row.created_at),
    attributes: row.attributes,
    attributesUpdatedAt: isoOrNull(row.attributes_updated_at),
  };
}

const SORTS = {
  serialNumber: { column: 'serial_number', type: 'text' },
  name: { column: 'name', type: 'text' },
  createdAt: { column: 'created_at', type: 'timestamptz' },
} as const;

function addFilters(filters: Conditions, query: DeviceListQuery, visible: readonly string[]): void {
  filters.add(`project_id = ANY(${filters.param(visible)}::uuid[])`);
  if (query.projectId) filters.add(`project_id = ANY(${filters.param(query.projectId)}::uuid[])`);
  if (query.deviceType) filters.add(`device_type = ANY(${filters.param(query.deviceType)}::text[])`);
  if (query.vendor) filters.add(`vendor = ANY(${filters.param(query.vendor)}::text[])`);
  if (query.status) filters.add(`status = ANY(${filters.param(query.status)}::text[])`);
  if (query.connected !== undefined) filters.add(`connected = ${filters.param(query.connected)}`);
  if (query.bbox) {
    const [west, south, east, north] = query.bbox.map((value) => filters.param(value));
    filters.add(`longitude BETWEEN ${west} AND ${east} AND latitude BETWEEN ${south} AND ${north}`);
  }
  if (query.q) {
    const pattern = filters.param(likePattern(query.q));
    filters.add(`(serial_number ILIKE ${pattern} OR name ILIKE ${pattern} OR reference ILIKE ${pattern})`);
  }
}

export class DeviceRepository {
  constructor(private readonly db: Queryable) {}

  async loadIndex(): Promise<DeviceIndexEntry[]> {
    const rows = await this.db.query<DeviceRow>(
      'SELECT id, serial_number, project_id, device_type, vendor FROM devices',
    );
    return rows.map((row) => ({
      id: row.id,
      serialNumber: row.serial_number,
      projectId: row.project_id,
      deviceType: row.device_type,
      vendor: row.vendor,
    }));
  }

  /** Registers a device announced over MQTT; a concurrent registration of the same serial wins. */
  async register(
    serialNumber: string,
    registration: DeviceRegistration,
    projectId: string,
    connection: { connected: boolean; ts: string },
  ): Promise<DeviceIndexEntry> {
    const rows = await this.db.query<DeviceRow>(
      `INSERT INTO devices (serial_number, device_type, vendor, project_id, status, name, imei, ip, model_number,
         firmware_version, latitude, longitude, connected, connected_at, disconnected_at, last_connection_at)
       VALUES ($1, $2, $3, $4, 'ready', $5, $6, $7, $8, $9, $10, $11, $12,
         CASE WHEN $12 THEN $13::timestamptz END, CASE WHEN NOT $12 THEN $13::timestamptz END,
         CASE WHEN $12 THEN $13::timestamptz END)
       ON CONFLICT (serial_number) DO UPDATE SET serial_number = EXCLUDED.serial_number
       RETURNING id, serial_number, project_id, device_type, vendor`,
      [
        serialNumber,
        registration.deviceType,
        registration.vendor,
        projectId,
        registration.name ?? serialNumber,
        registration.imei ?? null,
        registration.ip ?? null,
        registration.modelNumber ?? null,
        registration.firmwareVersion ?? null,
        registration.latitude ?? null,
        registration.longitude ?? null,
        connection.connected,
        connection.ts,
      ],
    );
    const row = rows[0]!;
    return {
      id: row.id,
      serialNumber: row.serial_number,
      projectId: row.project_id,
      deviceType: row.device_type,
      vendor: row.vendor,
    };
  }

  async get(id: string, visible: readonly string[]): Promise<Device | null> {
    const rows = await this.db.query<DeviceRow>(
      "SELECT *, '' AS sort_key FROM devices WHERE id = $1 AND project_id = ANY($2::uuid[])",
      [id, visible],
    );
    return rows[0] ? toDevice(rows[0]) : null;
  }

  /** Filtered list with a keyset cursor on (sort column, id), so pages never skip or repeat a device. */
  async list(query: DeviceListQuery, visible: readonly string[]): Promise<Page<Device>> {
    const filters = new Conditions();
    addFilters(filters, query, visible);
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM devices ${filters.where()}`,
      filters.params,
    );
    const sortName = (query.sort ?? 'serialNumber').replace(/^-/, '') as keyof typeof SORTS;
    const { column, type } = SORTS[sortName];
    const descending = query.sort?.startsWith('-') ?? false;
    if (query.cursor) {
      const [key, id] = decodeCursor(query.cursor, 2);
      const comparison = descending ? '<' : '>';
      filters.add(`(${column}, id) ${comparison} (${filters.param(key)}::${type}, ${filters.param(id)}::uuid)`);
    }
    const order = descending ? 'DESC' : 'ASC';
    const rows = await this.db.query<DeviceRow>(
      `SELECT *, ${column}::text AS sort_key FROM devices ${filters.where()}
       ORDER BY ${column} ${order}, id ${order} LIMIT ${query.limit + 1}`,
      filters.params,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toDevice),
      nextCursor: rows.length > query.limit && last ? encodeCursor([last.sort_key, last.id]) : null,
      total: total[0]?.n ?? 0,
    };
  }

  /**
   * Merges reported values into many devices in one statement. Location, firmware and model
   * are also copied into their columns, which lists filter and sort on.
   */
  async applyAttributes(writes: readonly AttributeWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await this.db.query(
      `UPDATE devices d SET
         attributes = d.attributes || w.values,
         attributes_updated_at = GREATEST(d.attributes_updated_at, w.ts),
         latitude = COALESCE((w.values->>'latitude')::double precision, d.latitude),
         longitude = COALESCE((w.values->>'longitude')::double precision, d.longitude),
         firmware_version = COALESCE(w.values->>'firmwareVersion', d.firmware_version),
         model_number = COALESCE(w.values->>'modelNumber', d.model_number)
       FROM jsonb_to_recordset($1::jsonb) AS w(id uuid, values jsonb, ts timestamptz)
       WHERE d.id = w.id`,
      [JSON.stringify(writes)],
    );
  }

  async applyConnections(writes: readonly ConnectionWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await this.db.query(
      `UPDATE devices d SET
         connected = w.connected,
         connected_at = CASE WHEN w.connected THEN w.ts ELSE d.connected_at END,
         disconnected_at = CASE WHEN w.connected THEN d.disconnected_at ELSE w.ts END,
         last_connection_at = CASE WHEN w.connected THEN w.ts ELSE d.last_connection_at END
       FROM jsonb_to_recordset($1::jsonb) AS w(id uuid, connected boolean, ts timestamptz)
       WHERE d.id = w.id`,
      [JSON.stringify(writes)],
    );
  }
}
