/**
 * The city: a fleet of BENCH_CITY_DEVICES devices (105,000 by default: 100,000 light points and
 * 5,000 cabinet controllers, each cabinet the gateway of its ~20 light points, so 5,000 MQTT
 * connections) reporting every BENCH_CITY_INTERVAL_S (60 s: about 1,750 messages/s), with the
 * server and the simulator as separate processes. For each set-up (BENCH_CITY_SETUPS: `external`,
 * PostgreSQL and Mosquitto on this machine; `embedded`, PGlite and Aedes, at
 * BENCH_CITY_EMBEDDED_DEVICES) it prints:
 * - steady state (daytime, nothing switching): messages/s, device → browser latency p50/p95/p99 at
 *   a socket subscribed to every project's attribute reports (the only stream that carries every
 *   report with the device's `ts`), what a map socket receives, and CPU and RSS of the server and
 *   of the simulator;
 * - the sunset burst: the simulator's clock is set (control interface, PUT /clock) to 20 s before
 *   the fleet's first sunset; as sunset sweeps the city from east to west every light point switches
 *   on and reports it within a second (the simulator's transition watcher). Counted at a socket opened as the console's map opens it:
 *   the switch-on events received against the light points the simulator reports on (zero lost),
 *   their latency (map arrival − `ts` of the device's switch-on report), and the time until the
 *   server's write-behind backlog (health `storage.backlog`) holds nothing from before the last one.
 *
 * Environment: BENCH_CITY_DEVICES (105000), BENCH_CITY_EMBEDDED_DEVICES (21000),
 * BENCH_CITY_SETUPS (external,embedded), BENCH_CITY_INTERVAL_S (60), BENCH_CITY_WARMUP_S (20),
 * BENCH_CITY_SECONDS (60), BENCH_CITY_BURST_TIMEOUT_S (120), BENCH_CITY_CONNECT_TIMEOUT_S (1800),
 * BENCH_CITY_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/test; a fresh schema per run),
 * BENCH_CITY_MQTT_URL (unset: a Mosquitto the bench starts on BENCH_CITY_MQTT_PORT, 18830, with the
 * deployment's queue limits, see bench-mosquitto.ts; a given broker's retained messages are cleared afterwards).
 */
import { buildFleetLayout, DEFAULT_FLEET_OPTIONS, sunDay } from '@farola/fleet-simulator';
import { BenchStack, numberEnv, printRows, sleep, waitFor } from './bench-stack';
import { type Health, HealthSampler, latencyRow, spreadS, UsageMeter } from './city-measures';
import { CityObserver } from './city-observer';
import { freshSchema } from './fresh-schema';
import { startBenchMosquitto } from './bench-mosquitto';

