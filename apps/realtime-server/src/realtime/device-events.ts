import type { DeviceEventPayloads, DeviceEventType } from '@farola/protocol';

/** Takes device events to the sockets (the device streams: numbered, batched, kept for catch-up). */
export interface DeviceEventSink {
  publish<K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]): void;
}

/** Where published events are kept (the device data write-behind, for the event history). */
export interface DeviceEventHistory {
  event(write: { [K in DeviceEventType]: { type: K; payload: DeviceEventPayloads[K] } }[DeviceEventType]): void;
}

/**
 * Where every device event goes: to the sockets of its streams at once (numbered and batched by
 * the stream hub) and to the event history behind (through the write-behind buffer).
 */
export class DeviceEventPublisher {
  constructor(
    private readonly sockets: DeviceEventSink,
    private readonly history: DeviceEventHistory,
  ) {}

  publish<K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]): void {
    this.sockets.publish(type, payload);
    this.history.event({ type, payload } as never);
  }
}
