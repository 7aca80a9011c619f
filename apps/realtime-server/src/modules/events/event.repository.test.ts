import { DEMO_PROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { openTestStorage } from '../../testing/storage';
import type { EventRepository } from './event.repository';

describe("a device's events, page by page", () => {
  let db: Database;
  let events: EventRepository;
  let deviceId: string;
  beforeAll(async () => {
    ({
      db,
      repositories: { events },
    } = await openTestStorage());
    const [device] = await db.query<{ id: string }>(
      `INSERT INTO devices (serial_number, device_type, vendor, project_id, name)
       VALUES ('EVP-1', 'light-point-controller', 'orion', $1, 'Paging 1') RETURNING id`,
      [DEMO_PROJECT_ID],
    );
    deviceId = device!.id;
    // 1,050 events: their ids cross 99 → 100 and 999 → 1000, where text order and number order part.
    const start = Date.parse('2026-11-01T00:00:00Z');
    await events.insertMany(
      Array.from({ length: 1050 }, (_, i) => ({
        type: 'DeviceAttributeValueUpdated' as const,
        payload: {
          deviceId,
          projectId: DEMO_PROJECT_ID,
          ts: new Date(start + i * 1000).toISOString(),
          values: { dimming: i % 101 },
        },
      })),
    );
  });
  afterAll(async () => {
    await db.close();
  });

  it('lists every event exactly once, newest first, through more than three pages', async () => {
    const seen: { id: string; ts: string }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await events.listForDevice(deviceId, { limit: 100, cursor });
      expect(page.total).toBe(1050);
      seen.push(...page.items.map(({ id, ts }) => ({ id, ts })));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);

    expect(pages).toBe(11);
    expect(seen).toHaveLength(1050);
    expect(new Set(seen.map((event) => event.id)).size).toBe(1050);
    const ids = seen.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const times = seen.map((event) => event.ts);
    expect(times).toEqual([...times].sort().reverse());
  });
});
