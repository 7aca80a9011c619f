import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { Authenticate } from '../auth/authenticator';
import type { FarolaConfig } from '../config';
import { EventBatcher } from './event-batcher';
import { createSocketServer, type FarolaSocketServer, type ProjectVisibility } from './socket-server';

/** The realtime platform: Socket.IO on the HTTP listener, and the batcher that emits device events to rooms. */
export interface Realtime {
  io: FarolaSocketServer;
  batcher: EventBatcher;
  /** Connected sockets, for the health endpoint. */
  sockets(): number;
  /** Sends what is batched, then disconnects every socket and stops accepting new ones. */
  closeSockets(): void;
}

export function createRealtime(
  httpServer: HttpServer,
  config: Pick<FarolaConfig, 'socketBatchMs'>,
  deps: { authenticate: Authenticate; projects: ProjectVisibility; logger: Logger },
): Realtime {
  const io = createSocketServer(httpServer, deps);
  const batcher = new EventBatcher(config.socketBatchMs, (room, event, batch) => {
    // Each event name's listener takes one payload or an array of them; `batch` is the array form.
    const target = io.to(room) as unknown as { emit: (name: string, payload: unknown) => boolean };
    target.emit(event, batch);
  });
  return {
    io,
    batcher,
    sockets: () => io.engine.clientsCount,
    closeSockets() {
      batcher.flush();
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
