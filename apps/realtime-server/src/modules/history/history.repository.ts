import type { DeviceHistoryQuery, LogRecord, OutputLogRecord, Page } from '@farola/protocol';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { Conditions, decodeCursor, encodeCursor, iso, purgeBefore } from '../../db/rows';

/** History pages run oldest first only; the cursor names this order so it cannot be replayed against another. */
const OLDEST_FIRST = 'hour';
const CursorKeySchema = z.tuple([z.iso.datetime()]);

interface RecordRow {
  hour: Date;
  energy_kwh: number;
  operating_hours: number;
  on_share: number;
  dimming: number | null;
  outputs: OutputLogRecord[] | null;
}

function toRecord(row: RecordRow): LogRecord {
  return {
    hour: iso(row.hour),
    energy: row.energy_kwh,
    operatingHours: row.operating_hours,
    onShare: row.on_share,
    ...(row.dimming === null ? {} : { dimming: row.dimming }),
    ...(row.outputs === null ? {} : { outputs: row.outputs }),
  };
}

/** Devices' hourly records, one row per device and hour. */
export class HistoryRepository {
  constructor(private readonly db: Queryable) {}

  /** Deletes every device's records of the hours before `cutoff` (the retention), in batches; returns the count. */
  deleteOlderThan(cutoff: Date): Promise<number> {
    return purgeBefore(this.db, 'device_log_records', ['device_id', 'hour'], 'hour < $1', cutoff);
  }

  /** Forgets a device's records of the hours before `instant` (a reset installation). */
  async deleteBefore(deviceId: string, instant: string): Promise<number> {
    const rows = await this.db.query<{ count: string }>(
      `WITH gone AS (DELETE FROM device_log_records WHERE device_id = $1 AND hour < $2::timestamptz RETURNING 1)
       SELECT count(*) AS count FROM gone`,
      [deviceId, instant],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** The time zone the device last reported (`timezone`), or null. */
  async timeZoneOf(deviceId: string): Promise<string | null> {
    const rows = await this.db.query<{ tz: string | null }>(
      `SELECT attributes->>'timezone' AS tz FROM devices WHERE id = $1`,
      [deviceId],
    );
    return rows[0]?.tz ?? null;
  }

  /** Stores a page's records in one statement; an hour stored before takes the new values. */
  async upsert(deviceId: string, requestId: string, records: readonly LogRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.db.query(
      `INSERT INTO device_log_records (device_id, hour, energy_kwh, operating_hours, on_share, dimming, outputs, request_id)
       SELECT $1::uuid, r.hour, r.energy, r."operatingHours", r."onShare", r.dimming, r.outputs, $2::uuid
       FROM jsonb_to_recordset($3::jsonb) AS r(
         hour timestamptz, energy double precision, "operatingHours" double precision,
         "onShare" double precision, dimming double precision, outputs jsonb
       )
       ON CONFLICT (device_id, hour) DO UPDATE SET
         energy_kwh = EXCLUDED.energy_kwh,
         operating_hours = EXCLUDED.operating_hours,
         on_share = EXCLUDED.on_share,
         dimming = EXCLUDED.dimming,
         outputs = EXCLUDED.outputs,
         request_id = EXCLUDED.request_id,
         received_at = now()`,
      [deviceId, requestId, JSON.stringify(records)],
    );
  }

  /** A device's records whose hour starts in [from, to), oldest first, keyset on the hour. */
  async list(deviceId: string, query: DeviceHistoryQuery): Promise<Page<LogRecord>> {
    const filters = new Conditions();
    filters.add(`device_id = ${filters.param(deviceId)}`);
    if (query.from) filters.add(`hour >= ${filters.param(query.from)}::timestamptz`);
    if (query.to) filters.add(`hour < ${filters.param(query.to)}::timestamptz`);
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM device_log_records ${filters.where()}`,
      filters.params,
    );
    if (query.cursor) {
      const [after] = decodeCursor(query.cursor, OLDEST_FIRST, CursorKeySchema);
      filters.add(`hour > ${filters.param(after)}::timestamptz`);
    }
    const rows = await this.db.query<RecordRow>(
      `SELECT hour, energy_kwh, operating_hours, on_share, dimming, outputs FROM device_log_records
       ${filters.where()} ORDER BY hour LIMIT ${query.limit + 1}`,
      filters.params,
    );
    const page = rows.slice(0, query.limit).map(toRecord);
    const last = page.at(-1);
    return {
      items: page,
      nextCursor: rows.length > query.limit && last ? encodeCursor(OLDEST_FIRST, [last.hour]) : null,
      total: total[0]?.n ?? 0,
    };
  }
}
