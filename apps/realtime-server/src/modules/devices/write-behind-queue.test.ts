import { DEMO_PROJECT_ID } from '@farola/protocol';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { DeviceRepository } from './device.repository';
import type { EventRepository, EventWrite } from '../events/event.repository';
import { openTestStorage } from '../../testing/storage';
import { UnwrittenDataError, WriteBehind } from './write-behind';

const silent = pino({ level: 'silent' });

describe('WriteBehind under load and at close', () => {
  let db: Database;
  let devices: DeviceRepository;
  let events: EventRepository;
  let deviceId: string;
  beforeAll(async () => {
    ({
      db,
      repositories: { devices, events },
    } = await openTestStorage());
    const ts = new Date().toISOString();
    const registration = { deviceType: 'light-point-controller', vendor: 'orion' } as const;
    deviceId = (await devices.register('WBQ-1', registration, DEMO_PROJECT_ID, { connected: true, ts })).id;
  });
  afterAll(async () => {
    await db.close();
  });

  const attributeEvent = (dimming: number): EventWrite => ({
    type: 'DeviceAttributeValueUpdated',
    payload: { deviceId, projectId: DEMO_PROJECT_ID, ts: new Date().toISOString(), values: { dimming } },
  });

  /** The real event table, recording the size of every statement; `failures` refusals come first. */
  function recordingEvents(failures = 0) {
    const batches: number[] = [];
    let refusals = failures;
    const repository = {
      insertMany: (writes: readonly EventWrite[]) => {
        batches.push(writes.length);
        if (refusals > 0) {
          refusals -= 1;
          return Promise.reject(new Error('connection refused'));
        }
        return events.insertMany(writes);
      },
    } as EventRepository;
    return { repository, batches };
  }

  const options = { intervalMs: 5, maxPending: 10, maxBacklog: 1000 };

  it('queues one flush for a burst and writes it in statements of at most maxPending events', async () => {
    const { repository, batches } = recordingEvents();
    const writer = new WriteBehind({ devices, events: repository }, silent, options);
    const before = (await events.listForDevice(deviceId, { limit: 1 })).total;
    for (let i = 0; i < 35; i += 1) writer.event(attributeEvent(i));

    const queued = writer.flush();
    expect(writer.flush()).toBe(queued);
    await queued;

    expect(batches).toEqual([10, 10, 10, 5]);
    expect((await events.listForDevice(deviceId, { limit: 1 })).total).toBe(before + 35);
    await writer.close();
  });

  it('lets a read join the write already queued, and adds none when nothing is buffered', async () => {
    const { repository, batches } = recordingEvents();
    const writer = new WriteBehind({ devices, events: repository }, silent, options);
    writer.event(attributeEvent(1));
    const queued = writer.flush();
    expect(writer.settled()).toBe(queued);
    await queued;
    const statements = batches.length;
    await Promise.all([writer.settled(), writer.settled(), writer.settled()]);
    expect(batches).toHaveLength(statements);
    await writer.close();
  });

  it('keeps writing after a write that failed in an unexpected way', async () => {
    const { repository } = recordingEvents(1);
    let throwOnce = true;
    const logger = {
      error: () => {
        if (!throwOnce) return;
        throwOnce = false;
        throw new Error('log transport closed');
      },
      warn: () => undefined,
    } as unknown as Logger;
    const writer = new WriteBehind({ devices, events: repository }, logger, options);
    writer.event(attributeEvent(7));

    await expect(writer.flush()).rejects.toThrow('log transport closed');
    await writer.flush();

    expect(writer.pending).toBe(0);
    await writer.close();
  });

  it('gives up closing after a bounded number of tries, reporting what is unwritten, and stops retrying', async () => {
    const { repository, batches } = recordingEvents(Number.POSITIVE_INFINITY);
    const writer = new WriteBehind({ devices, events: repository }, silent, options);
    writer.event(attributeEvent(1));
    writer.event(attributeEvent(2));

    const closing = writer.close(3);

    await expect(closing).rejects.toBeInstanceOf(UnwrittenDataError);
    await expect(closing).rejects.toMatchObject({ counts: { events: 2, attributes: 0, connections: 0 } });
    expect(batches).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs * 20));
    expect(batches).toHaveLength(3);
  });

  it('writes everything buffered when it closes', async () => {
    const { repository } = recordingEvents(1);
    const writer = new WriteBehind({ devices, events: repository }, silent, options);
    writer.event(attributeEvent(3));
    writer.attributesOf(deviceId, { dimming: 3 }, new Date().toISOString());

    await writer.close();

    expect(writer.pending).toBe(0);
    expect((await devices.get(deviceId, [DEMO_PROJECT_ID]))?.attributes.dimming).toBe(3);
  });
});
