/**
 * Registration at scale: starts the realtime-server on the embedded defaults and a simulated fleet
 * of BENCH_REGISTER_DEVICES devices (100,000 by default) on gateway connections of
 * SIM_GATEWAY_SIZE (2,000) reporting every BENCH_REGISTER_INTERVAL_S (300 s), and prints the time
 * for the whole fleet to be registered, the rate for each tenth of the fleet (flat when
 * registration scales linearly), and the server's CPU and RSS meanwhile.
 *
 * Environment: BENCH_REGISTER_DEVICES (100000), SIM_GATEWAY_SIZE (2000), BENCH_REGISTER_INTERVAL_S
 * (300), BENCH_REGISTER_TIMEOUT_S (900), and those of bench-stack.ts (BENCH_DATA_DIR,
 * BENCH_CPU_PROFILE_DIR, DATABASE_URL, MQTT_URL).
 */
import { BenchStack, numberEnv, printRows, processUsage, runBench, sleep } from './bench-stack';

const DEVICES = numberEnv('BENCH_REGISTER_DEVICES', 100_000);
const GATEWAY_SIZE = numberEnv('SIM_GATEWAY_SIZE', 2000);
const INTERVAL_S = numberEnv('BENCH_REGISTER_INTERVAL_S', 300);
const TIMEOUT_S = numberEnv('BENCH_REGISTER_TIMEOUT_S', 900);
const POLL_MS = 250;

const stack = new BenchStack({ http: 18190, mqtt: 18895 });

async function main(): Promise<void> {
  await stack.startServer();
  const server = stack.serverPid;
  const startUsage = processUsage(server);
  const startedAt = Date.now();
  stack.startFleet({ devices: DEVICES, gatewaySize: GATEWAY_SIZE, intervalS: INTERVAL_S });
  console.log(`Registering ${DEVICES} devices (${GATEWAY_SIZE} per MQTT connection)…`);

  const tenth = DEVICES / 10;
  /** When each tenth of the fleet was complete, in ms since the fleet started. */
  const tenths: number[] = [];
  /** When the first device was registered: before it, the simulator builds its fleet and connects. */
  let firstAt: number | null = null;
  let peakRss = startUsage.rssMiB;
  let registered = 0;
  while (registered < DEVICES) {
    if (Date.now() - startedAt > TIMEOUT_S * 1000) break;
    await sleep(POLL_MS);
    registered = (await stack.health())?.connectedDevices ?? registered;
    if (registered > 0) firstAt ??= Date.now() - startedAt;
    peakRss = Math.max(peakRss, processUsage(server).rssMiB);
    while (tenths.length < 10 && registered >= tenth * (tenths.length + 1)) tenths.push(Date.now() - startedAt);
  }
  const elapsedS = (Date.now() - startedAt) / 1000;
  const usage = processUsage(server);

  const rows: [string, string][] = [
    ['devices', `${DEVICES} (${GATEWAY_SIZE} per MQTT connection, report every ${INTERVAL_S} s)`],
    [
      'whole fleet registered in',
      registered >= DEVICES ? `${elapsedS.toFixed(1)} s` : `not within ${TIMEOUT_S} s (${registered} registered)`,
    ],
    ['first registration after', `${((firstAt ?? Number.NaN) / 1000).toFixed(1)} s`],
    ['mean rate', `${(registered / elapsedS).toFixed(0)} devices/s`],
  ];
  tenths.forEach((at, i) => {
    const seconds = (at - (tenths[i - 1] ?? firstAt ?? 0)) / 1000;
    rows.push([`rate, tenth ${i + 1}`, `${(tenth / Math.max(seconds, 0.001)).toFixed(0)} devices/s`]);
  });
  rows.push(
    ['server CPU', `${((100 * (usage.cpuSeconds - startUsage.cpuSeconds)) / elapsedS).toFixed(0)} % of one core`],
    ['server RSS', `${usage.rssMiB.toFixed(0)} MiB (peak ${peakRss.toFixed(0)} MiB)`],
  );
  printRows('Farola registration benchmark', rows);
}

runBench(stack, main);
