/**
 * Applying a calendar to a group of 10,000 connected light points (BENCH_APPLY_DEVICES), one
 * `POST /v1/groups/{id}/apply`, on the bulk bench's set-up: this machine's PostgreSQL (a fresh
 * schema per run) and a Mosquitto the bench starts with the deployment's limits. The simulated city
 * (SIM_GATEWAY_SIZE=cabinet: each cabinet the gateway of its ~20 light points) is put in one project
 * (SIM_PROJECT_IDS), so that BENCH_APPLY_FLEET_DEVICES devices hold the 10,000 light points the group
 * takes (the first by serial number, of both vendor families: the schedule fits either).
 *
 * The calendar is a city's (city-calendar.ts): a residential default program and exceptions above it
 * in priority order (New Year's Eve, Christmas Eve and Sant Joan each year, a festival week, summer
 * weekends). The group is applied once; then the calendar gains an exception and is saved and
 * applied again (`BENCH_APPLY_ROUNDS`). For each device the latency is its `setSchedule` request's
 * `finishedAt` (the server's clock when it applied the device's DONE) minus the moment the bench
 * received the 202 (the same machine's clock). It prints p50 · p95 · p99 · max, the job's counts and
 * when its polling first saw it `done`, the job's `createdAt` → `finishedAt`, the CPU of the server
 * and the simulator meanwhile, and a third MQTT client's split of each request's time
 * (command-wire.ts). At the end it samples 200 light points: what the simulator says each stores,
 * and whether the server says each is in sync with its group.
 *
 * Environment: BENCH_APPLY_DEVICES (10000), BENCH_APPLY_FLEET_DEVICES (10600), BENCH_APPLY_ROUNDS
 * (2), BENCH_APPLY_INTERVAL_S (300: the fleet's report interval), BENCH_APPLY_TIMEOUT_S (300),
 * BENCH_APPLY_CONNECT_TIMEOUT_S (600), BENCH_APPLY_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/test),
 * BENCH_APPLY_MQTT_PORT (18870), and BENCH_CPU_PROFILE_DIR (a V8 CPU profile of the server).
 */
import {
  BULK_DEVICES_MAX,
  type CalendarRule,
  DEMO_PROJECT_ID,
  type DeviceScheduleState,
  type FleetList,
  type Page,
  type QueuedRequest,
  type ScheduleJob,
} from '@farola/protocol';
import { BenchStack, numberEnv, percentile, printRows, sleep, waitFor } from './bench-stack';
import { cityCalendar, PROGRAMS, type ProgramContent, type ProgramIds } from './city-calendar';
import { latencyRow, UsageMeter } from './city-measures';
import type { CommandWire } from './command-wire';
import { runCommandBench } from './command-wire';

