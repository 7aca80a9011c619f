import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { Authenticate } from '../auth/authenticator';
import type { FarolaConfig } from '../config';
import { guardSlowConsumers } from './slow-consumers';
import {
  createSocketServer,
  recheckStreams,
  refreshAccess,
  type DeviceLocator,
  type JobLocator,
  type FarolaSocketServer,
  type ProjectVisibility,
} from './socket-server';
import { StreamHub } from './stream-hub';

/** The realtime platform: Socket.IO on the HTTP listener, and the stream hub that numbers, batches and emits device events. */
export interface Realtime {
  io: FarolaSocketServer;
  hub: StreamHub;
  /** Connected sockets, for the health endpoint. */
  sockets(): number;
  /** The streams running, the items kept for catch-up, the sockets cut off as slow consumers. */
  stats(): { epoch: string; streams: number; bufferedItems: number; slowConsumersDisconnected: number };
  /**
   * The projects `userId` may see have changed: its open sockets leave and join streams
   * accordingly and are told with `access`, without a reconnect.
   */
  accessChanged(userId: string): Promise<void>;
  /**
   * Who may see these detailed streams changed (a device moved to another project): their
   * subscribers whose users may not see them now leave them at once.
   */
  recheckStreams(names: readonly string[]): void;
  /** Sends what is batched, then disconnects every socket and stops accepting new ones. */
  closeSockets(): void;
}

export function createRealtime(
  httpServer: HttpServer,
  config: Pick<
    FarolaConfig,
    'socketBatchMs' | 'socketMaxBufferedBytes' | 'realtimeCatchupSeconds' | 'realtimeCatchupItems' | 'corsOrigins'
  >,
  deps: {
    authenticate: Authenticate;
    projects: ProjectVisibility;
    devices: DeviceLocator;
    jobs: JobLocator;
    logger: Logger;
    /** The handshake rate limit (http/rate-limits.ts). */
    admitHandshake?: (req: IncomingMessage) => Promise<boolean>;
  },
): Realtime {
  const limits = { maxAgeMs: config.realtimeCatchupSeconds * 1000, maxItems: config.realtimeCatchupItems };
  const hub: StreamHub = new StreamHub({ batchMs: config.socketBatchMs, ...limits }, (room, event, batch, except) => {
    // Each event name's listener takes one payload or an array of them; `batch` is the array form.
    const target = (except ? io.to(room).except(except) : io.to(room)) as unknown as {
      emit: (name: string, payload: unknown) => boolean;
    };
    target.emit(event, batch);
  });
  const socketDeps = { ...deps, corsOrigins: config.corsOrigins, hub };
  const io = createSocketServer(httpServer, socketDeps);
  const slowConsumers = guardSlowConsumers(io, { maxBytes: config.socketMaxBufferedBytes, logger: deps.logger });
  return {
    io,
    hub,
    sockets: () => io.engine.clientsCount,
    accessChanged: (userId) => refreshAccess(io, socketDeps, userId),
    recheckStreams: (names) => recheckStreams(io, socketDeps, names),
    stats: () => ({ epoch: hub.epoch, ...hub.stats(), slowConsumersDisconnected: slowConsumers.disconnected }),
    closeSockets() {
      slowConsumers.stop();
      hub.close();
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
