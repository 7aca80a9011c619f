import {
  type RealtimeAccess,
  RealtimeAccessSchema,
  FleetStateUpdatedSchema,
  STREAMED_EVENT_TYPES,
  StreamPositionsSchema,
  type Resume,
  type StreamedEventType,
} from '@farola/protocol';
import { BehaviorSubject, distinctUntilChanged, Subject, type Observable } from 'rxjs';
import type { Socket } from 'socket.io-client';
import { z } from 'zod';
import { getAccessToken } from '@/lib/session';
import type { DEVICE_EVENT_PAYLOAD_SCHEMAS } from './device-event-schemas';
import { normalisePayloads } from './normalise-payloads';
import type { RealtimeTransport, TransportEventPayloads, TransportSession } from './transport';

/** The socket's state as the UI shows it. */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

type DeviceEventSchemas = typeof DEVICE_EVENT_PAYLOAD_SCHEMAS;
// The event names of the protocol's stream registry, listed apart from their schemas (loaded on demand).
const EVENT_NAMES = STREAMED_EVENT_TYPES;
const SessionSchema = z.object({
  epoch: z.string().min(1).max(64),
  streams: StreamPositionsSchema,
  resumed: z.object({ caughtUp: z.array(z.string()), resync: z.array(z.string()) }).optional(),
});

/** How long a request (subscribe, unsubscribe, resume) waits for the server's acknowledgement. */
const ACK_TIMEOUT_MS = 10_000;

let socket: Socket | null = null;
const state$ = new BehaviorSubject<ConnectionState>('disconnected');
const connectSubject = new Subject<void>();
const sessionSubject = new Subject<TransportSession>();
const accessSubject = new Subject<RealtimeAccess>();
let handshakeResume: () => Resume | undefined = () => undefined;
// One subject per event type: a message is validated once, however many streams listen to it.
const payloadSubjects = new Map<StreamedEventType, Subject<unknown>>(EVENT_NAMES.map((name) => [name, new Subject()]));

/**
 * The realtime connection's state; it replays the current state to new subscribers. It is
 * 'connecting' while Socket.IO retries and 'disconnected' when it has given up (the server closed
 * the connection, or the connection was refused).
 *
 * @example
 * connectionState$.subscribe((state) => showBadge(state));
 */
export const connectionState$: Observable<ConnectionState> = state$.pipe(distinctUntilChanged());

function event$<K extends StreamedEventType>(name: K): Observable<TransportEventPayloads[K]> {
  const subject = payloadSubjects.get(name) as Subject<TransportEventPayloads[K]> | undefined;
  if (!subject) throw new Error(`Unknown event ${name}`);
  return subject.asObservable();
}

/**
 * The device event schemas once loaded, and the events that arrived while they loaded, kept in
 * arrival order so that every stream still sees its items in sequence.
 */
let deviceSchemas: DeviceEventSchemas | null = null;
let waiting: Array<{ name: StreamedEventType; raw: unknown }> | null = null;

function validateAndEmit(name: StreamedEventType, raw: unknown): void {
  const subject = payloadSubjects.get(name);
  if (!subject?.observed) return;
  const schema = name === 'FleetStateUpdated' ? FleetStateUpdatedSchema : deviceSchemas![name];
  for (const payload of normalisePayloads(name, schema, raw)) subject.next(payload);
}

function dispatch(name: StreamedEventType, raw: unknown): void {
  if (name === 'FleetStateUpdated' || deviceSchemas) {
    // A fleet change may not overtake device events still waiting for their schemas.
    if (waiting) waiting.push({ name, raw });
    else validateAndEmit(name, raw);
    return;
  }
  if (!payloadSubjects.get(name)?.observed) return;
  if (waiting) {
    waiting.push({ name, raw });
    return;
  }
  waiting = [{ name, raw }];
  import('./device-event-schemas')
    .then((loaded) => {
      deviceSchemas = loaded.DEVICE_EVENT_PAYLOAD_SCHEMAS;
    })
    .catch((error: unknown) => console.error('Could not load the device event schemas', error))
    .finally(() => {
      const queued = waiting ?? [];
      waiting = null;
      // Without schemas (the chunk failed to load) nothing unvalidated is passed on.
      if (deviceSchemas) for (const item of queued) validateAndEmit(item.name, item.raw);
    });
}

