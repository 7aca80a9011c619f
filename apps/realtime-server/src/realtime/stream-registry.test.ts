import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ClientToServerEvents,
  defineStream,
  DEVICE_EVENT_SCHEMAS,
  type RealtimeSession,
  type ServerToClientEvents,
  SOCKET_PATH,
  STREAMS,
} from '@farola/protocol';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '../auth/user';
import { resume, subscribe } from '../testing/harness';
import { createSocketServer, type FarolaSocketServer } from './socket-server';
import { StreamHub } from './stream-hub';

const SEEN_PROJECT = '6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a61';
const OTHER_PROJECT = '6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a62';
const SEEN_GATEWAY = '6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a63';
const OTHER_GATEWAY = '6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a64';

/** The protocol's streams and two more, each declared in one entry. */
const connections = DEVICE_EVENT_SCHEMAS.DeviceConnectionStatusUpdated;
const REGISTRY = {
  ...STREAMS,
  site: defineStream({
    kind: 'site',
    scope: 'project',
    detailed: false,
    events: { DeviceConnectionStatusUpdated: connections },
  }),
  gateway: defineStream({
    kind: 'gateway',
    scope: 'device',
    detailed: true,
    events: { DeviceConnectionStatusUpdated: connections },
  }),
};

describe('a stream kind added to the registry', () => {
  let http: HttpServer;
  let server: FarolaSocketServer;
  let hub: StreamHub;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    http = createServer();
    hub = new StreamHub({ batchMs: 10, maxAgeMs: 60_000, maxItems: 100, registry: REGISTRY }, (room, event, batch) =>
      (server.to(room) as unknown as { emit: (name: string, body: unknown) => boolean }).emit(event, batch),
    );
    server = createSocketServer(http, {
      authenticate: () => Promise.resolve(DEMO_USER),
      projects: { visibleProjectIds: () => Promise.resolve([SEEN_PROJECT]) },
      // The `gateway:` kind is device-scoped: its id's project decides who may have it.
      devices: { projectOf: (id) => ({ [SEEN_GATEWAY]: SEEN_PROJECT, [OTHER_GATEWAY]: OTHER_PROJECT })[id] },
      jobs: { loadJobs: () => Promise.resolve(), projectsOfJob: () => undefined },
      hub,
      logger: pino({ level: 'silent' }),
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    hub.close();
    await server.close();
  });

  async function connect() {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
    });
    sockets.push(socket as Socket);
    const session = await new Promise<RealtimeSession>((resolve) => socket.once('session', resolve));
    return Object.assign(socket, { session });
  }

  it('is joined at connect for every project the user sees when it is not detailed', async () => {
    const socket = await connect();
    expect(Object.keys(socket.session.streams).sort()).toEqual(
      [`fleet:${SEEN_PROJECT}`, `project:${SEEN_PROJECT}`, `site:${SEEN_PROJECT}`].sort(),
    );
  });

  it('is subscribed by its scope when detailed, within the projects the user sees', async () => {
    const socket = await connect();
    expect(await subscribe(socket, { deviceIds: [SEEN_GATEWAY] })).toEqual({
      ok: true,
      streams: { [`device:${SEEN_GATEWAY}`]: 0, [`gateway:${SEEN_GATEWAY}`]: 0 },
    });
    expect(await subscribe(socket, { deviceIds: [OTHER_GATEWAY] })).toMatchObject({
      ok: false,
      error: { code: 'ACCESS_NOT_GRANTED' },
    });
    const answer = await resume(socket, {
      epoch: hub.epoch,
      positions: { [`site:${SEEN_PROJECT}`]: 0, [`site:${OTHER_PROJECT}`]: 0, [`gateway:${OTHER_GATEWAY}`]: 0 },
    });
    expect(answer).toEqual({
      ok: true,
      epoch: hub.epoch,
      caughtUp: [`site:${SEEN_PROJECT}`],
      resync: [`site:${OTHER_PROJECT}`, `gateway:${OTHER_GATEWAY}`],
    });
  });

  it('refuses a resume naming a kind the registry does not declare', async () => {
    const socket = await connect();
    expect(await resume(socket, { epoch: hub.epoch, positions: { [`alarms:${SEEN_PROJECT}`]: 0 } })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
  });
});
