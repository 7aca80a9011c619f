/**
 * The fleet's first minute: how long until a fleet of devices that each connect on their own
 * (SIM_GATEWAY_SIZE=1, like cellular controllers) is provisioned through the API and connected,
 * on the embedded defaults (PGlite on disk, Aedes in the server).
 *
 * - `demo`: `npm start`'s fleet (120 devices, the default rate limits, authentication disabled), the
 *   simulator started before the server as `npm start` starts them; the time from the server's first
 *   answer (the console answering) until every device is on the map (connected). Target: 5 s.
 * - then each size of BENCH_PROVISION_SIZES (10000,100000): the server first, then the fleet; the
 *   time until every device is provisioned, and until every device is connected, the server's CPU
 *   and peak RSS. Targets: 10,000 in 60 s, 100,000 in 3 min. A simulator carries at most
 *   BENCH_PROVISION_PER_SIMULATOR (25,000) connections; a larger fleet is split over several, each
 *   connecting to another loopback address (127.0.0.2, …), as one source and destination address pair
 *   has about 28,000 ephemeral ports. Both processes' open-file limits are raised with `prlimit` when
 *   the bench may (CAP_SYS_RESOURCE); otherwise a fleet over the limit cannot connect whole, and the
 *   bench stops waiting once no device has connected for 30 s and says how many did.
 *
 * Environment: BENCH_PROVISION_SIZES, BENCH_PROVISION_PER_SIMULATOR, BENCH_PROVISION_TIMEOUT_S (300),
 * BENCH_PROVISION_DEMO (true), and those of bench-stack.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { BenchStack, type Health, numberEnv, printRows, processUsage, sleep } from './bench-stack';

const SIZES = (process.env['BENCH_PROVISION_SIZES'] ?? '10000,100000').split(',').map(Number).filter(Boolean);
const PER_SIMULATOR = numberEnv('BENCH_PROVISION_PER_SIMULATOR', 25_000);
const TIMEOUT_S = numberEnv('BENCH_PROVISION_TIMEOUT_S', 300);
const DEMO = process.env['BENCH_PROVISION_DEMO'] !== 'false';
const OPEN_FILES = 262_144;
const POLL_MS = 100;
const STALL_MS = 30_000;

/** This process's open-file limit, which the server and the simulators it starts inherit. */
function openFileLimit(): string {
  return /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 'unknown';
}

/** Raises a process's open-file limit; false when not allowed. */
function raiseOpenFiles(pid: number): boolean {
  return spawnSync('prlimit', ['--pid', String(pid), `--nofile=${OPEN_FILES}:${OPEN_FILES}`]).status === 0;
}

/** The stack running now, stopped on Ctrl+C. */
let current: BenchStack | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void (current?.stop() ?? Promise.resolve()).then(() => process.exit(130)));
}

const seconds = (ms: number | null) => (ms === null ? 'not reached' : `${(ms / 1000).toFixed(1)} s`);

/** Polls the server's health until `done` or the timeout; calls `seen` with each answer. */
async function watch(stack: BenchStack, done: (health: Health) => boolean, seen: (health: Health) => void) {
  const deadline = Date.now() + TIMEOUT_S * 1000;
  while (Date.now() < deadline) {
    const health = await stack.health();
    if (health) {
      seen(health);
      if (done(health)) return true;
    }
    await sleep(POLL_MS);
  }
  return false;
}

async function demo(): Promise<void> {
  const stack = (current = new BenchStack({ http: 18191, mqtt: 18896 }));
  try {
    stack.startFleet({ devices: 120, gatewaySize: 1, intervalS: 60 });
    await stack.startServer();
    const answeredAt = Date.now();
    let connected = 0;
    const whole = await watch(
      stack,
      (health) => health.connectedDevices >= 120,
      (health) => (connected = health.connectedDevices),
    );
    printRows("Farola's demo fleet (npm start: 120 devices alone, default rate limits)", [
      ['on the map after the console answered', whole ? seconds(Date.now() - answeredAt) : `${connected} of 120`],
    ]);
  } finally {
    await stack.stop();
  }
}

