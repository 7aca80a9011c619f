import type { Server as HttpServer } from 'node:http';
import { SOCKET_PATH, type ServerToClientEvents } from '@farola/protocol';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import type { Authenticate } from '../auth/authenticator';
import type { User } from '../auth/user';
import { projectRoom } from './event-batcher';

interface SocketData {
  user: User;
}

/** Which projects a user may see: their sockets join those projects' rooms. */
export interface ProjectVisibility {
  visibleProjectIds(user: User): Promise<string[]>;
}

export type FarolaSocketServer = Server<Record<string, never>, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * The typed Socket.IO server. The handshake's `auth.token` is verified like an API bearer
 * token; before the connection completes the socket joins the room of every project its user may see.
 */
export function createSocketServer(
  httpServer: HttpServer,
  deps: { authenticate: Authenticate; projects: ProjectVisibility; logger: Logger },
): FarolaSocketServer {
  const io: FarolaSocketServer = new Server(httpServer, { path: SOCKET_PATH, serveClient: false });
  // Rooms are joined before the handshake completes, so a client never misses an event
  // emitted right after its 'connect'.
  io.use((socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const token = typeof auth === 'object' && auth && 'token' in auth ? auth.token : undefined;
    deps
      .authenticate(typeof token === 'string' ? token : undefined)
      .then(async (user) => {
        socket.data.user = user;
        try {
          await socket.join((await deps.projects.visibleProjectIds(user)).map(projectRoom));
        } catch (error) {
          deps.logger.error({ err: error }, 'could not join project rooms');
          return next(new Error('SERVICE_UNAVAILABLE'));
        }
        next();
      })
      .catch(() => next(new Error('UNAUTHORIZED')));
  });
  return io;
}
