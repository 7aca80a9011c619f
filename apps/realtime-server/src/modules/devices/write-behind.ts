import type { AttributeValues } from '@farola/protocol';
import type { Logger } from 'pino';
import type { AttributeWrite, ConnectionWrite, DeviceRepository } from './device.repository';
import type { EventRepository, EventWrite } from '../events/event.repository';

export interface WriteBehindOptions {
  intervalMs: number;
  /** Flush early once this many events wait, so a burst never builds one huge statement. */
  maxPending: number;
  /** While the database is unreachable, keep at most this many events (the oldest go first). */
  maxBacklog: number;
}

/**
 * Buffers what the ingest path must persist (events, latest attributes, connection state) and
 * writes it in a few multi-row statements per interval instead of one query per message.
 * Attribute reports for the same device within one interval merge into one row.
 */
/** Thrown by `close()` when the database would not take what was left; the counts say what is lost. */
export class UnwrittenDataError extends Error {
  override name = 'UnwrittenDataError';
  constructor(readonly counts: { events: number; attributes: number; connections: number }) {
    super(
      `${counts.events} events, ${counts.attributes} attribute and ${counts.connections} connection updates not written`,
    );
  }
}

export class WriteBehind {
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
    if (!this.failing && this.events.length >= this.options.maxPending) this.flushInBackground();
    else this.timer ??= setTimeout(() => this.flushInBackground(), this.options.intervalMs);
  }

  private flushInBackground(): void {
    this.flush().catch((error: unknown) => this.logger.error({ err: error }, 'write-behind flush failed'));
  }

  /** Writes what is buffered when it starts, events in statements of at most `maxPending` rows. */
  private async writeBuffered(): Promise<void> {
    if (this.pending === 0) return;
    const events = this.events;
    let attributes = [...this.attributes.values()];
    let connections = [...this.connections.values()];
    this.events = [];
    this.attributes = new Map();
    this.connections = new Map();
    let written = 0;
    try {
      // Devices first: an event must never be visible before the state it describes.
      await this.repositories.devices.applyConnections(connections);
      connections = [];
      await this.repositories.devices.applyAttributes(attributes);
      attributes = [];
      for (; written < events.length; written += this.options.maxPending) {
        await this.repositories.events.insertMany(events.slice(written, written + this.options.maxPending));
      }
      this.failing = false;
    } catch (error) {
      this.failing = true;
      const unwritten = events.slice(written);
      this.restore(unwritten, attributes, connections);
      this.logger.error(
        { err: error, events: unwritten.length, attributes: attributes.length, connections: connections.length },
        'write-behind flush failed; keeping the batch to retry',
      );
    }
  }

  /** Puts a failed batch back in front of what arrived since; newer state for a device wins. */
  private restore(events: EventWrite[], attributes: AttributeWrite[], connections: ConnectionWrite[]): void {
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
