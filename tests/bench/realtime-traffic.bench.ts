/**
 * Realtime traffic: what one browser receives per second with the map open (the compact fleet
 * state only), with one device panel open, and as an integration subscribed to whole projects;
 * then what it takes for a client to be consistent again after a 10-second disconnect, resuming
 * its streams, against reloading everything it shows (`GET /fleet` and the panel's device).
 *
 * Environment: BENCH_DEVICES (10000), BENCH_INTERVAL_S (10), BENCH_GATEWAY_SIZE (500),
 * BENCH_WARMUP_S (15), BENCH_SECONDS (30), BENCH_GAP_S (10); see bench-stack.ts for the rest.
 */
import { request } from 'node:http';
import {
  type ClientToServerEvents,
  type FleetList,
  type RealtimeAuth,
  type RealtimeSession,
  type ServerToClientEvents,
  SOCKET_PATH,
  STREAMED_EVENT_TYPES,
  type StreamPosition,
} from '@farola/protocol';
import { io, type Socket } from 'socket.io-client';
import { BenchStack, numberEnv, printRows, runBench, sleep, waitFor } from './bench-stack';

const DEVICES = numberEnv('BENCH_DEVICES', 10_000);
const INTERVAL_S = numberEnv('BENCH_INTERVAL_S', 10);
const GATEWAY_SIZE = numberEnv('BENCH_GATEWAY_SIZE', 500);
const WARMUP_S = numberEnv('BENCH_WARMUP_S', 15);
const SECONDS = numberEnv('BENCH_SECONDS', 30);
const GAP_S = numberEnv('BENCH_GAP_S', 10);

const stack = new BenchStack({ http: 18190, mqtt: 18886 });

/** A socket that counts what it receives: bytes of event packets, packets, and items in them. */
class CountingClient {
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  bytes = 0;
  packets = 0;
  items = 0;
  epoch = '';
  readonly positions: Record<string, number> = {};
  session: Promise<RealtimeSession>;

  constructor(auth: RealtimeAuth = {}) {
    this.socket = io(stack.httpUrl, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, auth });
    this.socket.io.on('open', () => this.socket.io.engine.on('packet', (packet) => this.count(packet)));
    this.session = new Promise((resolve) => this.socket.once('session', resolve));
    for (const type of STREAMED_EVENT_TYPES) {
      this.socket.on(type, (batch: StreamPosition | StreamPosition[]) => {
        for (const item of [batch].flat()) {
          this.items += 1;
          this.positions[item.stream] = Math.max(this.positions[item.stream] ?? 0, item.seq);
        }
      });
    }
  }

  private count(packet: { type: string; data?: unknown }): void {
    if (packet.type !== 'message' || typeof packet.data !== 'string') return;
    this.bytes += Buffer.byteLength(packet.data);
    this.packets += 1;
  }

  async ready(): Promise<RealtimeSession> {
    const session = await this.session;
    this.epoch = session.epoch;
    for (const [stream, seq] of Object.entries(session.streams)) this.positions[stream] ??= seq;
    return session;
  }

  subscribe(subscription: { deviceIds?: string[]; projectIds?: string[] }): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.emit('subscribe', subscription, (answer) => {
        if (!answer.ok) return reject(new Error(answer.error.message));
        for (const [stream, seq] of Object.entries(answer.streams)) this.positions[stream] ??= seq;
        resolve();
      }),
    );
  }

  reset(): void {
    this.bytes = 0;
    this.packets = 0;
    this.items = 0;
  }

  close(): void {
    this.socket.close();
  }
}

