/** setTimeout's longest delay (about 24.8 days); a later moment is reached in several steps. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/**
 * One timer per request: the silence after a delivery, or the end of its wait for a disconnected
 * device (up to 30 days away). Setting a request's timer replaces the one it had.
 */
export class RequestTimers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Calls `fire` after `ms`. */
  after(id: string, ms: number, fire: () => void): void {
    this.clear(id);
    const timer = setTimeout(() => {
      this.timers.delete(id);
      fire();
    }, ms);
    this.timers.set(id, timer);
  }

  /** Calls `fire` at `atMs` (epoch ms), however far ahead; at once when it has passed. */
  at(id: string, atMs: number, fire: () => void): void {
    const delay = Math.max(0, atMs - this.now());
    if (delay > LONGEST_DELAY_MS) this.after(id, LONGEST_DELAY_MS, () => this.at(id, atMs, fire));
    else this.after(id, delay, fire);
  }

  clear(id: string): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  clearAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
