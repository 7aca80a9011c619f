import { DEVICE_EVENT_SCHEMAS, type DeviceEventPayloads, type DeviceEventType } from '@farola/protocol';
import { BehaviorSubject, distinctUntilChanged, Subject, type Observable } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import { getAccessToken } from '@/lib/session';
import { normalisePayloads } from './normalise-payloads';

/** The socket's state as the UI shows it. */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

const EVENT_NAMES = Object.keys(DEVICE_EVENT_SCHEMAS) as DeviceEventType[];

let socket: Socket | null = null;
const state$ = new BehaviorSubject<ConnectionState>('disconnected');
const reconnects$ = new Subject<void>();
// One subject per event type: a message is validated once, however many streams listen to it.
const payloadSubjects = new Map<DeviceEventType, Subject<unknown>>(EVENT_NAMES.map((name) => [name, new Subject()]));

/**
 * The realtime connection's state; it replays the current state to new subscribers. It is
 * 'connecting' while Socket.IO retries and 'disconnected' when it has given up (the server closed
 * the connection, or the connection was refused).
 *
 * @example
 * connectionState$.subscribe((state) => showBadge(state));
 */
export const connectionState$: Observable<ConnectionState> = state$.pipe(distinctUntilChanged());

/**
 * Emits every time the socket connects again after having been connected (not on the first
 * connection), whenever the subscriber arrived: the moment to reload what was missed while the
 * socket was down. It fires on the socket's own 'connect', not on the manager's 'reconnect',
 * because only then does the server send events again.
 *
 * @example
 * merge(of('open'), reconnected$).pipe(switchMap(() => load())).subscribe();
 */
export const reconnected$: Observable<void> = reconnects$.asObservable();

/**
 * The validated payloads of one server event, one at a time (batched arrays are flattened,
 * invalid payloads dropped). Works before the socket connects and across reconnects.
 *
 * @example
 * event$('DeviceConnectionStatusUpdated').subscribe(({ deviceId, connected }) => …);
 */
export function event$<K extends DeviceEventType>(name: K): Observable<DeviceEventPayloads[K]> {
  const subject = payloadSubjects.get(name) as Subject<DeviceEventPayloads[K]> | undefined;
  if (!subject) throw new Error(`Unknown event ${name}`);
  return subject.asObservable();
}

function dispatch(name: DeviceEventType, raw: unknown): void {
  const subject = payloadSubjects.get(name);
  if (!subject?.observed) return;
  for (const payload of normalisePayloads(name, DEVICE_EVENT_SCHEMAS[name], raw)) subject.next(payload);
}

/**
 * Opens the Socket.IO connection (path `/lighting/socket.io`, reconnecting after network losses,
 * sending the current access token on every attempt) and returns the function that closes it.
 */
export function connectRealtime(): () => void {
  if (socket) return () => undefined;
  const current = io({
    path: `${import.meta.env.BASE_URL}socket.io`,
    // A callback, so a reconnect after a token refresh sends the new token.
    auth: (callback) => callback({ token: getAccessToken() }),
    reconnection: true,
    // WebSocket first: no sticky sessions needed behind a load balancer, and no long-polling
    // requests to keep open; polling stays as the fallback for proxies that block WebSockets.
    transports: ['websocket', 'polling'],
  });
  socket = current;
  let hasConnected = false;
  // Socket.IO retries on its own unless the server closed the connection or refused it.
  const waitingState = (): ConnectionState => (current.active ? 'connecting' : 'disconnected');
  state$.next('connecting');
  current.on('connect', () => {
    state$.next('connected');
    if (hasConnected) reconnects$.next();
    hasConnected = true;
  });
  current.on('disconnect', () => state$.next(waitingState()));
  current.on('connect_error', () => state$.next(waitingState()));
  for (const name of EVENT_NAMES) current.on(name, (raw: unknown) => dispatch(name, raw));
  return () => {
    current.removeAllListeners();
    current.disconnect();
    socket = null;
    state$.next('disconnected');
  };
}
