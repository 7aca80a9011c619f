import type { StreamedEventType } from '@farola/protocol';

/**
 * Emits one array of items to a room (a stream's sockets), leaving out the sockets also in
 * `except` when it is given (the typed Socket.IO server, seen narrowly).
 */
export type RoomEmit = (room: string, event: StreamedEventType, batch: object[], except: string | undefined) => void;

/**
 * Collects items per stream for `windowMs`, then emits them as arrays, one per event name and
 * run: at thousands of reports a second this turns per-message emits into a few per window.
 * A stream carrying two event names (`project:`) gets one array per run of the same name, so
 * that a client receives every stream's items in seq order.
 *
 * @example
 * const batcher = new EventBatcher(50, (room, event, batch) => io.to(room).emit(event, batch));
 * batcher.push('project:…', 'DeviceConnectionStatusUpdated', { deviceId, projectId, ts, connected: true, stream, seq });
 */
export class EventBatcher {
  private pending = new Map<
    string,
    { except: string | undefined; runs: { event: StreamedEventType; items: object[] }[] }
  >();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly windowMs: number,
    private readonly emit: RoomEmit,
    /** Told, after each flush, which streams it emitted to. */
    private readonly flushed: (rooms: string[]) => void = () => undefined,
  ) {}

  push(room: string, event: StreamedEventType, payload: object, except?: string): void {
    const entry = this.pending.get(room);
    const last = entry?.runs.at(-1);
    if (last?.event === event) last.items.push(payload);
    else if (entry) entry.runs.push({ event, items: [payload] });
    else this.pending.set(room, { except, runs: [{ event, items: [payload] }] });
    this.timer ??= setTimeout(() => this.flush(), this.windowMs);
  }

  /** Emits everything pending now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = this.pending;
    this.pending = new Map();
    for (const [room, { except, runs }] of batches) {
      for (const { event, items } of runs) this.emit(room, event, items, except);
    }
    this.flushed([...batches.keys()]);
  }
}
