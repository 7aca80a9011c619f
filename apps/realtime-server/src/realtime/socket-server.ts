import type { Server as HttpServer, IncomingMessage } from 'node:http';
import {
  type ClientToServerEvents,
  type RealtimeSession,
  type Resume,
  SOCKET_PATH,
  type ServerToClientEvents,
  type StreamPositions,
} from '@farola/protocol';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import type { Authenticate } from '../auth/authenticator';
import type { User } from '../auth/user';
import {
  applyAccess,
  emitItems,
  type FarolaSocket,
  handleSubscriptions,
  isRefusal,
  leaveUnseen,
  parseResume,
  loadNamedJobs,
  planResume,
  projectStreams,
} from './socket-subscriptions';
import type { StreamHub } from './stream-hub';

export interface SocketData {
  user: User;
  /** The projects the user may see, read once at connect. */
  projectIds: Set<string>;
  /** The streams that are not detailed (`fleet:`, `project:`), joined at connect, with the seq each was joined at. */
  joined: Map<string, number>;
  /** The detailed streams (`device:`, `attributes:`) the socket subscribed to. */
  subscribed: Set<string>;
  /** A resume sent in the handshake (`auth.resume`), done at connect. */
  resume: Resume | null;
}

export type FarolaSocketServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Which projects a user may see: their sockets join those projects' streams. */
export interface ProjectVisibility {
  visibleProjectIds(user: User): Promise<string[]>;
}

/** The project of a device, or undefined for an unknown device (the devices module's index). */
export interface DeviceLocator {
  projectOf(deviceId: string): string | undefined;
}

/**
 * The projects of a job (the jobs module): `projectsOfJob` answers from what `loadJobs` read,
 * undefined for a job not read or not found. A job's projects never change, so what was read
 * stays true; the socket layer reads the jobs a message names before it checks them.
 */
export interface JobLocator {
  loadJobs(jobIds: readonly string[]): Promise<void>;
  projectsOfJob(jobId: string): readonly string[] | undefined;
}

export interface SocketServerDeps {
  authenticate: Authenticate;
  /** Origins besides the server's own whose pages may open a socket (`CORS_ORIGINS`). */
  corsOrigins?: readonly string[];
  /** Whether a new connection may start (the handshake rate limit); every one may without it. */
  admitHandshake?: (req: IncomingMessage) => Promise<boolean>;
  projects: ProjectVisibility;
  devices: DeviceLocator;
  jobs: JobLocator;
  hub: StreamHub;
  logger: Logger;
}

/**
 * The typed Socket.IO server. The handshake's `auth.token` is verified like an API bearer token.
 * On connect the socket joins the `fleet:` and `project:` streams of every project its user may
 * see and gets `session` (the epoch and those streams' positions) before any event; then it may
 * `subscribe`, `unsubscribe` and `resume` (docs/realtime.md).
 */