async function fleetOf(devices: number, index: number): Promise<void> {
  const stack = (current = new BenchStack({ http: 18192 + index, mqtt: 18897 + index }));
  try {
    await stack.startServer();
    const raised = raiseOpenFiles(stack.serverPid);
    const startUsage = processUsage(stack.serverPid);
    const simulators = Math.ceil(devices / PER_SIMULATOR);
    const startedAt = Date.now();
    const fleetPids: number[] = [];
    for (let i = 0; i < simulators; i += 1) {
      const share = Math.min(PER_SIMULATOR, devices - i * PER_SIMULATOR);
      const fleet = stack.startFleet({
        devices: share,
        gatewaySize: 1,
        intervalS: 300,
        env: {
          SIM_SERIAL_PREFIX: `BENCH${i}`,
          SIM_MQTT_URL: stack.brokerUrl.replace('127.0.0.1', `127.0.0.${i + 1}`),
          SIM_CREDENTIALS_FILE: `${stack.dataDirectory}/simulator-${i}.json`,
        },
      });
      if (fleet.pid) fleetPids.push(fleet.pid);
      if (fleet.pid) raiseOpenFiles(fleet.pid);
    }
    let provisionedAt: number | null = null;
    let connectedAt: number | null = null;
    let firstConnectedAt: number | null = null;
    let last: Health | null = null;
    let peakRss = startUsage.rssMiB;
    let grewAt = Date.now();
    let most = 0;
    await watch(
      stack,
      // Done when all are connected, or when no more connect for STALL_MS (the open-file limit, say).
      (health) => health.connectedDevices >= devices || (provisionedAt !== null && Date.now() - grewAt > STALL_MS),
      (health) => {
        if (health.connectedDevices > most) [most, grewAt] = [health.connectedDevices, Date.now()];
        last = health;
        const now = Date.now() - startedAt;
        if (health.devices >= devices) provisionedAt ??= now;
        if (health.connectedDevices > 0) firstConnectedAt ??= now;
        if (health.connectedDevices >= devices) connectedAt ??= now;
        peakRss = Math.max(peakRss, processUsage(stack.serverPid).rssMiB);
      },
    );
    const elapsedS = (Date.now() - startedAt) / 1000;
    const usage = processUsage(stack.serverPid);
    const simulatorCpu = fleetPids.reduce((sum, pid) => sum + processUsage(pid).cpuSeconds, 0);
    const reached = last as Health | null;
    printRows(`Farola provisioning: ${devices} devices, each on its own MQTT connection`, [
      [
        'simulators',
        `${simulators}; open files per process ${raised ? OPEN_FILES : `${openFileLimit()} (could not raise it)`}`,
      ],
      ['provisioned (all in the database)', seconds(provisionedAt)],
      ['first device connected', seconds(firstConnectedAt)],
      [
        'provisioned and connected',
        connectedAt === null
          ? `not reached: ${reached?.connectedDevices ?? 0} connected, none more in ${STALL_MS / 1000} s or ${TIMEOUT_S} s in all`
          : seconds(connectedAt),
      ],
      ['server CPU', `${((100 * (usage.cpuSeconds - startUsage.cpuSeconds)) / elapsedS).toFixed(0)} % of one core`],
      ['server RSS', `${usage.rssMiB.toFixed(0)} MiB (peak ${peakRss.toFixed(0)} MiB)`],
      ['simulators CPU', `${((100 * simulatorCpu) / elapsedS).toFixed(0)} % of one core`],
    ]);
  } finally {
    await stack.stop();
  }
}

async function main(): Promise<void> {
  if (DEMO) await demo();
  for (const [index, size] of SIZES.entries()) await fleetOf(size, index);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
