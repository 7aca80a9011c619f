/**
 * What the benches share: starting the realtime-server and the fleet simulator as separate
 * processes on the embedded defaults (PGlite on disk in a temporary folder, Aedes in the server),
 * reading the server's health, CPU and memory, and stopping everything at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearRetainedFleet } from './retained';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CLOCK_TICKS_PER_SECOND = 100;

export const numberEnv = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface Health {
  /** Provisioned devices, registered or not. */
  devices: number;
  /** Devices connected now: registered over MQTT and not gone. */
  connectedDevices: number;
  mqtt: { accepted: number; received: number; rejected: number };
  /** The write-behind: rows waiting and the backlog not yet in the database. */
  storage?: { pending: number; backlog: { rows: number; oldestMs: number } };
}

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
export function processUsage(pid: number): { cpuSeconds: number; rssMiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpuSeconds, rssMiB: rssKiB / 1024 };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutS: number,
  pollMs = 500,
): Promise<void> {
  const deadline = Date.now() + timeoutS * 1000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(pollMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export function printRows(title: string, rows: [string, string][]): void {
  console.log(`\n${title}`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(28)} ${value}`);
}

export interface FleetOptions {
  devices: number;
  /** Devices per MQTT connection, or `cabinet`: each cabinet carries the light points it feeds. */
  gatewaySize: number | 'cabinet';
  intervalS: number;
  /** More SIM_* variables (the control interface's port, say). */
  env?: Record<string, string>;
}

/**
 * Where the server stores and which broker it uses: by default PGlite in the data folder and the
 * embedded Aedes (or DATABASE_URL / MQTT_URL from the environment); a bench that measures both
 * passes them here instead.
 */
export interface StackSetup {
  /** More variables for the server: DATABASE_URL, rate limits, … */
  serverEnv?: Record<string, string>;
  /** An external broker the server and the fleet use instead of the embedded one. */
  brokerUrl?: string;
}

/**
 * A server and, once started, a simulated fleet. Environment: BENCH_DATA_DIR (a temporary folder
 * by default: PGlite on disk, as in production without DATABASE_URL), DATABASE_URL / MQTT_URL to
 * measure against real servers instead, BENCH_CPU_PROFILE_DIR to write a V8 CPU profile of the
 * server there (open it in Chrome DevTools).
 */
export class BenchStack {
  readonly httpUrl: string;
  readonly brokerUrl: string;
  private readonly dataDir: string;
  private readonly children: ChildProcess[] = [];
  private serverProcess: ChildProcess | null = null;
  private fleetProcess: ChildProcess | null = null;
  private readonly externalBroker: boolean;
  private stopping = false;

  constructor(
    private readonly ports: { http: number; mqtt: number },
    private readonly setup: StackSetup = {},
  ) {
    this.dataDir = process.env['BENCH_DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'farola-bench-'));
    this.httpUrl = `http://127.0.0.1:${ports.http}`;
    const external = setup.brokerUrl ?? process.env['MQTT_URL'];
    this.externalBroker = external !== undefined;
    this.brokerUrl = external ?? `mqtt://127.0.0.1:${ports.mqtt}`;
  }

  get serverPid(): number {
    return this.serverProcess!.pid!;
  }

  /** The server's data folder, which the simulators' credential files may share. */
  get dataDirectory(): string {
    return this.dataDir;
  }

  get fleetPid(): number {
    return this.fleetProcess!.pid!;
  }

  async health(): Promise<Health | null> {
    try {
      const answer = await fetch(`${this.httpUrl}/lighting/api/health`);
      return answer.ok ? ((await answer.json()) as Health) : null;
    } catch {
      return null;
    }
  }

  async startServer(): Promise<void> {
    const profileDir = process.env['BENCH_CPU_PROFILE_DIR'];
    this.serverProcess = this.spawn(
      'apps/realtime-server/src/server.ts',
      {
        PORT: String(this.ports.http),
        MQTT_PORT: String(this.ports.mqtt),
        DATA_DIR: this.dataDir,
        AUTH_DISABLED: 'true',
        ...(this.setup.brokerUrl ? { MQTT_URL: this.setup.brokerUrl } : {}),
        ...this.setup.serverEnv,
      },
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    await waitFor('the server', async () => (await this.health()) !== null, 120, 100);
  }

  startFleet(fleet: FleetOptions): ChildProcess {
    return (this.fleetProcess = this.spawn('apps/fleet-simulator/src/main.ts', {
      SIM_MQTT_URL: this.brokerUrl,
      SIM_DEVICES: String(fleet.devices),
      SIM_GATEWAY_SIZE: String(fleet.gatewaySize),
      SIM_REPORT_INTERVAL_S: String(fleet.intervalS),
      SIM_SERIAL_PREFIX: 'BENCH',
      SIM_DROP_RATE_PER_HOUR: '0',
      // The simulator provisions its gateways and devices through the server's API (auth disabled here).
      SIM_API_URL: `${this.httpUrl}/lighting/api`,
      SIM_CREDENTIALS_FILE: join(this.dataDir, 'simulator-credentials.json'),
      ...fleet.env,
    }));
  }

  /** Stops the fleet and the server (SIGTERM: the server flushes and closes), then cleans up. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    if (!process.env['BENCH_DATA_DIR']) rmSync(this.dataDir, { recursive: true, force: true });
    if (this.externalBroker) await clearRetainedFleet(this.brokerUrl);
  }

  private spawn(script: string, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('exit', (code, signal) => {
      if (!this.stopping) console.error(`${script} exited on its own (${signal ?? `code ${code}`})`);
    });
    this.children.push(child);
    return child;
  }
}

/** Runs a bench's main with the stack, stopping it whatever happens. */
export function runBench(stack: BenchStack, main: () => Promise<void>): void {
  const stopOnSignal = () => void stack.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  main()
    .then(() => stack.stop())
    .catch(async (error: unknown) => {
      console.error(error);
      await stack.stop();
      process.exit(1);
    });
}
