import type { AttributeValues } from '@farola/protocol';
import type { Logger } from 'pino';
import type { AttributeWrite, ConnectionWrite, DeviceRepository } from './device.repository';
import type { EventRepository, EventWrite } from '../events/contract';

export interface WriteBehindOptions {
  intervalMs: number;
  /** Flush early once this many events wait, so a burst never builds one huge statement. */
  maxPending: number;
  /** While the database is unreachable, keep at most this many events (the oldest go first). */
  maxBacklog: number;
}

/** Thrown by `close()` when the database would not take what was left; the counts say what is lost. */
export class UnwrittenDataError extends Error {
  override name = 'UnwrittenDataError';
  constructor(readonly counts: { events: number; attributes: number; connections: number }) {
    super(
      `${counts.events} events, ${counts.attributes} attribute and ${counts.connections} connection updates not written`,
    );
  }
}

/**
 * Whether the database refused the rows themselves (SQLSTATE class 22, data exception, or 23,
 * integrity violation) rather than being unreachable: retrying the same rows would fail for ever.
 */
export function isRefusedData(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

/** The rows a write could not take because the database was unreachable, in their order. */
class Unwritten<T> extends Error {
  constructor(
    override readonly cause: unknown,
    readonly rows: T[],
  ) {
    super('unwritten rows');
  }
}

/**
 * Writes `rows`; when the database refuses their data, halves the batch until each refused row is
 * alone, quarantines it and writes the others, so one bad row never stops the rest being stored.
 * Any other failure throws `Unwritten` with the rows not yet written.
 */
async function writeIsolating<T>(
  rows: T[],
  write: (rows: T[]) => Promise<void>,
  quarantine: (row: T, error: unknown) => void,
): Promise<void> {
  if (rows.length === 0) return;
  try {
    await write(rows);
  } catch (error) {
    if (!isRefusedData(error)) throw new Unwritten(error, rows);
    if (rows.length === 1) return quarantine(rows[0]!, error);
    const half = Math.ceil(rows.length / 2);
    const rest = rows.slice(half);
    try {
      await writeIsolating(rows.slice(0, half), write, quarantine);
    } catch (failure) {
      throw failure instanceof Unwritten ? new Unwritten(failure.cause, [...(failure.rows as T[]), ...rest]) : failure;
    }
    await writeIsolating(rest, write, quarantine);
  }
}

/** Kept for inspection: the most recent rows the database refused. */
const QUARANTINE_KEPT = 100;

export interface QuarantinedRow {
  sink: 'connections' | 'attributes' | 'events';
  row: unknown;
  code: string;
  at: string;
}

/** What the database has still to take: the rows buffered and those in the write under way. */
export interface WriteBacklog {
  rows: number;
  /** How long the oldest of them has waited, in ms; 0 when there is none. */
  oldestMs: number;
}

/**
 * Buffers what the ingest path must persist (events, latest attributes, connection state) and
 * writes it in a few multi-row statements per interval instead of one query per message.
 * Attribute reports for the same device within one interval merge into one row.
 */
export class WriteBehind {
  /** Rows the database refused and that were set aside so the others could be written. */
  quarantined = 0;
  /** The last rows set aside, newest last. */
  readonly quarantine: QuarantinedRow[] = [];
  private events: EventWrite[] = [];
  private attributes = new Map<string, AttributeWrite>();
  private connections = new Map<string, ConnectionWrite>();
  private timer: NodeJS.Timeout | null = null;
  /** The write under way, or the last one; never rejects, so one failure cannot stop every later write. */
  private running: Promise<void> = Promise.resolve();
  /** The write waiting for `running`: at most one, shared by everyone who asks for a flush meanwhile. */
  private queued: Promise<void> | null = null;
  /** Set while the database refuses writes: retries then wait, instead of one per message. */
  private failing = false;
  /** When the oldest row still buffered arrived (Date.now()); null while nothing is buffered. */
  private bufferedSince: number | null = null;
  /** The rows the write under way took, and when the oldest of them arrived. */
  private writing: { rows: number; since: number } | null = null;

  constructor(
    private readonly repositories: { devices: DeviceRepository; events: EventRepository },
    private readonly logger: Logger,
    private readonly options: WriteBehindOptions = { intervalMs: 300, maxPending: 2000, maxBacklog: 200_000 },
  ) {}

  event(write: EventWrite): void {
    this.events.push(write);
    this.schedule();
  }

  attributesOf(id: string, values: AttributeValues, ts: string): void {
    const previous = this.attributes.get(id);
    const newer = !previous || ts >= previous.ts;
    this.attributes.set(id, {
      id,
      values: newer ? { ...previous?.values, ...values } : { ...values, ...previous.values },
      ts: newer ? ts : previous.ts,
    });
    this.schedule();
  }

  connectionOf(id: string, connected: boolean, ts: string): void {
    this.connections.set(id, { id, connected, ts });
    this.schedule();
  }

  get pending(): number {
    return this.events.length + this.attributes.size + this.connections.size;
  }

  /** The rows not yet in the database (buffered or being written), and the age of the oldest. */
  backlog(nowMs = Date.now()): WriteBacklog {
    const rows = this.pending + (this.writing?.rows ?? 0);
    if (rows === 0) return { rows, oldestMs: 0 };
    const since = Math.min(this.bufferedSince ?? nowMs, this.writing?.since ?? nowMs);
    return { rows, oldestMs: Math.max(0, nowMs - since) };
  }

  /**
   * Writes everything buffered so far; resolves once it is in the database (or kept to retry).
   * While a write waits its turn, every flush joins it instead of queueing another.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queued) return this.queued;
    const next = this.running.then(() => {
      // From here on, what arrives is no longer covered by this write and needs the next one.
      this.queued = null;
      return this.writeBuffered();
    });
    this.queued = next;
    this.running = next.catch(() => undefined);
    return next;
  }

  /**
   * Resolves once what is buffered now is written, for reads that must not lag behind the socket.
   * Joins the write already queued or under way; adds one only when there is something to write.
   */
  settled(): Promise<void> {
    if (this.queued) return this.queued;
    return this.pending > 0 ? this.flush() : this.running;
  }

  /**
   * The final flush at shutdown: stops the retry timer and tries up to `attempts` times. Rejects with
   * an `UnwrittenDataError` when something is still unwritten, so the loss is reported, not hidden.
   */
  async close(attempts = 3): Promise<void> {
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      await this.flush();
      if (this.pending === 0) break;
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, this.options.intervalMs));
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending > 0) {
      throw new UnwrittenDataError({
        events: this.events.length,
        attributes: this.attributes.size,
        connections: this.connections.size,
      });
    }
  }

  private schedule(): void {
    this.bufferedSince ??= Date.now();
    if (!this.failing && this.events.length >= this.options.maxPending) this.flushInBackground();
    else this.timer ??= setTimeout(() => this.flushInBackground(), this.options.intervalMs);
  }

  private flushInBackground(): void {
    this.flush().catch((error: unknown) => this.logger.error({ err: error }, 'write-behind flush failed'));
  }

  /** Writes what is buffered when it starts, events in statements of at most `maxPending` rows. */
  private async writeBuffered(): Promise<void> {
    if (this.pending === 0) return;
    this.writing = { rows: this.pending, since: this.bufferedSince ?? Date.now() };
    this.bufferedSince = null;
    try {
      await this.writeTaken();
    } finally {
      this.writing = null;
    }
  }

  private async writeTaken(): Promise<void> {
    let events = this.events;
    let attributes = [...this.attributes.values()];
    let connections = [...this.connections.values()];
    this.events = [];
    this.attributes = new Map();
    this.connections = new Map();
    try {
      // Devices first: an event must never be visible before the state it describes.
      await this.isolating('connections', connections, (rows) => this.repositories.devices.applyConnections(rows));
      connections = [];
      await this.isolating('attributes', attributes, (rows) => this.repositories.devices.applyAttributes(rows));
      attributes = [];
      for (let written = 0; written < events.length; written += this.options.maxPending) {
        const batch = events.slice(written, written + this.options.maxPending);
        try {
          await this.isolating('events', batch, (rows) => this.repositories.events.insertMany(rows));
        } catch (error) {
          events = [
            ...(error instanceof Unwritten ? (error.rows as EventWrite[]) : batch),
            ...events.slice(written + batch.length),
          ];
          throw error;
        }
      }
      events = [];
      this.failing = false;
    } catch (failure) {
      this.failing = true;
      if (failure instanceof Unwritten && connections.length > 0) connections = failure.rows as ConnectionWrite[];
      else if (failure instanceof Unwritten && attributes.length > 0) attributes = failure.rows as AttributeWrite[];
      this.restore(events, attributes, connections);
      this.logger.error(
        {
          err: failure instanceof Unwritten ? failure.cause : failure,
          events: events.length,
          attributes: attributes.length,
          connections: connections.length,
        },
        'write-behind flush failed; keeping the batch to retry',
      );
    }
  }

  /** Writes one sink's rows, setting aside (and counting) each row the database refuses. */
  private isolating<T>(sink: QuarantinedRow['sink'], rows: T[], write: (rows: T[]) => Promise<void>): Promise<void> {
    return writeIsolating(rows, write, (row, error) => {
      this.quarantined += 1;
      const code = String((error as { code?: unknown }).code);
      this.quarantine.push({ sink, row, code, at: new Date().toISOString() });
      if (this.quarantine.length > QUARANTINE_KEPT) this.quarantine.shift();
      this.logger.warn(
        { sink, row, code, err: error },
        'the database refused a row; it is quarantined and the others written',
      );
    });
  }

  /** Puts a failed batch back in front of what arrived since; newer state for a device wins. */
  private restore(events: EventWrite[], attributes: AttributeWrite[], connections: ConnectionWrite[]): void {
    // The rows kept to retry are as old as when they first arrived.
    this.bufferedSince = Math.min(this.bufferedSince ?? Date.now(), this.writing?.since ?? Date.now());
    const backlog = [...events, ...this.events];
    const dropped = Math.max(0, backlog.length - this.options.maxBacklog);
    if (dropped > 0) this.logger.warn({ dropped }, 'write-behind backlog full: dropping the oldest events');
    this.events = backlog.slice(dropped);
    for (const write of attributes) {
      const newer = this.attributes.get(write.id);
      this.attributes.set(write.id, newer ? { ...newer, values: { ...write.values, ...newer.values } } : write);
    }
    for (const write of connections) if (!this.connections.has(write.id)) this.connections.set(write.id, write);
    // The retry alone must not keep a stopping process alive.
    this.timer ??= setTimeout(() => this.flushInBackground(), this.options.intervalMs * 10).unref();
  }
}
