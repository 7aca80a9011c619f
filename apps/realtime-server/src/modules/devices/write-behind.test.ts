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
});
