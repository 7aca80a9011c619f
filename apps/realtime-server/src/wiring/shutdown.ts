import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { WriteBehind } from '../devices/write-behind';
import type { FarolaSocketServer } from '../realtime/socket-server';
import type { StreamHub } from '../realtime/stream-hub';
import type { DeviceLink } from './device-link';

export interface RunningParts {
  db: Database;
  writer: WriteBehind;
  httpServer: HttpServer;
  io: FarolaSocketServer;
  hub: StreamHub;
  link: DeviceLink;
  stopRetention: () => Promise<void>;
  logger: Logger;
}

/**
 * Stops gracefully, in an order that loses nothing accepted: first no new work (HTTP, sockets,
 * device messages), then the command queue, then the final write and the database. Every step
 * runs even if one before it failed; the first failure is rethrown once all have run, so data
 * that could not be written is reported as lost rather than the stop claiming success.
 */
export async function shutdown(parts: RunningParts): Promise<void> {
  const { db, writer, httpServer, io, hub, link, stopRetention, logger } = parts;
  let failure: unknown = null;
  const step = async (what: string, work: () => Promise<void> | undefined) => {
    try {
      await work();
    } catch (error) {
      logger.error({ err: error }, `stopping: ${what} failed`);
      failure ??= error;
    }
  };
  await step('event retention', () => stopRetention());
  await step('HTTP and Socket.IO', () => closeHttp(httpServer, io, hub));
  // No more device messages after this point, so the final write holds everything accepted.
  await step('registration recovery', () => link.recovery.close());
  await step('MQTT gateway', () => link.gateway.close());
  await step('command queue', () => link.queue.close());
  await step('MQTT broker', () => link.broker.embedded?.close());
  // Events of the queue's last changes: nobody listens any more, but the hub's timers must go.
  hub.close();
  await step('final write of device data (accepted data is lost)', () => writer.close());
  await step('database', () => db.close());
  if (failure) throw failure;
  logger.info('Farola realtime-server stopped');
}

/** Stops taking HTTP work and lets requests in flight finish; sockets get their last events first. */
async function closeHttp(httpServer: HttpServer, io: FarolaSocketServer, hub: StreamHub): Promise<void> {
  const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  httpServer.closeIdleConnections();
  hub.flush();
  io.disconnectSockets(true);
  io.engine.close();
  await httpClosed;
}