/** A GET as a browser sends it (gzip accepted): bytes on the wire, bytes of JSON, time to the last byte. */
function get<T>(path: string): Promise<{ wire: number; json: number; ms: number; body: T }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(`${stack.httpUrl}/lighting/api${path}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        void import('node:zlib').then(({ gunzipSync }) => {
          const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          resolve({
            wire: raw.length,
            json: Buffer.byteLength(text),
            ms: performance.now() - started,
            body: JSON.parse(text) as T,
          });
        });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const perSecond = (value: number, seconds: number) => (value / seconds).toFixed(1);

runBench(stack, async () => {
  await stack.startServer();
  stack.startFleet({ devices: DEVICES, gatewaySize: GATEWAY_SIZE, intervalS: INTERVAL_S });
  console.log(`Waiting for ${DEVICES} devices to register…`);
  await waitFor('the fleet', async () => ((await stack.health())?.connectedDevices ?? 0) >= DEVICES, 900);

  const fleet = (await get<FleetList>('/v1/fleet')).body;
  const projectIds = [...new Set(fleet.items.map((device) => device.projectId))];
  const panelDevice = fleet.items.find((device) => device.connected && device.deviceType === 'light-point-controller')!;

  const map = new CountingClient();
  const panel = new CountingClient();
  const integration = new CountingClient();
  await Promise.all([map.ready(), panel.ready(), integration.ready()]);
  await panel.subscribe({ deviceIds: [panelDevice.deviceId] });
  await integration.subscribe({ projectIds });
  console.log(`Warming up for ${WARMUP_S} s…`);
  await sleep(WARMUP_S * 1000);
  for (const client of [map, panel, integration]) client.reset();
  const started = Date.now();
  await sleep(SECONDS * 1000);
  const seconds = (Date.now() - started) / 1000;
  const traffic = (client: CountingClient): string =>
    `${kB(client.bytes / seconds)}/s, ${perSecond(client.packets, seconds)} messages/s, ${perSecond(client.items, seconds)} items/s`;
  const trafficRows: [string, string][] = [
    ['devices', `${DEVICES} (report every ${INTERVAL_S} s) in ${projectIds.length} projects`],
    ['map open (fleet state)', traffic(map)],
    ['map + one device panel', traffic(panel)],
    ['integration, whole projects', traffic(integration)],
  ];
  integration.close();
  map.close();

  // The panel's browser drops off for GAP_S seconds and comes back, resuming where it was.
  const { epoch, positions } = panel;
  panel.close();
  await sleep(GAP_S * 1000);
  const resumeStarted = performance.now();
  const back = new CountingClient({ resume: { epoch, positions: { ...positions } } });
  const session = await back.ready();
  await waitFor(
    'the replay',
    async () =>
      Object.entries(session.streams).every(
        ([stream, seq]) => !session.resumed?.caughtUp.includes(stream) || (back.positions[stream] ?? 0) >= seq,
      ),
    60,
  );
  const catchUpMs = performance.now() - resumeStarted;
  const catchUpBytes = back.bytes;
  back.close();

  // The same browser reloading what it shows instead: a new session, the fleet and the panel's device.
  const reloadStarted = performance.now();
  const fresh = new CountingClient();
  await fresh.ready();
  await fresh.subscribe({ deviceIds: [panelDevice.deviceId] });
  const [fleetAgain, device] = await Promise.all([
    get<FleetList>('/v1/fleet'),
    get(`/v1/devices/${panelDevice.deviceId}`),
  ]);
  const reloadMs = performance.now() - reloadStarted;
  fresh.close();

  printRows('Farola realtime traffic per browser', [
    ...trafficRows,
    [
      `catch-up after ${GAP_S} s away`,
      `${kB(catchUpBytes)} in ${catchUpMs.toFixed(0)} ms (${session.resumed?.caughtUp.length ?? 0} streams caught up, ${session.resumed?.resync.length ?? 0} to reload)`,
    ],
    [
      'full reload instead',
      `${kB(fresh.bytes + fleetAgain.wire + device.wire)} on the wire (${kB(fleetAgain.json + device.json)} of JSON) in ${reloadMs.toFixed(0)} ms`,
    ],
  ]);
});
