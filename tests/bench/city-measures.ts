/** What the city bench measures with: latency rows, process usage, and the server's health over time. */
import { percentile, processUsage, sleep } from './bench-stack';

/** The parts of the server's health the city bench reads. */
export interface Health {
  connectedDevices: number;
  mqtt: { accepted: number };
  storage: { backlog: { rows: number; oldestMs: number } };
}

export const ms = (value: number) => `${value.toFixed(0)} ms`;
export const latencyRow = (sorted: number[]) =>
  sorted.length === 0
    ? 'no samples'
    : `p50 ${ms(percentile(sorted, 50))} · p95 ${ms(percentile(sorted, 95))} · p99 ${ms(percentile(sorted, 99))} · max ${ms(sorted.at(-1)!)} (${sorted.length} samples)`;

/** How long the middle 90 % of the arrivals took, in seconds. */
export function spreadS(arrivals: number[]): string {
  const sorted = [...arrivals].sort((a, b) => a - b);
  return sorted.length === 0 ? '0' : ((percentile(sorted, 95) - percentile(sorted, 5)) / 1000).toFixed(1);
}

/** A process's usage, or null once it has exited. */
function usageOf(pid: number): ReturnType<typeof processUsage> | null {
  try {
    return processUsage(pid);
  } catch {
    return null;
  }
}

/** CPU (% of one core) and peak RSS of processes over a stretch, sampled every second. */
export class UsageMeter {
  private readonly start: Map<number, { cpuSeconds: number }>;
  private readonly peak = new Map<number, number>();
  private readonly startedAt = Date.now();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pids: number[]) {
    this.start = new Map(pids.map((pid) => [pid, processUsage(pid)]));
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  stop(): Map<number, string> {
    clearInterval(this.timer);
    this.sample();
    const seconds = (Date.now() - this.startedAt) / 1000;
    return new Map(
      this.pids.map((pid) => {
        const usage = usageOf(pid);
        if (!usage) return [pid, 'the process is gone'];
        const cpu = (100 * (usage.cpuSeconds - this.start.get(pid)!.cpuSeconds)) / seconds;
        return [pid, `${cpu.toFixed(0)} % of one core · RSS peak ${this.peak.get(pid)!.toFixed(0)} MiB`];
      }),
    );
  }

  private sample(): void {
    for (const pid of this.pids) this.peak.set(pid, Math.max(this.peak.get(pid) ?? 0, usageOf(pid)?.rssMiB ?? 0));
  }
}

export /** Health every `intervalMs` while a stretch lasts: ingest counter and write-behind backlog. */
class HealthSampler {
  readonly samples: { at: number; accepted: number; rows: number; oldestMs: number }[] = [];
  private running = true;
  private readonly done: Promise<void>;

  constructor(health: () => Promise<Health>, intervalMs: number) {
    this.done = (async () => {
      while (this.running) {
        // A busy server may miss a read: the sample is skipped, the bench goes on.
        const read = await health().catch(() => null);
        if (read) {
          const { rows, oldestMs } = read.storage.backlog;
          this.samples.push({ at: Date.now(), accepted: read.mqtt.accepted, rows, oldestMs });
        }
        await sleep(intervalMs);
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.done;
  }

  /**
   * When the database first held everything the server accepted up to `sinceMs`: the oldest row
   * still waiting arrived after it. Null while no sample shows it yet.
   */
  clearedAt(sinceMs: number): number | null {
    const sample = this.samples.find(
      ({ at, rows, oldestMs }) => at >= sinceMs && (rows === 0 || at - oldestMs >= sinceMs),
    );
    return sample?.at ?? null;
  }

  /** The highest ingest rate over any second. */
  peakRate(): number {
    let peak = 0;
    for (const sample of this.samples) {
      const earlier = this.samples.find((candidate) => candidate.at >= sample.at - 1000);
      if (earlier && sample.at > earlier.at) {
        peak = Math.max(peak, ((sample.accepted - earlier.accepted) * 1000) / (sample.at - earlier.at));
      }
    }
    return peak;
  }
}
