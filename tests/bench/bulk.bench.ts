/**
 * A bulk switch-off over 10,000 connected light points (BENCH_BULK_DEVICES), one HTTP call, on
 * PostgreSQL (this machine's, a fresh schema per run) and a Mosquitto the bench starts with the
 * deployment's limits, as the city bench's `external` set-up. The fleet is simulated as the city's
 * (SIM_GATEWAY_SIZE=cabinet: each cabinet the gateway of its ~20 light points) with
 * BENCH_BULK_FLEET_DEVICES devices: a bulk job may not mix the two vendor families (spec §5), and
 * the simulated city wires half of its districts to each, so a fleet of 21,000 devices holds the
 * 10,000 light points of one family the job takes (the first by serial number).
 *
 * The simulator's clock is set to an hour after sunset (cabinets feed their circuits), the light
 * points are switched on by a first bulk job, then switched off by the measured one. For each device
 * the latency is its queued request's `finishedAt` (the server's clock when it applied the device's
 * DONE; its item settles at most 100 ms later) minus the moment the bench received the job's 202
 * (the same machine's clock). It prints p50 · p95 · p99 · max, succeeded/failed, the job's duration
 * (its `createdAt` → `finishedAt`), CPU of the server and of the simulator meanwhile, and the effect:
 * the light points the server's fleet shows on (`poweredOn` as they reported it) and the simulator's
 * count of light points on before and after. A third MQTT client (command-wire.ts) splits each
 * request's time: until the broker delivers the command, until the device's first answer and its
 * DONE, and from that DONE until the server applied it; and the bench notes when its polling first
 * sees the job ended.
 *
 * Environment: BENCH_BULK_DEVICES (10000), BENCH_BULK_FLEET_DEVICES (21000), BENCH_BULK_INTERVAL_S
 * (300: the fleet's report interval), BENCH_BULK_ERROR_RATE (0: the simulator's command error rate),
 * BENCH_BULK_TIMEOUT_S (300), BENCH_BULK_CONNECT_TIMEOUT_S (900), BENCH_BULK_POSTGRES_URL
 * (postgres://postgres@127.0.0.1:5432/test), BENCH_BULK_MQTT_PORT (18850), and BENCH_CPU_PROFILE_DIR
 * (a V8 CPU profile of the server, see bench-stack.ts).
 */
import type { BulkJob, BulkJobItem, FleetList, Page, QueuedRequest } from '@farola/protocol';
import { BenchStack, numberEnv, percentile, printRows, sleep, waitFor } from './bench-stack';
import { latencyRow, UsageMeter } from './city-measures';
import type { CommandWire } from './command-wire';
import { runCommandBench } from './command-wire';

