import type { Logger } from 'pino';

/** At most one warning per interval, so a misbehaving fleet cannot flood the log; the rest are counted. */
export class RateLimitedWarn {
  private lastAt = 0;
  private suppressed = 0;

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs = 1000,
  ) {}

  warn(details: Record<string, unknown>, message: string): void {
    const now = Date.now();
    if (now - this.lastAt < this.intervalMs) {
      this.suppressed += 1;
      return;
    }
    this.logger.warn({ ...details, suppressedSinceLast: this.suppressed }, message);
    this.lastAt = now;
    this.suppressed = 0;
  }
}
