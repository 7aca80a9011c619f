import { DEMO_PROJECT_ID } from '@farola/protocol';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { DeviceRepository } from './device.repository';
import type { EventRepository, EventWrite } from '../events/event.repository';
import { openTestStorage } from '../../testing/storage';
import { WriteBehind } from './write-behind';

describe('WriteBehind', () => {
  let db: Database;
  let devices: DeviceRepository;
  let events: EventRepository;
  beforeAll(async () => {
    ({
      db,
      repositories: { devices, events },
    } = await openTestStorage());
  });
  afterAll(async () => {
    await db.close();
  });

  it('keeps a batch the database refused and writes it once the database is back', async () => {
    const ts = new Date().toISOString();
    const device = await devices.register(
      'WB-1',
      { deviceType: 'light-point-controller', vendor: 'orion' },
      DEMO_PROJECT_ID,
      { connected: true, ts },
    );
    let outage = true;
    // The event table is unreachable during the outage; everything else is the real repository.
    const flakyEvents = {
      insertMany: (writes: readonly EventWrite[]) =>
        outage ? Promise.reject(new Error('connection refused')) : events.insertMany(writes),
    } as EventRepository;
    const writer = new WriteBehind({ devices, events: flakyEvents }, pino({ level: 'silent' }), {
      intervalMs: 10,
      maxPending: 1000,
      maxBacklog: 1000,
    });
    const payload = { deviceId: device.id, projectId: DEMO_PROJECT_ID, ts, values: { dimming: 40 } };
    writer.event({ type: 'DeviceAttributeValueUpdated', payload });
    writer.attributesOf(device.id, { dimming: 40 }, ts);
    await writer.flush();
    expect(writer.pending).toBeGreaterThan(0);

    outage = false;
    await writer.flush();
    expect(writer.pending).toBe(0);
    const stored = await events.listForDevice(device.id, { limit: 10 });
    expect(stored.items.map((event) => event.payload)).toEqual([payload]);
  });

  it('counts the rows being written in its backlog, with the age of the oldest, until they are stored', async () => {
    const ts = new Date().toISOString();
    const device = await devices.register(
      'WB-2',
      { deviceType: 'light-point-controller', vendor: 'orion' },
      DEMO_PROJECT_ID,
      { connected: true, ts },
    );
    // The event table answers only when the test lets it, so the write stays under way meanwhile.
    let release: () => void = () => undefined;
    const slowEvents = {
      insertMany: async (writes: readonly EventWrite[]) => {
        await new Promise<void>((resolve) => (release = resolve));
        await events.insertMany(writes);
      },
    } as EventRepository;
    const writer = new WriteBehind({ devices, events: slowEvents }, pino({ level: 'silent' }), {
      intervalMs: 10_000,
      maxPending: 1000,
      maxBacklog: 1000,
    });
    expect(writer.backlog()).toEqual({ rows: 0, oldestMs: 0 });
    const arrived = Date.now();
    for (const dimming of [40, 50, 60]) {
      writer.event({
        type: 'DeviceAttributeValueUpdated',
        payload: { deviceId: device.id, projectId: DEMO_PROJECT_ID, ts, values: { dimming } },
      });
    }
    const written = writer.flush();
    await expect.poll(() => writer.pending).toBe(0);
    // Nothing is buffered any more, but the three rows are not in the database yet.
    expect(writer.backlog(arrived + 2500)).toEqual({ rows: 3, oldestMs: expect.any(Number) });
    expect(writer.backlog(arrived + 2500).oldestMs).toBeGreaterThanOrEqual(2400);
    writer.event({
      type: 'DeviceAttributeValueUpdated',
      payload: { deviceId: device.id, projectId: DEMO_PROJECT_ID, ts, values: { dimming: 70 } },
    });
    expect(writer.backlog().rows).toBe(4);
    release();
    await written;
    // The row that came during the write waits for the next one, and is now the oldest.
    expect(writer.backlog().rows).toBe(1);
    const next = writer.flush();
    await expect.poll(() => writer.pending).toBe(0);
    release();
    await next;
    expect(writer.backlog()).toEqual({ rows: 0, oldestMs: 0 });
    expect((await events.listForDevice(device.id, { limit: 10 })).items).toHaveLength(4);
  });
});