const DEVICES = numberEnv('BENCH_APPLY_DEVICES', 10_000);
const FLEET_DEVICES = numberEnv('BENCH_APPLY_FLEET_DEVICES', 10_600);
const ROUNDS = numberEnv('BENCH_APPLY_ROUNDS', 2);
const INTERVAL_S = numberEnv('BENCH_APPLY_INTERVAL_S', 300);
const TIMEOUT_S = numberEnv('BENCH_APPLY_TIMEOUT_S', 300);
const CONNECT_TIMEOUT_S = numberEnv('BENCH_APPLY_CONNECT_TIMEOUT_S', 600);
const POSTGRES_URL = process.env['BENCH_APPLY_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const MQTT_PORT = numberEnv('BENCH_APPLY_MQTT_PORT', 18870);
const PORTS = { http: 18260, mqtt: 18960, control: 18270 };
const PAGE = 500;
const SAMPLE = 200;
const TARGET_P95_S = 30;

interface ApplyRun {
  job: ScheduleJob;
  acceptMs: number;
  /** ms from the 202 to each DONE request's `finishedAt`, sorted. */
  latencies: number[];
  queuedWithinMs: number;
  seenEndedMs: number;
  wire: { delivered: number[]; deviceDone: number[]; applied: number[] };
  usage: Map<number, string>;
}

class ApplyBench {
  readonly stack: BenchStack;
  private readonly api: string;
  private readonly control = `http://127.0.0.1:${PORTS.control}`;

  constructor(
    databaseUrl: string,
    brokerUrl: string,
    private readonly wire: CommandWire,
  ) {
    this.stack = new BenchStack(PORTS, {
      serverEnv: {
        RATE_LIMIT_API: '0',
        RATE_LIMIT_WRITES: '0',
        RATE_LIMIT_EXPENSIVE_READS: '0',
        DATABASE_URL: databaseUrl,
      },
      brokerUrl,
    });
    this.api = `${this.stack.httpUrl}/lighting/api/v1`;
  }

  async get<T>(url: string): Promise<T> {
    const answer = await fetch(url);
    if (!answer.ok) throw new Error(`GET ${url}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  }

  async send<T>(method: 'POST' | 'PUT', route: string, body?: unknown, status = method === 'POST' ? 201 : 200) {
    const answer = await fetch(`${this.api}${route}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (answer.status !== status) throw new Error(`${method} ${route}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  }

  async all<T>(url: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<T> = await this.get<Page<T>>(
        `${url}&limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  /** The first `count` connected light points by serial number, and how many of each family. */
  async selection(count: number): Promise<{ ids: string[]; serials: string[]; families: string }> {
    const fleet = await this.get<FleetList>(`${this.api}/fleet?projectId=${DEMO_PROJECT_ID}`);
    const lights = fleet.items
      .filter((device) => device.deviceType === 'light-point-controller' && device.connected)
      .sort((a, b) => a.serialNumber.localeCompare(b.serialNumber))
      .slice(0, count);
    if (lights.length < count) throw new Error(`only ${lights.length} connected light points: raise the fleet`);
    const families = new Map<string, number>();
    for (const light of lights) families.set(light.vendor, (families.get(light.vendor) ?? 0) + 1);
    return {
      ids: lights.map((light) => light.deviceId),
      serials: lights.map((light) => light.serialNumber),
      families: [...families].map(([vendor, n]) => `${n} ${vendor}`).join(', '),
    };
  }

  /** The programs, the calendar and a group of `ids` running it, through the API as the console makes them. */
  async groupOf(ids: string[]): Promise<{ groupId: string; calendarId: string; programIds: ProgramIds }> {
    const created = async (program: ProgramContent) =>
      (await this.send<{ id: string }>('POST', '/control-programs', { projectId: DEMO_PROJECT_ID, ...program })).id;
    const programIds: ProgramIds = {
      residential: await created(PROGRAMS.residential),
      festive: await created(PROGRAMS.festive),
      summerWeekend: await created(PROGRAMS.summerWeekend),
    };
    const calendar = { projectId: DEMO_PROJECT_ID, ...cityCalendar(programIds) };
    const calendarId = (await this.send<{ id: string }>('POST', '/calendars', calendar)).id;
    const group = { projectId: DEMO_PROJECT_ID, name: 'Apply bench', calendarId };
    const groupId = (await this.send<{ id: string }>('POST', '/groups', group)).id;
    for (let from = 0; from < ids.length; from += BULK_DEVICES_MAX) {
      await this.send(
        'POST',
        `/groups/${groupId}/members`,
        { deviceIds: ids.slice(from, from + BULK_DEVICES_MAX) },
        200,
      );
    }
    return { groupId, calendarId, programIds };
  }

  async apply(groupId: string): Promise<ApplyRun> {
    const meter = new UsageMeter([this.stack.serverPid, this.stack.fleetPid]);
    this.wire.clear();
    const sentAt = Date.now();
    let job = await this.send<ScheduleJob>('POST', `/groups/${groupId}/apply`, undefined, 202);
    const acceptedAt = Date.now();
    const deadline = acceptedAt + TIMEOUT_S * 1000;
    while (job.status === 'running' && Date.now() < deadline) {
      await sleep(250);
      job = await this.get<ScheduleJob>(`${this.api}/schedule-jobs/${job.id}`);
    }
    const seenEndedMs = Date.now() - acceptedAt;
    const usage = meter.stop();
    if (job.status === 'running') console.warn(`the job still runs after ${TIMEOUT_S} s`);
    const from = encodeURIComponent(new Date(sentAt).toISOString());
    const requests = await this.all<QueuedRequest>(`${this.api}/queued-requests?command=setSchedule&from=${from}`);
    const done = requests.filter((request) => request.status === 'DONE' && request.finishedAt);
    const sorted = (values: number[]) => values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
    const wire = this.wire.of(done.map((request) => request.id));
    return {
      job,
      acceptMs: acceptedAt - sentAt,
      latencies: sorted(done.map((request) => Date.parse(request.finishedAt!) - acceptedAt)),
      queuedWithinMs: Math.max(...requests.map((request) => Date.parse(request.createdAt))) - acceptedAt,
      seenEndedMs,
      wire: {
        delivered: sorted(wire.map((seen) => (seen.down ?? Number.NaN) - acceptedAt)),
        deviceDone: sorted(wire.map((seen) => (seen.done ?? Number.NaN) - (seen.down ?? Number.NaN))),
        applied: sorted(done.map((request, i) => Date.parse(request.finishedAt!) - (wire[i]!.done ?? Number.NaN))),
      },
      usage,
    };
  }

  /** Of a sample of the group: how many the simulator says store the calendar, and the server's sync states. */
  async effect(ids: string[], serials: string[], calendarId: string): Promise<string> {
    const step = Math.max(1, Math.floor(ids.length / SAMPLE));
    let stored = 0;
    const sync = new Map<string, number>();
    for (let i = 0; i < ids.length; i += step) {
      const device = await this.get<{ state: { schedule?: { calendar?: { id?: string } } | null } }>(
        `${this.control}/devices/${encodeURIComponent(serials[i]!)}`,
      );
      if (device.state.schedule?.calendar?.id === calendarId) stored += 1;
      const state = await this.get<DeviceScheduleState>(`${this.api}/devices/${ids[i]}/schedule`);
      sync.set(state.sync, (sync.get(state.sync) ?? 0) + 1);
    }
    const sampled = Math.ceil(ids.length / step);
    const states = [...sync].map(([state, n]) => `${n} ${state}`).join(', ');
    return `of ${sampled} sampled: ${stored} store the calendar (simulator); server: ${states}`;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function applyRows(run: ApplyRun, stack: BenchStack): [string, string][] {
  const { job, latencies } = run;
  const duration = job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.createdAt) : Number.NaN;
  return [
    ['accepted (202) after', `${run.acceptMs} ms`],
    ['all requests queued within', `${seconds(run.queuedWithinMs)} of the 202`],
    ['202 → device confirmed', latencyRow(latencies)],
    ['p95 against the target', `${seconds(percentile(latencies, 95))} (target < ${TARGET_P95_S} s)`],
    ['  202 → command delivered', latencyRow(run.wire.delivered)],
    ['  delivered → device DONE', latencyRow(run.wire.deviceDone)],
    ['  device DONE → applied', latencyRow(run.wire.applied)],
    ['202 → job seen done (polled)', seconds(run.seenEndedMs)],
    [
      'items',
      `${job.succeeded} succeeded · ${job.failed} failed · ${job.skipped} skipped · ${job.pending} pending of ${job.total}`,
    ],
    ['job duration', `${seconds(duration)} (createdAt → finishedAt, status ${job.status})`],
    ['server', run.usage.get(stack.serverPid)!],
    ['simulator', run.usage.get(stack.fleetPid)!],
  ];
}

async function measure(bench: ApplyBench): Promise<void> {
  await bench.stack.startServer();
  const startedAt = Date.now();
  bench.stack.startFleet({
    devices: FLEET_DEVICES,
    gatewaySize: 'cabinet',
    intervalS: INTERVAL_S,
    env: {
      SIM_CONTROL_PORT: String(PORTS.control),
      SIM_PROJECT_IDS: DEMO_PROJECT_ID,
      SIM_ERROR_RATE: '0',
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
  console.log('settling 20 s…');
  await sleep(20_000);
  const { ids, serials, families } = await bench.selection(DEVICES);
  const { groupId, calendarId, programIds } = await bench.groupOf(ids);

  const rows: [string, string][] = [
    [
      'fleet',
      `${FLEET_DEVICES} devices in one project (cabinets as gateways), report every ${INTERVAL_S} s, command error rate 0`,
    ],
    ['provisioned and connected in', `${connectS.toFixed(0)} s`],
    ['group', `${ids.length} connected light points (${families}), one POST /v1/groups/{id}/apply`],
  ];
  for (let round = 1; round <= ROUNDS; round += 1) {
    if (round > 1) {
      // 'Save and apply': the calendar gains an exception (Epiphany), then the group is applied again.
      const epiphany: CalendarRule = { repetition: 'yearly', startDate: '2027-01-06', programId: programIds.festive };
      await bench.send('PUT', `/calendars/${calendarId}`, cityCalendar(programIds, [epiphany]));
    }
    console.log(`applying the calendar to ${ids.length} light points (round ${round})…`);
    const run = await bench.apply(groupId);
    rows.push(...applyRows(run, bench.stack).map(([name, value]): [string, string] => [`${round}: ${name}`, value]));
    await sleep(2000);
  }
  rows.push(['effect', await bench.effect(ids, serials, calendarId)]);
  printRows('Farola calendar apply benchmark — PostgreSQL + Mosquitto (deployment limits)', rows);
}

async function main(): Promise<void> {
  await runCommandBench(
    { postgresUrl: POSTGRES_URL, mqttPort: MQTT_PORT },
    (databaseUrl, brokerUrl, wire) => new ApplyBench(databaseUrl, brokerUrl, wire),
    measure,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
