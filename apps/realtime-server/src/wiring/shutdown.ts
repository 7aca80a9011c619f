import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { WriteBehind } from '../devices/write-behind';
import type { EventBatcher } from '../realtime/event-batcher';
import type { FarolaSocketServer } from '../realtime/socket-server';
import type { DeviceLink } from './device-link';

export interface RunningParts {
  db: Database;
  writer: WriteBehind;
  httpServer: HttpServer;
  io: FarolaSocketServer;
  batcher: EventBatcher;
  link: DeviceLink;
  stopRetention: () => void;
  logger: Logger;
}

/** Stops gracefully, in an order that loses nothing accepted. */
export async function shutdown(parts: RunningParts): Promise<void> {
  const { db, writer, httpServer, io, batcher, link, stopRetention, logger } = parts;
  // Stop taking new HTTP work and let requests in flight finish.
  const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  httpServer.closeIdleConnections();
  stopRetention();
  await link.queue.close();
  // No more device messages after this point, so the final flush holds everything accepted.
  await link.gateway.close();
  await writer.flush();
  await link.broker.embedded?.close();
  batcher.flush();
  io.disconnectSockets(true);
  io.engine.close();
  await httpClosed;
  await writer.flush();
  await db.close();
  logger.info('Farola realtime-server stopped');
}
