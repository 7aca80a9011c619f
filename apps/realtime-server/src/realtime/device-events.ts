import type { DeviceEventPayloads, DeviceEventType } from '@farola/protocol';
import type { EventBatcher } from './event-batcher';

/** Where published events are kept (the device data write-behind, for the event history). */
export interface DeviceEventHistory {
  event(write: { [K in DeviceEventType]: { type: K; payload: DeviceEventPayloads[K] } }[DeviceEventType]): void;
}

/**
 * Where every device event goes: to the sockets of its project at once (through the batcher)
 * and to the event history behind (through the write-behind buffer).
 */
export class DeviceEventPublisher {
  constructor(
    private readonly batcher: EventBatcher,
    private readonly history: DeviceEventHistory,
  ) {}

  publish<K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]): void {
    this.batcher.push(type, payload);
    this.history.event({ type, payload } as never);
  }
}
