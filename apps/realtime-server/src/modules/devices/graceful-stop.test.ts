import { DEMO_PROJECT_ID } from '@farola/protocol';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { Lifecycle } from '../../platform/lifecycle';
import { openTestStorage } from '../../testing/storage';
import type { EventRepository } from '../events/event.repository';
import type { DeviceRepository } from './device.repository';
import { UnwrittenDataError, WriteBehind } from './write-behind';

const logger = pino({ level: 'silent' });

describe('a graceful stop through the stack', () => {
  let db: Database;
  let devices: DeviceRepository;
  let events: EventRepository;
  let deviceId: string;
  const order: string[] = [];
  beforeEach(async () => {
    order.length = 0;
    ({
      db,
      repositories: { devices, events },
    } = await openTestStorage());
    const ts = new Date().toISOString();
    deviceId = (
      await devices.register('SHUT-1', { deviceType: 'light-point-controller', vendor: 'orion' }, DEMO_PROJECT_ID, {
        connected: true,
        ts,
      })
    ).id;
  });

  const attributeEvent = () => ({
    type: 'DeviceAttributeValueUpdated' as const,
    payload: { deviceId, projectId: DEMO_PROJECT_ID, ts: new Date().toISOString(), values: { dimming: 10 } },
  });

  /** The database, the write-behind and a device link, in start order, each recording its stop. */
  async function stackOf(writer: WriteBehind, gatewayClose: () => Promise<void>): Promise<Lifecycle> {
    const stack = new Lifecycle(logger);
    await stack.start({ name: 'database', stop: () => (order.push('db'), db.close()) });
    await stack.start({ name: 'write-behind', stop: () => (order.push('writer'), writer.close()) });
    await stack.start({ name: 'command queue', stop: () => void order.push('queue') });
    await stack.start({ name: 'MQTT gateway', stop: () => (order.push('gateway'), gatewayClose()) });
    return stack;
  }

  it('still writes and closes the database when the gateway fails to close, and reports that failure', async () => {
    const writer = new WriteBehind({ devices, events }, logger);
    writer.event(attributeEvent());
    const stack = await stackOf(writer, () => Promise.reject(new Error('broker connection lost')));
    let storedAtClose = -1;
    const closeDb = db.close.bind(db);
    db.close = async () => {
      storedAtClose = (await events.listForDevice(deviceId, { limit: 10 })).total;
      await closeDb();
    };

    await expect(stack.stop()).rejects.toThrow('broker connection lost');

    expect(order).toEqual(['gateway', 'queue', 'writer', 'db']);
    expect(storedAtClose).toBe(1);
  });

  it('fails the stop, after closing the database, when accepted data could not be written', async () => {
    const unreachable = {
      insertMany: () => Promise.reject(new Error('connection refused')),
    } as unknown as EventRepository;
    const writer = new WriteBehind({ devices, events: unreachable }, logger, {
      intervalMs: 5,
      maxPending: 100,
      maxBacklog: 100,
    });
    writer.event(attributeEvent());
    const stack = await stackOf(writer, async () => undefined);

    const stopped = stack.stop();

    await expect(stopped).rejects.toBeInstanceOf(UnwrittenDataError);
    await expect(stopped).rejects.toMatchObject({ counts: { events: 1, attributes: 0, connections: 0 } });
    expect(order).toEqual(['gateway', 'queue', 'writer', 'db']);
  });
});