export function createSocketServer(httpServer: HttpServer, deps: SocketServerDeps): FarolaSocketServer {
  const corsOrigins = deps.corsOrigins ?? [];
  const admit = deps.admitHandshake ?? (() => Promise.resolve(true));
  const io: FarolaSocketServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    // Runs once per new connection, before its token is read; a refusal is a 403 the client retries with backoff.
    allowRequest: (req, callback) => {
      if (!fromAllowedOrigin(req, corsOrigins)) return callback(null, false);
      admit(req).then(
        (admitted) => callback(null, admitted),
        () => callback(null, false),
      );
    },
    // Long-polling from a console served elsewhere needs CORS headers; WebSocket needs only the origin check.
    ...(corsOrigins.length > 0 ? { cors: { origin: [...corsOrigins] } } : {}),
  });
  io.use((socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const token = typeof auth === 'object' && auth && 'token' in auth ? auth.token : undefined;
    const resume =
      typeof auth === 'object' && auth && 'resume' in auth ? parseResume(auth.resume, deps.hub.registry) : null;
    if (isRefusal(resume)) return next(new Error(resume.error.code));
    socket.data.resume = resume;
    deps
      .authenticate(typeof token === 'string' ? token : undefined)
      .then(async (user) => {
        socket.data.user = user;
        try {
          socket.data.projectIds = new Set(await deps.projects.visibleProjectIds(user));
          // The resume at connect is planned in one tick: the jobs it names are read now.
          if (resume) await loadNamedJobs(Object.keys(resume.positions), deps);
        } catch (error) {
          deps.logger.error({ err: error }, 'could not read the projects of a socket user (or of the jobs it resumes)');
          return next(new Error('SERVICE_UNAVAILABLE'));
        }
        next();
      })
      .catch(() => next(new Error('UNAUTHORIZED')));
  });
  io.on('connection', (socket) => {
    // Joining, reading the positions, the session and a handshake resume's replay happen in one
    // tick, the tick that sends the client its 'connect': no item can slip in between, and none
    // is missed after.
    const names = projectStreams(deps.hub.registry, socket.data.projectIds);
    const positions: StreamPositions = deps.hub.emittedPositions(names);
    void socket.join(names);
    socket.data.joined = new Map(Object.entries(positions));
    socket.data.subscribed = new Set();
    const session: RealtimeSession = { epoch: deps.hub.epoch, streams: positions };
    if (socket.data.resume) {
      const { caughtUp, resync, missed } = planResume(socket, deps, socket.data.resume);
      session.streams = deps.hub.emittedPositions([...names, ...socket.data.subscribed]);
      session.resumed = { caughtUp, resync };
      socket.emit('session', session);
      emitItems(socket, missed);
    } else {
      socket.emit('session', session);
    }
    handleSubscriptions(socket, deps);
    closeAtExpiry(socket, deps.logger);
  });
  return io;
}

/**
 * Brings every open socket of `userId` in line with the projects the user may see now: called
 * when a permission of theirs changes, so that it takes effect without a reconnect.
 */
export async function refreshAccess(io: FarolaSocketServer, deps: SocketServerDeps, userId: string): Promise<void> {
  const sockets = [...io.of('/').sockets.values()].filter((socket) => socket.data.user?.id === userId);
  const [first] = sockets;
  if (!first) return;
  const visible = new Set(await deps.projects.visibleProjectIds(first.data.user));
  for (const socket of sockets) {
    // A socket may have closed while the projects were read.
    if (socket.connected && socket.data.joined) applyAccess(socket as unknown as FarolaSocket, deps, visible);
  }
}

/**
 * Re-checks the subscribers of these detailed streams against what their users may see now:
 * called when a stream's project changes (a device moved to another project), so that a socket
 * whose user may not see the new project is dropped from the stream at once. The sockets of this
 * process, as `refreshAccess`.
 */
export function recheckStreams(io: FarolaSocketServer, deps: SocketServerDeps, names: readonly string[]): void {
  const namespace = io.of('/');
  for (const name of names) {
    for (const id of [...(namespace.adapter.rooms.get(name) ?? [])]) {
      const socket = namespace.sockets.get(id);
      if (socket?.data.subscribed) leaveUnseen(socket as unknown as FarolaSocket, deps, [name]);
    }
  }
}

/**
 * Whether a handshake may open a socket: one from a browser must come from the console's own
 * origin (the host it asked) or one of `allowedOrigins`, so that another site's page cannot ride a
 * user's session; a client that sends no Origin (an integration, socket.io-client in Node) is not a
 * browser page.
 */
export function fromAllowedOrigin(req: IncomingMessage, allowedOrigins: readonly string[] = []): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** setTimeout's longest delay; a token lasting longer is re-checked when it runs out. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * A socket lives no longer than the token it was opened with. At the expiry the server closes its
 * transport: a stock client reconnects at once, its `auth` callback handing over the refreshed
 * token (keycloak-js keeps it current) and its stream positions, and resumes without a gap; a
 * client whose session ended is refused at that handshake and gets no further event.
 */
function closeAtExpiry(socket: FarolaSocket, logger: Logger): void {
  const { expiresAt } = socket.data.user;
  if (expiresAt === undefined) return;
  let timer: NodeJS.Timeout;
  const check = () => {
    const left = expiresAt - Date.now();
    if (left > 0) {
      timer = setTimeout(check, Math.min(left, LONGEST_TIMER_MS));
      return;
    }
    logger.debug({ user: socket.data.user.username }, 'socket token expired: closing its connection');
    socket.conn.close();
  };
  check();
  socket.once('disconnect', () => clearTimeout(timer));
}
