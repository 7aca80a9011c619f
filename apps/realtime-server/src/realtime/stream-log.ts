import type { StreamedEventType } from '@farola/protocol';

/** One pushed item as a stream keeps it for catch-up: its event name, its payload (with `stream` and `seq`), and when. */
export interface LoggedItem {
  seq: number;
  event: StreamedEventType;
  payload: object;
  at: number;
}

export interface RetentionLimits {
  /** Items older than this are dropped (REALTIME_CATCHUP_SECONDS). */
  maxAgeMs: number;
  /** At most this many items are kept (REALTIME_CATCHUP_ITEMS). */
  maxItems: number;
}

/**
 * The numbering and the recent past of one stream: `seq` counts every item published in this
 * epoch, and the newest items are kept, within the retention limits, for clients that resume.
 * `floor` is the highest seq the log can no longer vouch for: a client that saw less than it
 * missed something the log cannot replay.
 *
 * @example
 * const log = new StreamLog({ maxAgeMs: 120_000, maxItems: 20_000 });
 * log.append('FleetStateUpdated', (seq) => ({ ...state, stream, seq }), Date.now());
 * log.since(3, log.seq); // the items after seq 3, or null when some of them are gone
 */
export class StreamLog {
  seq: number;
  floor: number;
  private items: (LoggedItem | undefined)[] = [];
  private head = 0;

  /** `start` is the seq the log begins after: the numbering of an earlier log of the same stream, plus any gap. */
  constructor(
    private readonly limits: RetentionLimits,
    start = 0,
  ) {
    this.seq = start;
    this.floor = start;
  }

  append(event: StreamedEventType, build: (seq: number) => object, now: number): LoggedItem {
    this.seq += 1;
    const item = { seq: this.seq, event, payload: build(this.seq), at: now };
    this.items.push(item);
    if (this.items.length - this.head > this.limits.maxItems) this.dropOldest();
    this.trim(now);
    return item;
  }

  /** Drops the items older than the age limit. */
  trim(now: number): void {
    const oldest = now - this.limits.maxAgeMs;
    while (this.head < this.items.length && this.items[this.head]!.at < oldest) this.dropOldest();
  }

  /** The items with `lastSeen` < seq ≤ `upTo`, in order; null when the log no longer holds all of them. */
  since(lastSeen: number, upTo: number): LoggedItem[] | null {
    if (lastSeen < this.floor || lastSeen > this.seq) return null;
    const result: LoggedItem[] = [];
    // Items are numbered without holes, so the first wanted one sits at a computable index.
    const first = this.head + (lastSeen - this.floor);
    for (let i = first; i < this.items.length && this.items[i]!.seq <= upTo; i += 1) result.push(this.items[i]!);
    return result;
  }

  get size(): number {
    return this.items.length - this.head;
  }

  private dropOldest(): void {
    this.floor = this.items[this.head]!.seq;
    this.items[this.head] = undefined;
    this.head += 1;
    // Compact now and then, so the array does not grow for ever.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}
