import { DEVICE_EVENT_SCHEMAS, type DeviceEventPayloads, type DeviceEventType } from '@farola/protocol';
import { BehaviorSubject, distinctUntilChanged, Observable } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import { getAccessToken } from '@/lib/session';
import { normalisePayloads } from './normalise-payloads';

/** The socket's state as the UI shows it. */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

const EVENT_NAMES = Object.keys(DEVICE_EVENT_SCHEMAS) as DeviceEventType[];

let socket: Socket | null = null;
const state$ = new BehaviorSubject<ConnectionState>('disconnected');
type Listener = (raw: unknown) => void;
const listeners = new Map<DeviceEventType, Set<Listener>>(EVENT_NAMES.map((name) => [name, new Set()]));

/**
 * The realtime connection's state; it replays the current state to new subscribers and goes
 * back to 'connected' after every reconnect (which is when clients resynchronise).
 *
 * @example
 * connectionState$.pipe(filter((s) => s === 'connected')).subscribe(() => reloadDevices());
 */
export const connectionState$: Observable<ConnectionState> = state$.pipe(distinctUntilChanged());

/**
 * The validated payloads of one server event, one at a time (batched arrays are flattened,
 * invalid payloads dropped). Works before the socket connects and across reconnects.
 *
 * @example
 * event$('DeviceConnectionStatusUpdated').subscribe(({ deviceId, connected }) => …);
 */
export function event$<K extends DeviceEventType>(name: K): Observable<DeviceEventPayloads[K]> {
  return new Observable<DeviceEventPayloads[K]>((subscriber) => {
    const listener: Listener = (raw) => {
      for (const payload of normalisePayloads(name, DEVICE_EVENT_SCHEMAS[name], raw)) {
        subscriber.next(payload as DeviceEventPayloads[K]);
      }
    };
    listeners.get(name)?.add(listener);
    return () => {
      listeners.get(name)?.delete(listener);
    };
  });
}

function dispatch(name: DeviceEventType, raw: unknown): void {
  for (const listener of listeners.get(name) ?? []) listener(raw);
}

/**
 * Opens the Socket.IO connection (path `/lighting/socket.io`, reconnecting forever, sending the
 * current access token on every attempt) and returns the function that closes it.
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
  state$.next('connecting');
  current.on('connect', () => state$.next('connected'));
  current.on('disconnect', () => state$.next('connecting'));
  current.on('connect_error', () => state$.next(current.active ? 'connecting' : 'disconnected'));
  for (const name of EVENT_NAMES) current.on(name, (raw: unknown) => dispatch(name, raw));
  return () => {
    current.removeAllListeners();
    current.disconnect();
    socket = null;
    state$.next('disconnected');
  };
}
