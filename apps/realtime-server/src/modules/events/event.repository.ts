import type { DeviceEvent, DeviceEventListQuery, DeviceEventPayloads, DeviceEventType, Page } from '@farola/protocol';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { Conditions, decodeCursor, encodeCursor, iso, purgeBefore } from '../../db/rows';

/** Events page newest first only; the cursor names this order so it cannot be replayed against another. */
const NEWEST_FIRST = '-id';
// bigint ids as text; 18 digits keep every value within bigint's range.
const CursorKeySchema = z.tuple([z.string().regex(/^[0-9]{1,18}$/)]);

/** An event waiting to be written; the payload is the same object the socket carried. */
export interface EventWrite<K extends DeviceEventType = DeviceEventType> {
  type: K;
  payload: DeviceEventPayloads[K];
}

interface EventRow {
  id: string;
  device_id: string;
  type: DeviceEventType;
  ts: Date;
  payload: DeviceEventPayloads[DeviceEventType];
}

export class EventRepository {
  constructor(private readonly db: Queryable) {}

  /** Inserts many events in one statement (the write-behind path). */
  async insertMany(events: readonly EventWrite[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map(({ type, payload }) => ({
      device_id: payload.deviceId,
      project_id: payload.projectId,
      type,
      ts: payload.ts,
      payload,
    }));
    await this.db.query(
      `INSERT INTO device_events (device_id, project_id, type, ts, payload)
       SELECT device_id, project_id, type, ts, payload
       FROM jsonb_to_recordset($1::jsonb) AS e(device_id uuid, project_id uuid, type text, ts timestamptz, payload jsonb)`,
      [JSON.stringify(rows)],
    );
  }

  /** A device's events, newest first, with the event id as the cursor. */
  async listForDevice(deviceId: string, query: DeviceEventListQuery): Promise<Page<DeviceEvent>> {
    const filters = new Conditions();
    filters.add(`device_id = ${filters.param(deviceId)}`);
    if (query.type) filters.add(`type = ${filters.param(query.type)}`);
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM device_events ${filters.where()}`,
      filters.params,
    );
    if (query.cursor) {
      const [id] = decodeCursor(query.cursor, NEWEST_FIRST, CursorKeySchema);
      filters.add(`id < ${filters.param(id)}::bigint`);
    }
    const rows = await this.db.query<EventRow>(
      // Ordered by the bigint column itself: a bare `id` here would name the text alias above
      // and sort '99' after '100', repeating and skipping events from page to page.
      `SELECT id::text AS id, device_id, type, ts, payload FROM device_events ${filters.where()}
       ORDER BY device_events.id DESC LIMIT ${query.limit + 1}`,
      filters.params,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(
        (row) =>
          ({
            id: row.id,
            type: row.type,
            deviceId: row.device_id,
            ts: iso(row.ts),
            payload: row.payload,
          }) as DeviceEvent,
      ),
      nextCursor: rows.length > query.limit && last ? encodeCursor(NEWEST_FIRST, [last.id]) : null,
      total: total[0]?.n ?? 0,
    };
  }

  /** Deletes events older than `cutoff` in batches of `batchSize` (`purgeBefore`); returns the count. */
  deleteOlderThan(cutoff: Date, batchSize = 10_000): Promise<number> {
    return purgeBefore(this.db, 'device_events', ['id'], 'ts < $1', cutoff, batchSize);
  }
}
