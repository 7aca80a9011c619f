import { randomUUID } from 'node:crypto';
import type { DeviceEventPayloads, DeviceEventType, ServerToClientEvents, UpConnectionMessage } from '@farola/protocol';
import { SOCKET_PATH, topics } from '@farola/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '../config';
import { type FarolaServer, type StartOptions, startFarolaServer } from '../boot';

/** A real server on an in-memory PGlite and an embedded broker on a free port, plus real clients. */
export interface Harness {
  server: FarolaServer;
  device: MqttClient;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on answers field by field; a JSON answer is read as loosely typed
  api: (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;
  socket: () => Promise<Socket<ServerToClientEvents>>;
  publish: (
    serial: string,
    channel: 'attributes' | 'connection' | 'commands' | 'alarms',
    body: unknown,
  ) => Promise<void>;
  register: (
    serial: string,
    registration?: Partial<NonNullable<UpConnectionMessage['registration']>>,
  ) => Promise<string>;
  close: () => Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}, options: StartOptions = {}): Promise<Harness> {
  const server = await startFarolaServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', MQTT_PORT: '0', AUTH_DISABLED: 'true', ...env }),
    { logger: pino({ level: 'silent' }), ...options },
  );
  const device = await mqtt.connectAsync(server.mqttUrl, { clientId: `test-${randomUUID().slice(0, 8)}` });
  const sockets: Socket[] = [];
  const api: Harness['api'] = async (path, init) => {
    const answer = await fetch(`${server.httpUrl}/lighting/api${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init?.headers },
    });
    const text = await answer.text();
    return { status: answer.status, body: text ? JSON.parse(text) : null };
  };
  const publish: Harness['publish'] = async (serial, channel, body) => {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    await device.publishAsync(topics.up(serial, channel), payload, { qos: 1 });
  };
  return {
    server,
    device,
    api,
    publish,
    socket: async () => {
      const socket: Socket<ServerToClientEvents> = io(server.httpUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
      });
      sockets.push(socket as Socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    },
    register: async (serial, registration = {}) => {
      await publish(serial, 'connection', {
        connected: true,
        ts: new Date().toISOString(),
        registration: { deviceType: 'light-point-controller', vendor: 'orion', ...registration },
      });
      return waitForDevice(api, serial);
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
async function waitForDevice(api: Harness['api'], serial: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { body } = await api(`/v1/devices?q=${encodeURIComponent(serial)}`);
    const found = (body.items as { id: string; serialNumber: string }[]).find((d) => d.serialNumber === serial);
    if (found) return found.id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`device ${serial} was not registered within ${timeoutMs} ms`);
}

/** Resolves with the first payload of `event` (batches flattened) that matches. */
export function nextEvent<K extends DeviceEventType>(
  socket: Socket<ServerToClientEvents>,
  event: K,
  matches: (payload: DeviceEventPayloads[K]) => boolean,
  timeoutMs = 10_000,
): Promise<{ payload: DeviceEventPayloads[K]; batch: unknown }> {
  // The typed socket narrows listeners per event; this helper listens to any of them.
  const target = socket as unknown as {
    on: (e: string, l: (b: unknown) => void) => void;
    off: (e: string, l: (b: unknown) => void) => void;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (batch: unknown) => {
      const found = ([batch].flat() as DeviceEventPayloads[K][]).find(matches);
      if (!found) return;
      clearTimeout(timer);
      target.off(event, listener);
      resolve({ payload: found, batch });
    };
    target.on(event, listener);
  });
}

export const uniqueSerial = (prefix = 'T') => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;
