import { randomUUID } from 'node:crypto';
import { type AttributeValues, DEMO_PROJECT_ID } from '@farola/protocol';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { DeviceRepository } from './device.repository';
import type { EventRepository, EventWrite } from '../events/event.repository';
import { openTestStorage } from '../../testing/storage';
import { WriteBehind } from './write-behind';

const silent = pino({ level: 'silent' });

// The database refuses some rows for what they hold (a NUL in jsonb, an event of a device that was
// deleted meanwhile). Retrying such a batch for ever once stopped all persistence for the whole fleet.
describe('WriteBehind with a row the database refuses', () => {
  let db: Database;
  let devices: DeviceRepository;
  let events: EventRepository;
  const ids: string[] = [];
  beforeAll(async () => {
    ({
      db,
      repositories: { devices, events },
    } = await openTestStorage());
    const ts = new Date().toISOString();
    const registration = { deviceType: 'light-point-controller', vendor: 'orion' } as const;
    for (let i = 0; i < 5; i += 1) {
      ids.push((await devices.register(`WBR-${i}`, registration, DEMO_PROJECT_ID, { connected: true, ts })).id);
    }
  });
  afterAll(async () => {
    await db.close();
  });

  const event = (deviceId: string, dimming: number): EventWrite => ({
    type: 'DeviceAttributeValueUpdated',
    payload: { deviceId, projectId: DEMO_PROJECT_ID, ts: new Date().toISOString(), values: { dimming } },
  });
  const stored = async (deviceId: string) => (await events.listForDevice(deviceId, { limit: 100 })).total;
  const attributesOf = async (deviceId: string) =>
    (await db.query<{ attributes: AttributeValues }>('SELECT attributes FROM devices WHERE id = $1', [deviceId]))[0]
      ?.attributes;

  it('writes every other event of the batch, quarantines the refused one and counts it', async () => {
    const writer = new WriteBehind({ devices, events }, silent, { intervalMs: 5, maxPending: 50, maxBacklog: 1000 });
    const ghost = randomUUID(); // no such device: the foreign key refuses its event
    for (let i = 0; i < 30; i += 1) writer.event(event(ids[i % 2]!, i));
    writer.event(event(ghost, 99));
    for (let i = 30; i < 40; i += 1) writer.event(event(ids[i % 2]!, i));

    await writer.flush();

    expect(writer.pending).toBe(0);
    expect(writer.quarantined).toBe(1);
    expect(writer.quarantine).toEqual([
      expect.objectContaining({
        sink: 'events',
        code: '23503',
        row: expect.objectContaining({ payload: expect.objectContaining({ deviceId: ghost }) }),
      }),
    ]);
    expect((await stored(ids[0]!)) + (await stored(ids[1]!))).toBe(40);
    // Later writes go on, and nothing is left over at shutdown.
    writer.event(event(ids[0]!, 1));
    await expect(writer.close()).resolves.toBeUndefined();
    expect(await stored(ids[0]!)).toBe(21);
  });

  it("keeps storing the other devices' latest attributes when one report cannot be stored", async () => {
    const writer = new WriteBehind({ devices, events }, silent, { intervalMs: 5, maxPending: 50, maxBacklog: 1000 });
    const ts = new Date().toISOString();
    writer.attributesOf(ids[2]!, { dimming: 20 }, ts);
    // Past the protocol's boundary this can no longer arrive; here it stands for any refused value.
    writer.attributesOf(ids[3]!, { apn: 'a\u0000b' }, ts);
    writer.attributesOf(ids[4]!, { dimming: 40 }, ts);

    await writer.flush();

    expect(writer.quarantined).toBe(1);
    expect(writer.quarantine[0]).toMatchObject({ sink: 'attributes', row: expect.objectContaining({ id: ids[3] }) });
    expect(await attributesOf(ids[2]!)).toMatchObject({ dimming: 20 });
    expect(await attributesOf(ids[4]!)).toMatchObject({ dimming: 40 });
    await expect(writer.close()).resolves.toBeUndefined();
  });
});