function onSession(raw: unknown): void {
  const parsed = SessionSchema.safeParse(raw);
  if (parsed.success) sessionSubject.next(parsed.data);
  else console.warn('Dropped an invalid realtime session', parsed.error.issues);
}

function onAccess(raw: unknown): void {
  const parsed = RealtimeAccessSchema.safeParse(raw);
  if (parsed.success) accessSubject.next(parsed.data);
  else console.warn('Dropped an invalid realtime access change', parsed.error.issues);
}

function request(name: 'subscribe' | 'unsubscribe' | 'resume', body: unknown): Promise<unknown> {
  if (!socket?.connected) return Promise.reject(new Error(`Cannot ${name} while the socket is not connected`));
  return socket.timeout(ACK_TIMEOUT_MS).emitWithAck(name, body) as Promise<unknown>;
}

/**
 * The Socket.IO connection as the realtime client sees it: every `connect`, the `session`, the
 * validated events, and acknowledged requests. Tests replace this module with
 * `testing/socket-double.ts`, which plays the server's side of the same contract.
 */
export const transport: RealtimeTransport = {
  connects$: connectSubject.asObservable(),
  session$: sessionSubject.asObservable(),
  access$: accessSubject.asObservable(),
  event$,
  request,
  setHandshakeResume: (resume) => {
    handshakeResume = resume;
  },
};

/**
 * Makes `current`, while not connected, start a new attempt as soon as the browser is back online,
 * dropping the one under way or waiting. Returns the function that stops it.
 */
function retryWhenOnline(current: Socket): () => void {
  const retry = () => {
    if (current.connected || !current.active) return;
    // Disconnecting a socket that is not connected only drops its manager's attempt and back-off.
    current.disconnect().connect();
  };
  window.addEventListener('online', retry);
  return () => window.removeEventListener('online', retry);
}

/**
 * Opens the Socket.IO connection (path `/lighting/socket.io`, reconnecting after network losses,
 * sending the current access token on every attempt) and returns the function that closes it.
 * The Socket.IO client is loaded on demand, so it is not part of the first screen's script.
 */
export function connectRealtime(): () => void {
  if (socket) return () => undefined;
  let closed = false;
  let stopRetryingWhenOnline = () => {};
  state$.next('connecting');
  import('socket.io-client')
    .then(({ io }) => {
      if (closed) return;
      const current = io({
        path: `${import.meta.env.BASE_URL}socket.io`,
        // A callback, so a reconnect sends the token and the stream positions of the moment: the
        // server then replays what was missed before any live item (docs/realtime.md).
        auth: (callback) => callback({ token: getAccessToken(), resume: handshakeResume() }),
        reconnection: true,
        // WebSocket first: no sticky sessions needed behind a load balancer, and no long-polling
        // requests to keep open; polling stays as the fallback for proxies that block WebSockets.
        transports: ['websocket', 'polling'],
      });
      socket = current;
      // Socket.IO retries on its own unless the server closed the connection or refused it.
      const waitingState = (): ConnectionState => (current.active ? 'connecting' : 'disconnected');
      current.on('connect', () => {
        state$.next('connected');
        connectSubject.next();
      });
      current.on('disconnect', () => state$.next(waitingState()));
      current.on('connect_error', () => state$.next(waitingState()));
      // Back online (a laptop waking, a network change): try at once, not once the back-off is
      // over, which after an attempt left hanging while offline takes up to half a minute.
      stopRetryingWhenOnline = retryWhenOnline(current);
      current.on('session', onSession);
      current.on('access', onAccess);
      for (const name of EVENT_NAMES) current.on(name, (raw: unknown) => dispatch(name, raw));
    })
    .catch((error: unknown) => {
      console.error('Loading the realtime client failed', error);
      state$.next('disconnected');
    });
  return () => {
    closed = true;
    stopRetryingWhenOnline();
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
    state$.next('disconnected');
  };
}
