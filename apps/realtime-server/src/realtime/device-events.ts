import type { DeviceEventPayloads, DeviceEventType } from '@farola/protocol';

/** Takes device events to the sockets (the device streams: numbered, batched, kept for catch-up). */
export interface DeviceEventSink {
  publish<K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]): void;
}

/** Where published events are kept (the device data write-behind, for the event history). */
export interface DeviceEventHistory {
  event(write: { [K in DeviceEventType]: { type: K; payload: DeviceEventPayloads[K] } }[DeviceEventType]): void;
}

/** A module told of every device event of one type; it must not throw (it is on the ingest path). */
export type DeviceEventListener<K extends DeviceEventType> = (payload: DeviceEventPayloads[K]) => void;

/**
 * Where every device event goes: to the sockets of its streams at once (numbered and batched by
 * the stream hub), to the event history behind (through the write-behind buffer), and to the
 * modules listening for its type (the command queue sends what waited for a device that reconnects).
 */
export class DeviceEventPublisher {
  private readonly listeners = new Map<DeviceEventType, DeviceEventListener<never>[]>();

  constructor(
    private readonly sockets: DeviceEventSink,
    private readonly history: DeviceEventHistory,
  ) {}

  publish<K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]): void {
    this.sockets.publish(type, payload);
    this.history.event({ type, payload } as never);
    const listeners = this.listeners.get(type) as DeviceEventListener<K>[] | undefined;
    if (listeners) for (const listener of listeners) listener(payload);
  }

  /** Calls `listener` with every event of `type` published from now on, after the sockets and the history. */
  on<K extends DeviceEventType>(type: K, listener: DeviceEventListener<K>): void {
    const listeners = this.listeners.get(type) ?? [];
    listeners.push(listener as DeviceEventListener<never>);
    this.listeners.set(type, listeners);
  }
}
