import { randomUUID } from 'node:crypto';
import {
  type AnyDeclaredStream,
  parseStream,
  type StreamedEventType,
  type StreamPositions,
  type StreamRegistry,
  STREAMS,
} from '@farola/protocol';
import { EventBatcher, type RoomEmit } from './event-batcher';
import { type LoggedItem, type RetentionLimits, StreamLog } from './stream-log';

export interface StreamHubOptions extends RetentionLimits {
  /** How long items are collected before they are emitted as one array (SOCKET_BATCH_MS). */
  batchMs: number;
  /** The stream kinds it serves (the protocol's `STREAMS`); a name of another kind is refused. */
  registry?: StreamRegistry;
}

interface Stream {
  log: StreamLog;
  /** The highest seq handed to the sockets (emitted); what a joining socket starts after. */
  emitted: number;
  subscribers: number;
  /** Since when a detailed stream has had no subscriber, or null while it has some. */
  idleSince: number | null;
}

/**
 * The realtime streams of one server process: numbering, batching and the catch-up buffer, for
 * the stream kinds of the protocol's registry (`STREAMS`): a stream of a kind it does not declare,
 * or an event its kind does not carry, is refused. Streams that are not detailed (`fleet:`,
 * `project:`) always run, so that a client can catch up on them after a disconnect. Detailed
 * streams (`device:`, `attributes:`) cost nothing until a socket subscribes;
 * they keep running for the catch-up window after their last subscriber left (so that a client
 * that drops and comes back finds what it missed), then go cold, keeping only their last seq.
 * A stream that wakes up from cold skips one seq: a client that saw the number before is told
 * to resync, since reports while the stream was cold were not numbered.
 *
 * @example
 * const hub = new StreamHub({ batchMs: 50, maxAgeMs: 120_000, maxItems: 20_000 }, (room, event, batch) =>
 *   io.to(room).emit(event, batch));
 * hub.publish('project:…', 'DeviceConnectionStatusUpdated', { deviceId, projectId, ts, connected: true });
 */
export class StreamHub {
  /** Random per process start: seqs of another epoch mean nothing here. */
  readonly epoch = randomUUID();
  private readonly streams = new Map<string, Stream>();
  /** Detailed streams gone cold: their last seq, so that a new log of the same stream never repeats one. */
  private readonly cold = new Map<string, number>();
  private readonly batcher: EventBatcher;
  private readonly sweeper: NodeJS.Timeout;
  /** The stream kinds served. */
  readonly registry: StreamRegistry;

  constructor(
    private readonly options: StreamHubOptions,
    emit: RoomEmit,
    private readonly now: () => number = Date.now,
  ) {
    this.registry = options.registry ?? STREAMS;
    this.batcher = new EventBatcher(options.batchMs, emit, (rooms) => this.markEmitted(rooms));
    this.sweeper = setInterval(() => this.sweep(), Math.min(10_000, Math.max(100, options.maxAgeMs / 4)));
    this.sweeper.unref();
  }

  /**
   * Numbers `payload` in `stream` and queues it for the stream's sockets (except those in `except`).
   * A detailed stream nobody subscribed to takes no work. Returns the seq, or null when not published.
   * Throws when `stream` is not the name of a declared kind's stream or its kind does not carry `event`.
   */
  publish<T extends object>(stream: string, event: StreamedEventType, payload: T, except?: string): number | null {
    const definition = this.definitionOf(stream);
    if (!Object.hasOwn(definition.events, event)) throw new Error(`${definition.kind} streams do not carry ${event}`);
    let entry = this.streams.get(stream);
    if (!entry) {
      if (definition.detailed) return null;
      entry = this.open(stream);
    }
    const item = entry.log.append(event, (seq) => ({ ...payload, stream, seq }), this.now());
    this.batcher.push(stream, event, item.payload, except);
    return item.seq;
  }

  /** The last seq emitted on each stream: a socket joining now receives the items after it. */
  emittedPositions(names: Iterable<string>): StreamPositions {
    const positions: StreamPositions = {};
    for (const name of names) positions[name] = this.streams.get(name)?.emitted ?? 0;
    return positions;
  }

  /** The last seq published on a stream: state read now already includes every item up to it. */
  publishedSeq(name: string): number {
    return this.streams.get(name)?.log.seq ?? 0;
  }

  /** A socket subscribes to a detailed stream: it starts (or keeps) running. */
  retain(name: string): void {
    const entry = this.streams.get(name) ?? this.open(name);
    entry.subscribers += 1;
    entry.idleSince = null;
  }

  /** A socket left a detailed stream. */
  release(name: string): void {
    const entry = this.streams.get(name);
    if (!entry || entry.subscribers === 0) return;
    entry.subscribers -= 1;
    if (entry.subscribers === 0) entry.idleSince = this.now();
  }

  /**
   * The items a client that saw `lastSeen` missed, up to `upTo` (by default everything emitted),
   * or null when they are no longer all kept: the client must then reload the stream's data.
   */
  missed(name: string, lastSeen: number, upTo?: number): LoggedItem[] | null {
    const entry = this.streams.get(name);
    if (!entry) return lastSeen === 0 && !this.cold.has(name) ? [] : null;
    return entry.log.since(lastSeen, upTo ?? entry.emitted);
  }

  /** Emits what is pending now (on shutdown, and in tests that want no wait). */
  flush(): void {
    this.batcher.flush();
  }

  close(): void {
    clearInterval(this.sweeper);
    this.batcher.flush();
  }

  stats(): { streams: number; bufferedItems: number } {
    let bufferedItems = 0;
    for (const entry of this.streams.values()) bufferedItems += entry.log.size;
    return { streams: this.streams.size, bufferedItems };
  }

  /** Drops expired items everywhere, and lets detailed streams idle past the catch-up window go cold. */
  sweep(): void {
    const now = this.now();
    for (const [name, entry] of this.streams) {
      entry.log.trim(now);
      if (entry.idleSince !== null && now - entry.idleSince >= this.options.maxAgeMs) {
        this.cold.set(name, entry.log.seq);
        this.streams.delete(name);
      }
    }
  }

  /** The declaration of a stream's kind; throws for a name that is not a declared kind's stream. */
  definitionOf(name: string): AnyDeclaredStream {
    const parsed = parseStream(name, this.registry);
    if (!parsed) throw new Error(`not a stream name: ${name.slice(0, 80)}`);
    return parsed.definition;
  }

  private open(name: string): Stream {
    const { detailed } = this.definitionOf(name);
    const coldSeq = this.cold.get(name);
    this.cold.delete(name);
    // After a cold spell the next seq is skipped, so that every earlier position is a gap.
    const start = coldSeq === undefined ? 0 : coldSeq + 1;
    const log = new StreamLog(this.options, start);
    const entry: Stream = { log, emitted: start, subscribers: 0, idleSince: detailed ? this.now() : null };
    this.streams.set(name, entry);
    return entry;
  }

  private markEmitted(rooms: string[]): void {
    for (const room of rooms) {
      const entry = this.streams.get(room);
      if (entry) entry.emitted = entry.log.seq;
    }
  }
}
