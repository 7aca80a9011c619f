import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { type Fleet, startFleet } from '@farola/fleet-simulator';
import { loadIdpConfig, type RunningIdentityProvider, startIdentityProvider } from '@farola/identity-provider';
import {
  type ClientToServerEvents,
  DEMO_CLIENT_ID,
  DEMO_REALM,
  SOCKET_PATH,
  type ServerToClientEvents,
  type SubscribeAck,
  type Subscription,
} from '@farola/protocol';
import { type FarolaServer, loadConfig, startFarolaServer } from '@farola/realtime-server';

export type Topology = 'embedded' | 'external';

export const POSTGRES_URL = process.env['FAROLA_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MOSQUITTO_URL = process.env['FAROLA_TEST_MQTT_URL'] ?? 'mqtt://127.0.0.1:1883';

/** A fresh PostgreSQL schema for one test run, so runs never see each other's rows. */
export async function freshSchemaUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `it_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

export interface Stack {
  httpUrl: string;
  mqttUrl: string;
  fleet: Fleet;
  serialPrefix: string;
  close: () => Promise<void>;
}

/** Starts the real server and a real simulated fleet on the embedded defaults or on the machine's PostgreSQL and Mosquitto. */
export async function startStack(
  topology: Topology,
  fleetSize = 12,
  fleetOptions: Partial<Parameters<typeof startFleet>[0]> = {},
): Promise<Stack> {
  const database = topology === 'external' ? await freshSchemaUrl() : null;
  const env: Record<string, string> = {
    PORT: '0',
    AUTH_DISABLED: 'true',
    LOG_LEVEL: 'warn',
    COMMAND_ATTEMPT_TIMEOUT_MS: '5000',
    ...(topology === 'external'
      ? { DATABASE_URL: database!.url, MQTT_URL: MOSQUITTO_URL }
      : { DATA_DIR: 'memory://', MQTT_PORT: '0' }),
  };
  const server = await startFarolaServer(loadConfig(env));
  // Mosquitto keeps retained messages across runs: a prefix per run keeps fleets apart.
  const serialPrefix = `IT${randomUUID().slice(0, 6).toUpperCase()}`;
  const fleet = await startFleet({
    mqttUrl: server.mqttUrl,
    devices: fleetSize,
    seed: 'integration',
    serialPrefix,
    speed: 5,
    errorRate: 0,
    dropRatePerHour: 0,
    reportIntervalSeconds: 2,
    // Provisioned through the API like the demo's fleet; a fresh credentials file per run.
    provisioning: {
      apiUrl: `${server.httpUrl}/lighting/api`,
      oauth: null,
      credentialsFile: path.join(tmpdir(), `farola-it-${serialPrefix}.json`),
    },
    ...fleetOptions,
  });
  await fleet.ready;
  return {
    httpUrl: server.httpUrl,
    mqttUrl: server.mqttUrl,
    fleet,
    serialPrefix,
    close: async () => {
      await fleet.stop();
      if (topology === 'external')
        await clearRetained(
          MOSQUITTO_URL,
          fleet.devices.map((d) => d.serialNumber),
        );
      await server.close();
      await database?.drop();
    },
  };
}

/** Removes the retained connection messages a run left on a shared broker (the machine's Mosquitto, without auth). */
export async function clearRetained(brokerUrl: string, serialNumbers: string[]): Promise<void> {
  const client = await mqtt.connectAsync(brokerUrl);
  await Promise.all(
    serialNumbers.map((serial) =>
      client.publishAsync(`lighting/v1/devices/${serial}/up/connection`, '', { retain: true, qos: 1 }),
    ),
  );
  await client.endAsync();
}

export type FarolaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export async function connectSocket(httpUrl: string): Promise<FarolaSocket> {
  // Default transports, as a browser uses them: HTTP long-polling first, then the upgrade to WebSocket.
  const socket: FarolaSocket = io(httpUrl, { path: SOCKET_PATH });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Subscribes to detailed streams (attribute reports of devices or whole projects); resolves with the answer. */
export function subscribe(socket: FarolaSocket, body: Subscription): Promise<SubscribeAck> {
  return new Promise((resolve) => socket.emit('subscribe', body, resolve));
}

/** Resolves with the first event payload (batches flattened) that matches. */
export function nextEvent<K extends keyof ServerToClientEvents>(
  socket: FarolaSocket,
  name: K,
  matches: (
    payload: Parameters<ServerToClientEvents[K]>[0] extends infer P ? (P extends (infer T)[] ? T : P) : never,
  ) => boolean,
  timeoutMs = 15_000,
): Promise<Parameters<typeof matches>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${name} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (batch: unknown) => {
      for (const payload of [batch].flat() as Parameters<typeof matches>[0][]) {
        if (matches(payload)) {
          clearTimeout(timer);
          socket.off(name, listener as never);
          resolve(payload);
          return;
        }
      }
    };
    socket.on(name, listener as never);
  });
}

export async function getJson<T = unknown>(url: string): Promise<{ status: number; body: T }> {
  const answer = await fetch(url);
  return { status: answer.status, body: (await answer.json()) as T };
}

export async function postJson<T = unknown>(url: string, data: unknown): Promise<{ status: number; body: T }> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data),
  });
  return { status: answer.status, body: (await answer.json()) as T };
}

/** A server with sign-in on, verifying the tokens of a development identity provider of its own. */
export interface SignedInServer {
  idp: RunningIdentityProvider;
  server: FarolaServer;
  close(): Promise<void>;
}

/**
 * Starts the development identity provider and a server (embedded defaults) that signs in
 * through it, as `AUTH_DISABLED=false npm start` runs them; `env` adds to the server's settings.
 */
export async function startSignedInServer(env: Record<string, string> = {}): Promise<SignedInServer> {
  const idp = await startIdentityProvider(
    loadIdpConfig({
      IDP_PORT: '0',
      IDP_CONSOLE_REDIRECT_URIS: 'http://127.0.0.1:8080/lighting/*',
      LOG_LEVEL: 'silent',
    }),
  );
  const server = await startFarolaServer(
    loadConfig({
      PORT: '0',
      DATA_DIR: 'memory://',
      MQTT_PORT: '0',
      AUTH_DISABLED: 'false',
      OAUTH_URL: idp.url,
      OAUTH_REALM: DEMO_REALM,
      OAUTH_CLIENT_ID: DEMO_CLIENT_ID,
      LOG_LEVEL: 'silent',
      ...env,
    }),
  ).catch(async (error: unknown) => {
    await idp.close();
    throw error;
  });
  return {
    idp,
    server,
    close: async () => {
      await server.close();
      await idp.close();
    },
  };
}
