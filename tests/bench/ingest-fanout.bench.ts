/**
 * `npm run bench`: ingest and fan-out figures. Starts the realtime-server and the fleet simulator
 * as separate processes (10,000 devices reporting every 10 s over gateway connections by default),
 * listens on BENCH_SOCKETS Socket.IO clients, each subscribed to every project's attribute reports
 * as an integration would, and prints: messages/s ingested, device publish → socket latency
 * p50/p95/p99, and the server's RSS and CPU.
 *
 * Environment: BENCH_DEVICES (10000), BENCH_INTERVAL_S (10), BENCH_WARMUP_S (20), BENCH_SECONDS (60),
 * BENCH_GATEWAY_SIZE (500), BENCH_SOCKETS (1), BENCH_DATA_DIR (a temporary folder: PGlite on disk, as in production
 * without DATABASE_URL), DATABASE_URL / MQTT_URL to measure against real servers instead,
 * BENCH_CPU_PROFILE_DIR to write a V8 CPU profile of the server there (open it in Chrome DevTools).
 */
import { io, type Socket } from 'socket.io-client';
import { DeviceAttributeValueUpdatedSchema, SOCKET_PATH } from '@farola/protocol';
import { BenchStack, numberEnv, percentile, printRows, processUsage, runBench, sleep, waitFor } from './bench-stack';

const DEVICES = numberEnv('BENCH_DEVICES', 10_000);
const INTERVAL_S = numberEnv('BENCH_INTERVAL_S', 10);
const WARMUP_S = numberEnv('BENCH_WARMUP_S', 20);
const SECONDS = numberEnv('BENCH_SECONDS', 60);
const GATEWAY_SIZE = numberEnv('BENCH_GATEWAY_SIZE', 500);
const SOCKETS = numberEnv('BENCH_SOCKETS', 1);

const stack = new BenchStack({ http: 18180, mqtt: 18885 });

async function main(): Promise<void> {
  await stack.startServer();
  stack.startFleet({ devices: DEVICES, gatewaySize: GATEWAY_SIZE, intervalS: INTERVAL_S });
  console.log(`Waiting for ${DEVICES} devices to register…`);
  await waitFor('the fleet', async () => ((await stack.health())?.connectedDevices ?? 0) >= DEVICES, 600);

  const latencies: number[] = [];
  let measuring = false;
  const sockets: Socket[] = [];
  // Attribute reports reach only subscribers: each socket listens to every project, as an integration would.
  const me = (await (await fetch(`${stack.httpUrl}/lighting/api/v1/me`)).json()) as { projectIds: string[] };
  for (let i = 0; i < SOCKETS; i += 1) {
    const socket = io(stack.httpUrl, { path: SOCKET_PATH, transports: ['websocket'] });
    socket.emit('subscribe', { projectIds: me.projectIds.slice(0, 50) });
    socket.on('DeviceAttributeValueUpdated', (batch: unknown) => {
      if (!measuring) return;
      const now = Date.now();
      for (const payload of [batch].flat()) {
        const event = DeviceAttributeValueUpdatedSchema.parse(payload);
        latencies.push(now - Date.parse(event.ts));
      }
    });
    sockets.push(socket);
  }
  console.log(`Warming up for ${WARMUP_S} s…`);
  await sleep(WARMUP_S * 1000);

  const server = stack.serverPid;
  const before = { health: (await stack.health())!, usage: processUsage(server), at: Date.now() };
  measuring = true;
  let peakRss = before.usage.rssMiB;
  for (let elapsed = 0; elapsed < SECONDS; elapsed += 1) {
    await sleep(1000);
    peakRss = Math.max(peakRss, processUsage(server).rssMiB);
  }
  measuring = false;
  const after = { health: (await stack.health())!, usage: processUsage(server), at: Date.now() };
  for (const socket of sockets) socket.close();

  const wallSeconds = (after.at - before.at) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  printRows('Farola ingest and fan-out benchmark', [
    ['devices', `${DEVICES} (report every ${INTERVAL_S} s, ${GATEWAY_SIZE} per MQTT connection)`],
    ['socket clients', String(SOCKETS)],
    ['measured for', `${wallSeconds.toFixed(0)} s`],
    ['messages/s ingested', ((after.health.mqtt.accepted - before.health.mqtt.accepted) / wallSeconds).toFixed(0)],
    ['events/s at the sockets', (sorted.length / wallSeconds).toFixed(0)],
    ['latency p50', `${percentile(sorted, 50).toFixed(0)} ms`],
    ['latency p95', `${percentile(sorted, 95).toFixed(0)} ms`],
    ['latency p99', `${percentile(sorted, 99).toFixed(0)} ms`],
    ['latency max', `${(sorted.at(-1) ?? Number.NaN).toFixed(0)} ms`],
    [
      'server CPU',
      `${((100 * (after.usage.cpuSeconds - before.usage.cpuSeconds)) / wallSeconds).toFixed(0)} % of one core`,
    ],
    ['server RSS', `${after.usage.rssMiB.toFixed(0)} MiB (peak ${peakRss.toFixed(0)} MiB)`],
  ]);
}

runBench(stack, main);