const DEVICES = numberEnv('BENCH_BULK_DEVICES', 10_000);
const FLEET_DEVICES = numberEnv('BENCH_BULK_FLEET_DEVICES', 21_000);
const INTERVAL_S = numberEnv('BENCH_BULK_INTERVAL_S', 300);
const ERROR_RATE = numberEnv('BENCH_BULK_ERROR_RATE', 0);
const TIMEOUT_S = numberEnv('BENCH_BULK_TIMEOUT_S', 300);
const CONNECT_TIMEOUT_S = numberEnv('BENCH_BULK_CONNECT_TIMEOUT_S', 900);
const POSTGRES_URL = process.env['BENCH_BULK_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const MQTT_PORT = numberEnv('BENCH_BULK_MQTT_PORT', 18850);
const PORTS = { http: 18240, mqtt: 18940, control: 18250 };
const PAGE = 500;

interface SimFleet {
  lightPoints: number;
  lightPointsOn: number;
  clock: { now: string };
}

interface JobRun {
  job: BulkJob;
  /** ms from the 202's arrival to each succeeded item's request DONE, as the server applied it (`finishedAt`). */
  latencies: number[];
  /** The same to the statement that stored it (`updatedAt`, PostgreSQL's `now()`). */
  stored: number[];
  /** ms from the 202's arrival to the last of the job's requests being queued (`createdAt`). */
  queuedWithinMs: number;
  /** The POST's round trip, ms. */
  acceptMs: number;
  /** ms from the 202's arrival to the poll that first saw the job ended. */
  seenEndedMs: number;
  /** Where each succeeded request's time went, as the broker delivered its messages (ms, sorted). */
  wire: { delivered: number[]; firstAnswer: number[]; deviceDone: number[]; applied: number[] };
  usage: Map<number, string>;
}

class BulkBench {
  readonly stack: BenchStack;
  private readonly api: string;
  private readonly control = `http://127.0.0.1:${PORTS.control}`;

  constructor(
    databaseUrl: string,
    brokerUrl: string,
    private readonly wire: CommandWire,
  ) {
    this.stack = new BenchStack(PORTS, {
      // Provisioning 1,000 gateways is 2,000 API calls: the bench lifts the per-client limits.
      serverEnv: { RATE_LIMIT_API: '0', RATE_LIMIT_WRITES: '0', DATABASE_URL: databaseUrl },
      brokerUrl,
    });
    this.api = `${this.stack.httpUrl}/lighting/api/v1`;
  }

  async get<T>(url: string): Promise<T> {
    const answer = await fetch(url);
    if (!answer.ok) throw new Error(`GET ${url}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  }

  async simFleet(): Promise<SimFleet> {
    return this.get<SimFleet>(`${this.control}/fleet`);
  }

  async setClock(time: string): Promise<void> {
    const answer = await fetch(`${this.control}/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ time }),
    });
    if (!answer.ok) throw new Error(`PUT /clock: ${answer.status} ${await answer.text()}`);
  }

  /** Every page of a paginated list. */
  async all<T>(url: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const separator = url.includes('?') ? '&' : '?';
      const page: Page<T> = await this.get<Page<T>>(
        `${url}${separator}limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  /** The light points of the family with the most of them connected, the first `count` by serial number. */
  async selection(count: number): Promise<{ ids: string[]; vendor: string }> {
    const fleet = await this.get<FleetList>(`${this.api}/fleet`);
    const byVendor = new Map<string, FleetList['items']>();
    for (const device of fleet.items) {
      if (device.deviceType !== 'light-point-controller' || !device.connected) continue;
      let family = byVendor.get(device.vendor);
      if (!family) byVendor.set(device.vendor, (family = []));
      family.push(device);
    }
    const [vendor, devices] = [...byVendor].sort((a, b) => b[1].length - a[1].length)[0]!;
    if (devices.length < count) {
      throw new Error(`only ${devices.length} connected ${vendor} light points: raise BENCH_BULK_FLEET_DEVICES`);
    }
    devices.sort((a, b) => a.serialNumber.localeCompare(b.serialNumber));
    return { ids: devices.slice(0, count).map((device) => device.deviceId), vendor };
  }

  /** How many of `ids` the server's fleet shows on (true), off (false) and not known; the serials of those on. */
  async shownOn(ids: string[]): Promise<{ on: number; off: number; unknown: number; onSerials: string[] }> {
    const fleet = await this.get<FleetList>(`${this.api}/fleet`);
    const wanted = new Set(ids);
    const counts = { on: 0, off: 0, unknown: 0, onSerials: [] as string[] };
    for (const device of fleet.items) {
      if (!wanted.has(device.deviceId)) continue;
      if (device.on === true) {
        counts.on += 1;
        counts.onSerials.push(device.serialNumber);
      } else if (device.on === false) counts.off += 1;
      else counts.unknown += 1;
    }
    return counts;
  }

  /**
   * Why light points stayed on after a switch-off that succeeded, as the simulator holds them: the
   * active faults of each (a relay stuck closed), or none (their cabinet's maintenance lights them).
   */
  async whyOn(serials: string[]): Promise<string> {
    const reasons = new Map<string, number>();
    for (const serial of serials.slice(0, 200)) {
      const { state } = await this.get<{ state: { faults?: { active?: Record<string, unknown> } } }>(
        `${this.control}/devices/${encodeURIComponent(serial)}`,
      );
      const active = Object.keys(state.faults?.active ?? {});
      const reason = active.length > 0 ? active.join('+') : 'no fault';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    return [...reasons].map(([reason, count]) => `${count} ${reason}`).join(', ') || 'none';
  }

  /** Runs one bulk job over `ids` to its end and measures it. */
  async runJob(action: 'switchOn' | 'switchOff', ids: string[]): Promise<JobRun> {
    const meter = new UsageMeter([this.stack.serverPid, this.stack.fleetPid]);
    this.wire.clear();
    const sentAt = Date.now();
    const answer = await fetch(`${this.api}/bulk-actions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, params: {}, deviceIds: ids }),
    });
    const acceptedAt = Date.now();
    if (answer.status !== 202) throw new Error(`POST /bulk-actions: ${answer.status} ${await answer.text()}`);
    let job = (await answer.json()) as BulkJob;
    const deadline = acceptedAt + TIMEOUT_S * 1000;
    while (job.status === 'running' && Date.now() < deadline) {
      await sleep(250);
      job = await this.get<BulkJob>(`${this.api}/bulk-actions/${job.id}`);
    }
    const seenEndedMs = Date.now() - acceptedAt;
    const usage = meter.stop();
    if (job.status === 'running') console.warn(`${action}: the job still runs after ${TIMEOUT_S} s`);
    const items = await this.all<BulkJobItem>(`${this.api}/bulk-actions/${job.id}/items`);
    const requests = new Map(
      (
        await this.all<QueuedRequest>(
          `${this.api}/queued-requests?command=${action}&from=${encodeURIComponent(new Date(sentAt - 60_000).toISOString())}`,
        )
      ).map((request) => [request.id, request]),
    );
    const done = items.flatMap((item) => {
      const request = item.requestId ? requests.get(item.requestId) : undefined;
      return request?.finishedAt && item.outcome === 'succeeded' ? [request] : [];
    });
    const since = (times: number[]) => times.map((time) => time - acceptedAt).sort((a, b) => a - b);
    const queued = items.flatMap((item) => {
      const request = item.requestId ? requests.get(item.requestId) : undefined;
      return request ? [Date.parse(request.createdAt)] : [];
    });
    const wire = this.wire.of(done.map((request) => request.id));
    const spans = (span: (index: number) => number | undefined) =>
      wire
        .map((_, index) => span(index))
        .filter((value): value is number => value !== undefined && Number.isFinite(value))
        .sort((a, b) => a - b);
    return {
      job,
      seenEndedMs,
      wire: {
        delivered: spans((i) => (wire[i]!.down === undefined ? undefined : wire[i]!.down! - acceptedAt)),
        firstAnswer: spans((i) => (wire[i]!.firstUp ?? Number.NaN) - (wire[i]!.down ?? Number.NaN)),
        deviceDone: spans((i) => (wire[i]!.done ?? Number.NaN) - (wire[i]!.down ?? Number.NaN)),
        applied: spans((i) => Date.parse(done[i]!.finishedAt!) - (wire[i]!.done ?? Number.NaN)),
      },
      latencies: since(done.map((request) => Date.parse(request.finishedAt!))),
      stored: since(done.map((request) => Date.parse(request.updatedAt))),
      queuedWithinMs: Math.max(...queued) - acceptedAt,
      acceptMs: acceptedAt - sentAt,
      usage,
    };
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function jobRows(run: JobRun, stack: BenchStack): [string, string][] {
  const { job, latencies } = run;
  const duration = job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.createdAt) : Number.NaN;
  return [
    ['accepted (202) after', `${run.acceptMs} ms`],
    ['all commands queued within', `${seconds(run.queuedWithinMs)} of the 202`],
    ['202 → request DONE', latencyRow(latencies)],
    ['p95 against the target', `${seconds(percentile(latencies, 95))} (target < 10 s)`],
    ['202 → DONE stored', latencyRow(run.stored)],
    ['  202 → command delivered (broker)', latencyRow(run.wire.delivered)],
    ['  delivered → first answer', latencyRow(run.wire.firstAnswer)],
    ['  delivered → device DONE', latencyRow(run.wire.deviceDone)],
    ['  device DONE → applied (server)', latencyRow(run.wire.applied)],
    ['202 → job seen ended (polled)', seconds(run.seenEndedMs)],
    [
      'items',
      `${job.succeeded} succeeded · ${job.failed} failed · ${job.skipped} skipped · ${job.pending} pending of ${job.total}`,
    ],
    ['job duration', `${seconds(duration)} (createdAt → finishedAt, status ${job.status})`],
    ['server', run.usage.get(stack.serverPid)!],
    ['simulator', run.usage.get(stack.fleetPid)!],
  ];
}

