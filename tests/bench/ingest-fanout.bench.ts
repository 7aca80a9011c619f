/**
 * `npm run bench`: ingest and fan-out figures. Starts the realtime-server and the fleet simulator
 * as separate processes (10,000 devices reporting every 10 s over gateway connections by default),
 * listens on a Socket.IO client subscribed to every project's attribute reports, and prints:
 * messages/s ingested, device publish → socket latency p50/p95/p99, and the server's RSS and CPU.
 *
 * Environment: BENCH_DEVICES (10000), BENCH_INTERVAL_S (10), BENCH_WARMUP_S (20), BENCH_SECONDS (60),
 * BENCH_GATEWAY_SIZE (500), BENCH_DATA_DIR (a temporary folder: PGlite on disk, as in production
 * without DATABASE_URL), DATABASE_URL / MQTT_URL to measure against real servers instead,
 * BENCH_CPU_PROFILE_DIR to write a V8 CPU profile of the server there (open it in Chrome DevTools).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { DeviceAttributeValueUpdatedSchema, SOCKET_PATH } from '@farola/protocol';
import { clearRetainedFleet } from './retained';

const root = fileURLToPath(new URL('../..', import.meta.url));
const numberEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DEVICES = numberEnv('BENCH_DEVICES', 10_000);
const INTERVAL_S = numberEnv('BENCH_INTERVAL_S', 10);
const WARMUP_S = numberEnv('BENCH_WARMUP_S', 20);
const SECONDS = numberEnv('BENCH_SECONDS', 60);
const GATEWAY_SIZE = numberEnv('BENCH_GATEWAY_SIZE', 500);
const PORT = 18180;
const MQTT_PORT = 18885;
const CLOCK_TICKS_PER_SECOND = 100;

const dataDir = process.env['BENCH_DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'farola-bench-'));
const httpUrl = `http://127.0.0.1:${PORT}`;
const brokerUrl = process.env['MQTT_URL'] ?? `mqtt://127.0.0.1:${MQTT_PORT}`;
const children: ChildProcess[] = [];

function start(script: string, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function health(): Promise<{ devices: number; mqtt: { accepted: number } } | null> {
  try {
    const answer = await fetch(`${httpUrl}/lighting/api/health`);
    return answer.ok ? ((await answer.json()) as { devices: number; mqtt: { accepted: number } }) : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
function processUsage(pid: number): { cpuSeconds: number; rssMiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpuSeconds, rssMiB: rssKiB / 1024 };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutS: number): Promise<void> {
  const deadline = Date.now() + timeoutS * 1000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(500);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function main(): Promise<void> {
  const profileDir = process.env['BENCH_CPU_PROFILE_DIR'];
  const server = start(
    'apps/realtime-server/src/server.ts',
    { PORT: String(PORT), MQTT_PORT: String(MQTT_PORT), DATA_DIR: dataDir, AUTH_DISABLED: 'true' },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  await waitFor('the server', async () => (await health()) !== null, 120);
  start('apps/fleet-simulator/src/main.ts', {
    SIM_MQTT_URL: brokerUrl,
    SIM_DEVICES: String(DEVICES),
    SIM_GATEWAY_SIZE: String(GATEWAY_SIZE),
    SIM_REPORT_INTERVAL_S: String(INTERVAL_S),
    SIM_SERIAL_PREFIX: 'BENCH',
    SIM_DROP_RATE_PER_HOUR: '0',
  });
  console.log(`Waiting for ${DEVICES} devices to register…`);
  await waitFor('the fleet', async () => ((await health())?.devices ?? 0) >= DEVICES, 600);

  const latencies: number[] = [];
  let measuring = false;
  const socket = io(httpUrl, { path: SOCKET_PATH, transports: ['websocket'] });
  // Attribute reports reach only subscribers: listen to every project, as an integration would.
  const me = (await (await fetch(`${httpUrl}/lighting/api/v1/me`)).json()) as { projectIds: string[] };
  socket.emit('subscribe', { projectIds: me.projectIds.slice(0, 50) });
  socket.on('DeviceAttributeValueUpdated', (batch: unknown) => {
    if (!measuring) return;
    const now = Date.now();
    for (const payload of [batch].flat()) {
      const event = DeviceAttributeValueUpdatedSchema.parse(payload);
      latencies.push(now - Date.parse(event.ts));
    }
  });
  console.log(`Warming up for ${WARMUP_S} s…`);
  await sleep(WARMUP_S * 1000);

  const before = { health: (await health())!, usage: processUsage(server.pid!), at: Date.now() };
  measuring = true;
  let peakRss = before.usage.rssMiB;
  for (let elapsed = 0; elapsed < SECONDS; elapsed += 1) {
    await sleep(1000);
    peakRss = Math.max(peakRss, processUsage(server.pid!).rssMiB);
  }
  measuring = false;
  const after = { health: (await health())!, usage: processUsage(server.pid!), at: Date.now() };
  socket.close();

  const wallSeconds = (after.at - before.at) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const rows: [string, string][] = [
    ['devices', `${DEVICES} (report every ${INTERVAL_S} s, ${GATEWAY_SIZE} per MQTT connection)`],
    ['measured for', `${wallSeconds.toFixed(0)} s`],
    ['messages/s ingested', ((after.health.mqtt.accepted - before.health.mqtt.accepted) / wallSeconds).toFixed(0)],
    ['events/s at the socket', (sorted.length / wallSeconds).toFixed(0)],
    ['latency p50', `${percentile(sorted, 50).toFixed(0)} ms`],
    ['latency p95', `${percentile(sorted, 95).toFixed(0)} ms`],
    ['latency p99', `${percentile(sorted, 99).toFixed(0)} ms`],
    ['latency max', `${(sorted.at(-1) ?? Number.NaN).toFixed(0)} ms`],
    [
      'server CPU',
      `${((100 * (after.usage.cpuSeconds - before.usage.cpuSeconds)) / wallSeconds).toFixed(0)} % of one core`,
    ],
    ['server RSS', `${after.usage.rssMiB.toFixed(0)} MiB (peak ${peakRss.toFixed(0)} MiB)`],
  ];
  console.log('\nFarola ingest and fan-out benchmark');
  for (const [name, value] of rows) console.log(`  ${name.padEnd(24)} ${value}`);
}

async function stopAll(): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  if (!process.env['BENCH_DATA_DIR']) rmSync(dataDir, { recursive: true, force: true });
  if (process.env['MQTT_URL']) await clearRetainedFleet(brokerUrl);
}

main()
  .then(stopAll)
  .catch(async (error: unknown) => {
    console.error(error);
    await stopAll();
    process.exit(1);
  });
