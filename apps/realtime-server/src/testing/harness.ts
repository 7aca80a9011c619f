import { randomUUID } from 'node:crypto';
import type {
  ClientToServerEvents,
  RealtimeAuth,
  RealtimeSession,
  Resume,
  ResumeAck,
  ServerToClientEvents,
  StreamedEventPayloads,
  StreamedEventType,
  SubscribeAck,
  Subscription,
  UnsubscribeAck,
  UpChannel,
  UpConnectionMessage,
} from '@farola/protocol';
import { DEMO_PROJECT_ID, SOCKET_PATH, topics } from '@farola/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { DEMO_USER } from '../auth/user';
import { loadConfig } from '../config';
import { type FarolaServer, type StartOptions, startFarolaServer } from '../boot';

export type FarolaClient = Socket<ServerToClientEvents, ClientToServerEvents> & { session: RealtimeSession };

/**
 * A real server on an in-memory PGlite and an embedded broker on a free port, plus real clients.
 * `device` is a gateway provisioned at start (`gatewayId`), connected with its credentials: every
 * device `register` provisions goes behind it, so `device` and `publish` may speak for them, and
 * it subscribes to their commands.
 */
export interface Harness {
  server: FarolaServer;
  device: MqttClient;
  gatewayId: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on answers field by field; a JSON answer is read as loosely typed
  api: (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;
  /** `api` with a method and a JSON body (none when undefined): `h.send('PUT', '/v1/calendars/…', calendar)`. */
  send: (method: string, path: string, body?: unknown) => ReturnType<Harness['api']>;
  /** A connected Socket.IO client, with the `session` the server greeted it with. */
  /** `listen` attaches listeners before the connection opens (to see what follows the session at once). */
  socket: (
    auth?: RealtimeAuth,
    listen?: (socket: Socket<ServerToClientEvents, ClientToServerEvents>) => void,
  ) => Promise<FarolaClient>;
  publish: (serial: string, channel: UpChannel, body: unknown) => Promise<void>;
  /** Provisions a device behind the harness gateway (in `provisioned` status) without announcing it; its id. */
  provision: (
    serial: string,
    registration?: Partial<NonNullable<UpConnectionMessage['registration']>>,
  ) => Promise<string>;
  /**
   * Provisions a device behind the harness gateway and announces it; resolves with its id once it
   * is registered. With sign-in on, `token` is whose device list shows it (an admin's).
   */
  register: (
    serial: string,
    registration?: Partial<NonNullable<UpConnectionMessage['registration']>>,
    token?: string,
  ) => Promise<string>;
  close: () => Promise<void>;
}

/**
 * Tests poll the API far faster than any user (a registration is awaited by listing devices every
 * 50 ms), so the harness turns the rate limits off; http/rate-limits.test.ts sets its own.
 */
const NO_RATE_LIMITS = {
  RATE_LIMIT_API: '0',
  RATE_LIMIT_EXPENSIVE_READS: '0',
  RATE_LIMIT_WRITES: '0',
  RATE_LIMIT_AUTH_FAILURES: '0',
  RATE_LIMIT_SOCKET_HANDSHAKES: '0',
};

export async function startHarness(env: Record<string, string> = {}, options: StartOptions = {}): Promise<Harness> {
  const server = await startFarolaServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      MQTT_PORT: '0',
      AUTH_DISABLED: 'true',
      ...NO_RATE_LIMITS,
      ...env,
    }),
    { logger: pino({ level: 'silent' }), ...options },
  );
  const devices = server.services.get('devices');
  const gatewayId = `HARNESS-GW-${randomUUID().slice(0, 8).toUpperCase()}`;
  const gateway = await devices.provisioning.provisionGateway(DEMO_USER, {
    gatewayId,
    projectId: DEMO_PROJECT_ID,
    name: 'Test harness',
  });
  const device = await mqtt.connectAsync(server.mqttUrl, { clientId: gatewayId, ...gateway.credentials });
  const sockets: Socket[] = [];
  const api: Harness['api'] = async (path, init) => {
    const answer = await fetch(`${server.httpUrl}/lighting/api${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init?.headers },
    });
    const text = await answer.text();
    return { status: answer.status, body: text ? JSON.parse(text) : null };
  };
  // With auth disabled a watcher socket sees every registration's own push, which reaches sockets a
  // batch after the device is visible; `register` waits for it, so no test takes it for a later change.
  const authDisabled = env['AUTH_DISABLED'] !== 'false';
  const registered = new Set<string>();
  let watcher: Promise<Socket> | null = null;
  const watch = () =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(server.httpUrl, { path: SOCKET_PATH, transports: ['websocket'] });
      socket.on('DeviceConnectionStatusUpdated', (batch: unknown) => {
        for (const event of [batch].flat() as { deviceId: string; connected: boolean }[]) {
          if (event.connected) registered.add(event.deviceId);
        }
      });
      socket.once('session', () => resolve(socket));
      socket.once('connect_error', reject);
      sockets.push(socket);
    });
  const publish: Harness['publish'] = async (serial, channel, body) => {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    await device.publishAsync(topics.up(serial, channel), payload, { qos: 1 });
  };
  const provision: Harness['provision'] = async (serial, registration = {}) => {
    const { items } = await devices.bulkProvisioning.provision(DEMO_USER, gateway.id, [
      {
        serialNumber: serial,
        deviceType: registration.deviceType ?? 'light-point-controller',
        vendor: registration.vendor ?? 'orion',
        projectId: registration.projectId ?? DEMO_PROJECT_ID,
        name: registration.name ?? serial,
      },
    ]);
    const [item] = items;
    if (item?.status !== 'created' || !item.deviceId)
      throw new Error(`could not provision ${serial}: ${JSON.stringify(item)}`);
    await device.subscribeAsync(topics.downCommands(serial), { qos: 1 });
    return item.deviceId;
  };
  return {
    server,
    device,
    gatewayId,
    provision,
    api,
    send: (method, path, body) => api(path, jsonRequest(method, body)),
    publish,
    socket: async (auth, listen) => {
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(server.httpUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        ...(auth ? { auth: { ...auth } } : {}),
        autoConnect: false,
      });
      listen?.(socket);
      socket.connect();
      sockets.push(socket as Socket);
      const session = await new Promise<RealtimeSession>((resolve, reject) => {
        socket.once('session', resolve);
        socket.once('connect_error', reject);
      });
      return Object.assign(socket, { session });
    },
    register: async (serial, registration = {}, token) => {
      if (authDisabled) await (watcher ??= watch());
      const announced = { deviceType: 'light-point-controller', vendor: 'orion', ...registration } as const;
      await provision(serial, announced);
      await publish(serial, 'connection', { connected: true, ts: new Date().toISOString(), registration: announced });
      const id = await waitForDevice(api, serial, token);
      if (authDisabled) await until(() => registered.has(id), `the registration push of ${serial}`);
      return id;
    },
    close: async () => {
      for (const socket of sockets) socket.close();
      await device.endAsync();
      await server.close();
    },
  };
}

/**
 * Polls the device list until the serial number shows up, and returns the device id. The deadline is
 * generous because a shared broker (the machine's Mosquitto) may be carrying other fleets' traffic.
 */
async function waitForDevice(api: Harness['api'], serial: string, token?: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const init = token ? { headers: { authorization: `Bearer ${token}` } } : undefined;
  while (Date.now() < deadline) {
    const { body } = await api(`/v1/devices?q=${encodeURIComponent(serial)}`, init);
    const found = (body.items as { id: string; serialNumber: string }[]).find((d) => d.serialNumber === serial);
    if (found) return found.id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`device ${serial} was not registered within ${timeoutMs} ms`);
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Sends `unsubscribe` and resolves with the server's answer. */
export function unsubscribe(socket: Client, body: Subscription): Promise<UnsubscribeAck> {
  return new Promise((resolve) => socket.emit('unsubscribe', body, resolve));
}

/** Sends `resume` and resolves with the server's answer. */
export function resume(socket: Client, body: Resume): Promise<ResumeAck> {
  return new Promise((resolve) => socket.emit('resume', body, resolve));
}

/** Every payload of `event` the socket receives from now on (batches flattened), in arrival order. */
export function collect<K extends StreamedEventType>(
  socket: Client,
  event: K,
  matches: (payload: StreamedEventPayloads[K]) => boolean = () => true,
): StreamedEventPayloads[K][] {
  const received: StreamedEventPayloads[K][] = [];
  (socket as unknown as { on: (e: string, l: (b: unknown) => void) => void }).on(event, (batch) => {
    for (const payload of [batch].flat() as StreamedEventPayloads[K][]) if (matches(payload)) received.push(payload);
  });
  return received;
}

/** Subscribes a socket to detailed streams and resolves with the server's answer. */
export function subscribe(
  socket: Socket<ServerToClientEvents, ClientToServerEvents>,
  body: Subscription,
): Promise<SubscribeAck> {
  return new Promise((resolve) => socket.emit('subscribe', body, resolve));
}

/** Resolves with the first payload of `event` (batches flattened) that matches. */
export function nextEvent<K extends StreamedEventType>(
  socket: Socket<ServerToClientEvents, ClientToServerEvents>,
  event: K,
  matches: (payload: StreamedEventPayloads[K]) => boolean,
  timeoutMs = 10_000,
): Promise<{ payload: StreamedEventPayloads[K]; batch: unknown }> {
  // The typed socket narrows listeners per event; this helper listens to any of them.
  const target = socket as unknown as {
    on: (e: string, l: (b: unknown) => void) => void;
    off: (e: string, l: (b: unknown) => void) => void;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (batch: unknown) => {
      const found = ([batch].flat() as StreamedEventPayloads[K][]).find(matches);
      if (!found) return;
      clearTimeout(timer);
      target.off(event, listener);
      resolve({ payload: found, batch });
    };
    target.on(event, listener);
  });
}

export const uniqueSerial = (prefix = 'T') => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;

/** A request with a method and a JSON body (none when `body` is undefined). */
export function jsonRequest(method: string, body?: unknown): RequestInit {
  return { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
}
