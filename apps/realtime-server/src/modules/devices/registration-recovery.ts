/**
 * Recovers registrations the server missed. A device announces itself once, in its retained
 * `up/connection`; if that message is lost (a broker that drops messages for a slow subscriber,
 * as Mosquitto does past `max_queued_messages`), every later report of the device is rejected as
 * from an unknown serial number. Each such serial is noted here, and every `intervalMs` the noted
 * ones are handed to `replay`, which asks the broker for their retained announcements again. A
 * serial is asked for at most once per `retryMs`, and at most `maxPerRound` per round.
 *
 * @example
 * const recovery = new RegistrationRecovery({ replay: (serials) => gateway.replayConnections(serials) });
 * recovery.note('SIM-OR-LP-000001'); // from a report of an unknown device
 */
export class RegistrationRecovery {
  private readonly noted = new Set<string>();
  /** When each serial was last asked for, oldest first; pruned as it grows. */
  private readonly asked = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      replay: (serials: string[]) => Promise<void>;
      onError: (error: unknown) => void;
      intervalMs?: number;
      retryMs?: number;
      maxPerRound?: number;
    },
  ) {}

  /** Starts asking every `intervalMs`. */
  start(): void {
    // Fire and forget: a round hands its failures to onError, and the next one queues behind it.
    this.timer ??= setInterval(() => void this.round(), this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  note(serialNumber: string): void {
    if (this.noted.size < (this.options.maxPerRound ?? 2000) * 10) this.noted.add(serialNumber);
  }

  /** Asks for the noted serials that were not asked for recently; resolves when the broker has them. */
  round(now = Date.now()): Promise<void> {
    const retryMs = this.options.retryMs ?? 60_000;
    const due: string[] = [];
    for (const serial of this.noted) {
      if (due.length >= (this.options.maxPerRound ?? 2000)) break;
      this.noted.delete(serial);
      const last = this.asked.get(serial);
      if (last !== undefined && now - last < retryMs) continue;
      this.asked.delete(serial);
      this.asked.set(serial, now);
      due.push(serial);
    }
    for (const [serial, at] of this.asked) {
      if (now - at < retryMs) break;
      this.asked.delete(serial);
    }
    if (due.length === 0) return this.running;
    this.running = this.running.then(() => this.options.replay(due)).catch(this.options.onError);
    return this.running;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
