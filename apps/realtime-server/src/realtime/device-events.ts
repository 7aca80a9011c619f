import type { DeviceEventPayloads, DeviceEventType } from '@farola/protocol';

/** Takes device events to the sockets (the device streams: numbered, batched, kept for catch-up). */
export interface DeviceEventSink {
  publish<K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]): void;
}

/** Where published events are kept (the device data write-behind, for the event history). */
export interface DeviceEventHistory {
  event(write: { [K in DeviceEventType]: { type: K; payload: DeviceEventPayloads[K] } }[DeviceEventType]): void;
}

/** Tells the modules of a device event (the domain event bus, where device events are declared by the devices module). */
export type DeviceEventEmit = <K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]) => void;

/**
 * Where every device event goes: to the sockets of its streams at once (numbered and batched by
 * the stream hub), to the event history behind (through the write-behind buffer), and to the
 * modules subscribed on the domain event bus (the command queue sends what waited for a device
 * that reconnects).
 */
export class DeviceEventPublisher {
  constructor(
    private readonly sockets: DeviceEventSink,
    private readonly history: DeviceEventHistory,
    private readonly emit: DeviceEventEmit,
  ) {}

  publish<K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]): void {
    this.sockets.publish(type, payload);
    this.history.event({ type, payload } as never);
    this.emit(type, payload);
  }
}