async function measure(bench: BulkBench): Promise<void> {
  await bench.stack.startServer();
  const startedAt = Date.now();
  bench.stack.startFleet({
    devices: FLEET_DEVICES,
    gatewaySize: 'cabinet',
    intervalS: INTERVAL_S,
    env: {
      SIM_CONTROL_PORT: String(PORTS.control),
      SIM_ERROR_RATE: String(ERROR_RATE),
      SIM_FAULT_RATE_PER_YEAR: '0',
    },
  });
  console.log(`provisioning and connecting ${FLEET_DEVICES} devices…`);
  await waitFor(
    'the fleet',
    async () => ((await bench.stack.health())?.connectedDevices ?? 0) >= FLEET_DEVICES,
    CONNECT_TIMEOUT_S,
  );
  const connectS = (Date.now() - startedAt) / 1000;
  // Night: the cabinets feed their circuits, so a switched-on light point reports poweredOn.
  await bench.setClock('sunset+1h');
  console.log('clock set to an hour after sunset; settling 20 s…');
  await sleep(20_000);
  const { ids, vendor } = await bench.selection(DEVICES);

  console.log(`switching on ${ids.length} ${vendor} light points (one bulk job)…`);
  const on = await bench.runJob('switchOn', ids);
  await sleep(5000);
  const shownBefore = await bench.shownOn(ids);
  const simBefore = await bench.simFleet();

  console.log(`switching them off (the measured bulk job)…`);
  const off = await bench.runJob('switchOff', ids);
  await sleep(5000);
  const shownAfter = await bench.shownOn(ids);
  const simAfter = await bench.simFleet();
  const whyOn = await bench.whyOn(shownAfter.onSerials);

  printRows('Farola bulk switch-off benchmark — PostgreSQL + Mosquitto (deployment limits)', [
    [
      'fleet',
      `${FLEET_DEVICES} devices (${simAfter.lightPoints} light points, cabinets as gateways), report every ${INTERVAL_S} s, command error rate ${ERROR_RATE}`,
    ],
    ['provisioned and connected in', `${connectS.toFixed(0)} s`],
    ['selection', `${ids.length} connected ${vendor} light points, one POST /v1/bulk-actions`],
    ...jobRows(off, bench.stack).map(([name, value]): [string, string] => [`switchOff: ${name}`, value]),
    [
      'effect at the server',
      `${shownAfter.off} of ${ids.length} shown off after (${shownAfter.on} on, ${shownAfter.unknown} unknown); ${shownBefore.on} on before`,
    ],
    ['still on, at the simulator', whyOn],
    [
      'effect at the devices',
      `simulator: ${simAfter.lightPointsOn} of ${simAfter.lightPoints} light points on after, ${simBefore.lightPointsOn} before (a drop of ${simBefore.lightPointsOn - simAfter.lightPointsOn})`,
    ],
    ...jobRows(on, bench.stack)
      .slice(0, 12)
      .map(([name, value]): [string, string] => [`switchOn first: ${name}`, value]),
  ]);
}

async function main(): Promise<void> {
  await runCommandBench(
    { postgresUrl: POSTGRES_URL, mqttPort: MQTT_PORT },
    (databaseUrl, brokerUrl, wire) => new BulkBench(databaseUrl, brokerUrl, wire),
    measure,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