const DEVICES = numberEnv('BENCH_CITY_DEVICES', 105_000);
const EMBEDDED_DEVICES = numberEnv('BENCH_CITY_EMBEDDED_DEVICES', 21_000);
const SETUPS = (process.env['BENCH_CITY_SETUPS'] ?? 'external,embedded').split(',').map((s) => s.trim());
const INTERVAL_S = numberEnv('BENCH_CITY_INTERVAL_S', 60);
const WARMUP_S = numberEnv('BENCH_CITY_WARMUP_S', 20);
const SECONDS = numberEnv('BENCH_CITY_SECONDS', 60);
const BURST_TIMEOUT_S = numberEnv('BENCH_CITY_BURST_TIMEOUT_S', 120);
const CONNECT_TIMEOUT_S = numberEnv('BENCH_CITY_CONNECT_TIMEOUT_S', 1800);
const POSTGRES_URL = process.env['BENCH_CITY_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const MQTT_URL = process.env['BENCH_CITY_MQTT_URL'];
const MQTT_PORT = numberEnv('BENCH_CITY_MQTT_PORT', 18830);
/** The burst starts this long before the fleet's first sunset. */
const LEAD_S = 20;
/** How often the health (ingest counter, write-behind backlog) is read during the burst. */
const SAMPLE_MS = 200;

type Rows = [string, string][];

interface SimFleet {
  devices: number;
  lightPoints: number;
  cabinets: number;
  lightPointsOn: number;
  switchOnReports: number;
  changeReports: number;
  clock: { now: string };
}

class CityRun {
  readonly stack: BenchStack;
  private readonly controlUrl: string;

  constructor(
    readonly setup: 'external' | 'embedded',
    readonly devices: number,
    private readonly ports: { http: number; mqtt: number; control: number },
    databaseUrl: string | null,
    brokerUrl: string | null,
  ) {
    this.controlUrl = `http://127.0.0.1:${ports.control}`;
    this.stack = new BenchStack(ports, {
      // Provisioning 5,000 gateways is 10,000 API calls: the bench lifts the per-client limits.
      serverEnv: { RATE_LIMIT_API: '0', RATE_LIMIT_WRITES: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      ...(brokerUrl ? { brokerUrl } : {}),
    });
  }

  /** Starts the server and the fleet; resolves once every device is connected, with the time it took. */
  async start(): Promise<number> {
    await this.stack.startServer();
    const startedAt = Date.now();
    this.stack.startFleet({
      devices: this.devices,
      gatewaySize: 'cabinet',
      intervalS: INTERVAL_S,
      env: { SIM_CONTROL_PORT: String(this.ports.control) },
    });
    console.log(`[${this.setup}] provisioning and connecting ${this.devices} devices…`);
    await waitFor(
      'the fleet',
      async () => ((await this.stack.health())?.connectedDevices ?? 0) >= this.devices,
      CONNECT_TIMEOUT_S,
    );
    return (Date.now() - startedAt) / 1000;
  }

  async health(): Promise<Health> {
    return (await (await fetch(`${this.stack.httpUrl}/lighting/api/health`)).json()) as Health;
  }

  async simFleet(): Promise<SimFleet> {
    return (await (await fetch(`${this.controlUrl}/fleet`)).json()) as SimFleet;
  }

  async setClock(time: number): Promise<void> {
    const answer = await fetch(`${this.controlUrl}/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ time: new Date(time).toISOString() }),
    });
    if (!answer.ok) throw new Error(`PUT /clock: ${answer.status} ${await answer.text()}`);
  }

  /** Whether the database holds everything the server accepted up to `sinceMs` (wall clock). */
  async backlogClearedSince(sinceMs: number): Promise<boolean> {
    const { rows, oldestMs } = (await this.health()).storage.backlog;
    return rows === 0 || Date.now() - oldestMs >= sinceMs;
  }

  usage(): UsageMeter {
    return new UsageMeter([this.stack.serverPid, this.stack.fleetPid]);
  }
}

async function steadyState(run: CityRun, observer: CityObserver): Promise<Rows> {
  console.log(`[${run.setup}] steady state: warming up ${WARMUP_S} s, measuring ${SECONDS} s…`);
  await sleep(WARMUP_S * 1000);
  observer.resetWindow();
  const before = await run.health();
  const meter = run.usage();
  const startedAt = Date.now();
  await sleep(SECONDS * 1000);
  const usage = meter.stop();
  const after = await run.health();
  const seconds = (Date.now() - startedAt) / 1000;
  return [
    ['messages/s ingested', ((after.mqtt.accepted - before.mqtt.accepted) / seconds).toFixed(0)],
    ['latency device → socket', `${latencyRow([...observer.latencies].sort((a, b) => a - b))} (target p99 < 250 ms)`],
    ['map socket', `${(observer.mapItems / seconds).toFixed(1)} fleet state items/s`],
    ['server', `${usage.get(run.stack.serverPid)} (target < 40 %)`],
    ['simulator', usage.get(run.stack.fleetPid)!],
  ];
}

/**
 * The first and last sunset over the fleet's devices on the day of `simNowMs`: the simulator's
 * layout (its default seed and centre) is built here too. Sunset sweeps from east to west: about
 * 15 s across 10,500 devices, 47 s across the 14 km of 105,000.
 */
function fleetSunsets(devices: number, simNowMs: number): { first: number; last: number } {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const { latitude, longitude } of buildFleetLayout({ ...DEFAULT_FLEET_OPTIONS, devices })) {
    const { sunset } = sunDay(simNowMs, latitude, longitude);
    first = Math.min(first, sunset);
    last = Math.max(last, sunset);
  }
  return { first, last };
}

/** Waits until the simulator's count of light points on stops moving past sunset and the map shows them all. */
async function awaitBurst(run: CityRun, observer: CityObserver, burstAt: number, sweepMs: number): Promise<SimFleet> {
  let after = await run.simFleet();
  let stableSince = Date.now();
  while (Date.now() - burstAt < BURST_TIMEOUT_S * 1000) {
    await sleep(500);
    const now = await run.simFleet();
    if (now.lightPointsOn !== after.lightPointsOn) stableSince = Date.now();
    after = now;
    const pastSunset = Date.now() - burstAt > LEAD_S * 1000 + sweepMs + 5000;
    if (pastSunset && Date.now() - stableSince > 5000 && observer.lightPointsOn() >= after.lightPointsOn) break;
  }
  return after;
}

async function sunsetBurst(
  run: CityRun,
  observer: CityObserver,
  sunsets: { first: number; last: number },
): Promise<Rows> {
  const sweepMs = sunsets.last - sunsets.first;
  console.log(
    `[${run.setup}] sunset burst: clock to ${LEAD_S} s before the fleet's first sunset; it sweeps the fleet in ${(sweepMs / 1000).toFixed(0)} s…`,
  );
  const before = await run.simFleet();
  const mapBefore = observer.lightPointsOn();
  observer.watchSwitchOns(true);
  const sampler = new HealthSampler(() => run.health(), SAMPLE_MS);
  const meter = run.usage();
  const burstAt = Date.now();
  await run.setClock(sunsets.first - LEAD_S * 1000);
  const after = await awaitBurst(run, observer, burstAt, sweepMs);
  observer.watchSwitchOns(false);
  const arrivals = [...observer.switchedOn.values()];
  const lastArrival = Math.max(burstAt, ...arrivals);
  // The sampler has watched the backlog all along; give it up to a minute more if need be.
  const clearedBy = Date.now() + 60_000;
  while (sampler.clearedAt(lastArrival) === null && Date.now() < clearedBy) await sleep(SAMPLE_MS);
  await sampler.stop();
  const clearedAt = sampler.clearedAt(lastArrival);
  const cleared =
    clearedAt === null ? 'not within a minute' : `${((clearedAt - lastArrival) / 1000).toFixed(1)} s after it`;
  const usage = meter.stop();

  const mapLatencies = [...observer.switchedOn]
    .flatMap(([id, arrived]) => {
      const ts = observer.switchOnReports.get(id);
      return ts === undefined ? [] : [arrived - ts];
    })
    .sort((a, b) => a - b);
  const switchOns = after.switchOnReports - before.switchOnReports;
  const lost = after.lightPointsOn - observer.lightPointsOn();
  const peakRows = Math.max(0, ...sampler.samples.map((sample) => sample.rows));
  const first = Math.min(...arrivals);
  return [
    ['sunset sweeps the fleet in', `${(sweepMs / 1000).toFixed(1)} s (east to west)`],
    [
      'switch-ons reported',
      `${switchOns} by the devices (${after.changeReports - before.changeReports} change reports from the watcher); ${after.lightPointsOn} of ${after.lightPoints} light points on after, ${before.lightPointsOn} before`,
    ],
    [
      'switch-ons at the map',
      `${observer.switchOnEvents} events (${observer.switchedOn.size} light points), 90 % of them within ${spreadS(arrivals)} s (all within ${arrivals.length ? ((lastArrival - first) / 1000).toFixed(1) : '0'} s); the map shows ${observer.lightPointsOn()} on after, ${mapBefore} before`,
    ],
    ['lost', `${lost} light points on at the devices but not on the map (target 0)`],
    ['latency device → map', `${latencyRow(mapLatencies)} (target p99 < 1 s)`],
    ['latency device → socket', latencyRow([...observer.burstLatencies].sort((a, b) => a - b))],
    ['peak ingest', `${sampler.peakRate().toFixed(0)} messages/s`],
    [
      'write-behind backlog',
      `peak ${peakRows} rows; everything up to the last switch-on stored ${cleared} (target 5 s)`,
    ],
    ['server', usage.get(run.stack.serverPid)!],
    ['simulator', usage.get(run.stack.fleetPid)!],
  ];
}

async function measure(run: CityRun): Promise<void> {
  const connectS = await run.start();
  const fleet = await run.simFleet();
  // Daytime first, half an hour before sunset: nothing switches while the steady state is measured.
  const sunsets = fleetSunsets(run.devices, Date.parse(fleet.clock.now));
  await run.setClock(sunsets.first - 30 * 60_000);
  // The jump draws the cabinets' rare events for the hours it skipped, at each one's next report:
  // let every device report once, and the database settle, before measuring.
  console.log(`[${run.setup}] clock set to half an hour before sunset; settling for ${INTERVAL_S} s…`);
  await sleep(INTERVAL_S * 1000);
  await waitFor('a quiet database', () => run.backlogClearedSince(Date.now() - 2000), 300);
  const me = (await (await fetch(`${run.stack.httpUrl}/lighting/api/v1/me`)).json()) as { projectIds: string[] };
  const observer = new CityObserver(run.stack.httpUrl);
  try {
    await observer.start(run.stack.httpUrl, me.projectIds.slice(0, 50));
    const steady = await steadyState(run, observer);
    const burst = await sunsetBurst(run, observer, sunsets);
    const connections = fleet.cabinets;
    printRows(
      `Farola city benchmark — ${run.setup === 'external' ? 'PostgreSQL + Mosquitto' : 'embedded PGlite + Aedes'}`,
      [
        [
          'fleet',
          `${fleet.devices} devices (${fleet.lightPoints} light points, ${fleet.cabinets} cabinets; ${connections} MQTT connections), report every ${INTERVAL_S} s`,
        ],
        ['provisioned and connected in', `${connectS.toFixed(0)} s`],
        ...steady.map(([name, value]): [string, string] => [`steady: ${name}`, value]),
        ...burst.map(([name, value]): [string, string] => [`sunset: ${name}`, value]),
      ],
    );
  } finally {
    observer.close();
  }
}

async function main(): Promise<void> {
  for (const setup of SETUPS) {
    if (setup !== 'external' && setup !== 'embedded') throw new Error(`Unknown set-up ${setup}`);
    const schema = setup === 'external' ? await freshSchema(POSTGRES_URL) : null;
    const broker = setup === 'external' && !MQTT_URL ? await startBenchMosquitto(MQTT_PORT) : null;
    const run =
      setup === 'external'
        ? new CityRun(
            setup,
            DEVICES,
            { http: 18200, mqtt: 18900, control: 18210 },
            schema!.url,
            broker?.url ?? MQTT_URL!,
          )
        : new CityRun(setup, EMBEDDED_DEVICES, { http: 18201, mqtt: 18901, control: 18211 }, null, null);
    const stopOnSignal = () =>
      void run.stack
        .stop()
        .then(() => schema?.drop())
        .then(() => broker?.stop())
        .then(() => process.exit(130));
    process.once('SIGINT', stopOnSignal);
    process.once('SIGTERM', stopOnSignal);
    try {
      await measure(run);
    } finally {
      await run.stack.stop();
      await schema?.drop();
      await broker?.stop();
      process.off('SIGINT', stopOnSignal);
      process.off('SIGTERM', stopOnSignal);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
