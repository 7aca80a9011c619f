import { DEMO_PROJECT_ID } from '@farola/protocol';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { EventRepository } from './event.repository';
import { openTestStorage } from '../../testing/storage';
import { retentionPart } from '../../platform/retention';

const DAY_MS = 86_400_000;

describe('event retention', () => {
  let db: Database;
  let events: EventRepository;
  beforeAll(async () => {
    ({
      db,
      repositories: { events },
    } = await openTestStorage());
    const [device] = await db.query<{ id: string }>(
      `INSERT INTO devices (serial_number, device_type, vendor, project_id, name)
       VALUES ('RET-1', 'light-point-controller', 'orion', $1, 'Retention 1') RETURNING id`,
      [DEMO_PROJECT_ID],
    );
    // 25 events from 40 days ago and 5 from today.
    for (let i = 0; i < 30; i += 1) {
      const ts = new Date(Date.now() - (i < 25 ? 40 : 0) * DAY_MS + i * 1000).toISOString();
      await db.query(
        `INSERT INTO device_events (device_id, project_id, type, ts, payload) VALUES ($1, $2, 'DeviceAttributeValueUpdated', $3, '{}')`,
        [device?.id, DEMO_PROJECT_ID, ts],
      );
    }
  });
  afterAll(async () => {
    await db.close();
  });

  it('deletes every event older than the cutoff, in batches, and counts them', async () => {
    const deleted = await events.deleteOlderThan(new Date(Date.now() - 30 * DAY_MS), 10);
    expect(deleted).toBe(25);
    const [left] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM device_events');
    expect(left?.n).toBe(5);
  });

  it('waits for the purge under way when it stops', async () => {
    let release = () => {};
    let calls = 0;
    const slow = {
      deleteOlderThan: () => {
        calls += 1;
        return new Promise<number>((resolve) => (release = () => resolve(0)));
      },
    };
    const part = retentionPart(
      { what: 'device events', tables: ['device_events'], days: 30, purge: slow.deleteOlderThan },
      { kind: 'pglite', exec: () => Promise.resolve() },
      pino({ level: 'silent' }),
    );
    await part.start?.();
    let stopped = false;
    const stopping = Promise.resolve(part.stop()).then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    expect(calls).toBe(1);
  });
});
