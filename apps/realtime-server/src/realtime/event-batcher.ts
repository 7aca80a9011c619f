import type { DeviceEventPayloads, DeviceEventType } from '@farola/protocol';

/** Emits one array per room and event name (the typed Socket.IO server, seen narrowly). */
export type RoomEmit = <K extends DeviceEventType>(room: string, event: K, batch: DeviceEventPayloads[K][]) => void;

/** The room of a project: every socket whose user may see the project is in it. */
export const projectRoom = (projectId: string) => `project:${projectId}`;

/**
 * Collects events per room and event name for `windowMs`, then emits each collection as one
 * array. At thousands of reports a second this turns per-message emits into a few per window.
 *
 * @example
 * const batcher = new EventBatcher(50, (room, event, batch) => io.to(room).emit(event, batch));
 * batcher.push('DeviceConnectionStatusUpdated', { deviceId, projectId, ts, connected: true });
 */
export class EventBatcher {
  private pending = new Map<string, { room: string; event: DeviceEventType; items: unknown[] }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly windowMs: number,
    private readonly emit: RoomEmit,
  ) {}

  push<K extends DeviceEventType>(event: K, payload: DeviceEventPayloads[K]): void {
    const room = projectRoom(payload.projectId);
    const key = `${room}\u0000${event}`;
    const entry = this.pending.get(key);
    if (entry) entry.items.push(payload);
    else this.pending.set(key, { room, event, items: [payload] });
    this.timer ??= setTimeout(() => this.flush(), this.windowMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = this.pending;
    this.pending = new Map();
    for (const { room, event, items } of batches.values()) {
      this.emit(room, event, items as DeviceEventPayloads[typeof event][]);
    }
  }
}
