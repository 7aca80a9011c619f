import type { AttributeValues } from '@farola/protocol';
import type { Logger } from 'pino';
import type { AttributeWrite, ConnectionWrite, DeviceRepository } from '../repositories/device.repository';
import type { EventRepository, EventWrite } from '../repositories/event.repository';

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
export class WriteBehind {
  private events: EventWrite[] = [];
  private attributes = new Map<string, AttributeWrite>();
  private connections = new Map<string, ConnectionWrite>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
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

  /** Writes everything buffered so far; resolves once it is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.running.then(() => this.writeBuffered());
    return this.running;
  }

  private schedule(): void {
    if (!this.failing && this.events.length >= this.options.maxPending) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.intervalMs);
  }

  private async writeBuffered(): Promise<void> {
    if (this.pending === 0) return;
    const events = this.events;
    const attributes = [...this.attributes.values()];
    const connections = [...this.connections.values()];
    this.events = [];
    this.attributes = new Map();
    this.connections = new Map();
    try {
      // Devices first: an event must never be visible before the state it describes.
      await this.repositories.devices.applyConnections(connections);
      await this.repositories.devices.applyAttributes(attributes);
      await this.repositories.events.insertMany(events);
      this.failing = false;
    } catch (error) {
      this.failing = true;
      this.logger.error(
        { err: error, events: events.length, attributes: attributes.length, connections: connections.length },
        'write-behind flush failed; keeping the batch to retry',
      );
      this.restore(events, attributes, connections);
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
    this.timer ??= setTimeout(() => void this.flush(), this.options.intervalMs * 10);
  }
}
