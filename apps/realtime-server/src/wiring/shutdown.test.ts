import { createServer } from 'node:http';
import { DEMO_PROJECT_ID } from '@farola/protocol';
import pino from 'pino';
import { Server } from 'socket.io';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { UnwrittenDataError, WriteBehind } from '../devices/write-behind';
import { StreamHub } from '../realtime/stream-hub';
import type { FarolaSocketServer } from '../realtime/socket-server';
import type { DeviceRepository } from '../repositories/device.repository';
import type { EventRepository } from '../repositories/event.repository';
import { openTestStorage } from '../testing/storage';
import type { DeviceLink } from './device-link';
import { type RunningParts, shutdown } from './shutdown';

const logger = pino({ level: 'silent' });

describe('shutdown', () => {
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

  /** Real HTTP, Socket.IO and database; the device link records when each part is closed. */
  async function runningParts(writer: WriteBehind, gatewayClose: () => Promise<void>): Promise<RunningParts> {
    const httpServer = createServer();
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const io = new Server(httpServer) as FarolaSocketServer;
    const closeDb = db.close.bind(db);
    db.close = async () => {
      order.push('db');
      await closeDb();
    };
    const closeWriter = writer.close.bind(writer);
    writer.close = async () => {
      order.push('writer');
      await closeWriter();
    };
    const link = {
      broker: { url: 'mqtt://127.0.0.1:1', port: 1, embedded: null },
      gateway: {
        publishCommand: async () => undefined,
        close: async () => {
          order.push('gateway');
          await gatewayClose();
        },
      },
      queue: { close: async () => void order.push('queue') },
      recovery: { close: async () => void order.push('recovery') },
    } as unknown as DeviceLink;
    const hub = new StreamHub({ batchMs: 5, maxAgeMs: 1000, maxItems: 100 }, () => undefined);
    return { db, writer, httpServer, io, hub, link, stopRetention: async () => undefined, logger };
  }

  const attributeEvent = () => ({
    type: 'DeviceAttributeValueUpdated' as const,
    payload: { deviceId, projectId: DEMO_PROJECT_ID, ts: new Date().toISOString(), values: { dimming: 10 } },
  });

  it('stops taking work before closing the queue, and still writes and closes the database when the gateway fails', async () => {
    const writer = new WriteBehind({ devices, events }, logger);
    writer.event(attributeEvent());
    const parts = await runningParts(writer, () => Promise.reject(new Error('broker connection lost')));
    let storedAtClose = -1;
    const closeDb = db.close;
    db.close = async () => {
      storedAtClose = (await events.listForDevice(deviceId, { limit: 10 })).total;
      await closeDb();
    };

    await expect(shutdown(parts)).rejects.toThrow('broker connection lost');

    expect(order).toEqual(['recovery', 'gateway', 'queue', 'writer', 'db']);
    expect(parts.httpServer.listening).toBe(false);
    expect(storedAtClose).toBe(1);
  });

  it('fails the shutdown, after closing the database, when accepted data could not be written', async () => {
    const unreachable = {
      insertMany: () => Promise.reject(new Error('connection refused')),
    } as unknown as EventRepository;
    const writer = new WriteBehind({ devices, events: unreachable }, logger, {
      intervalMs: 5,
      maxPending: 100,
      maxBacklog: 100,
    });
    writer.event(attributeEvent());
    const parts = await runningParts(writer, async () => undefined);

    const stopped = shutdown(parts);

    await expect(stopped).rejects.toBeInstanceOf(UnwrittenDataError);
    await expect(stopped).rejects.toMatchObject({ counts: { events: 1, attributes: 0, connections: 0 } });
    expect(order).toEqual(['recovery', 'gateway', 'queue', 'writer', 'db']);
  });
});
