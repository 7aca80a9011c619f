import type { DeviceEventPayloads, DeviceEventType } from '@farola/protocol';
import type { WriteBehind } from '../devices/write-behind';
import type { EventBatcher } from './event-batcher';

/**
 * Where every device event goes: to the sockets of its project at once (through the batcher)
 * and to the event history behind (through the write-behind buffer).
 */
export class DeviceEventPublisher {
  constructor(
    private readonly batcher: EventBatcher,
    private readonly writer: WriteBehind,
  ) {}

  publish<K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]): void {
    this.batcher.push(type, payload);
    this.writer.event({ type, payload } as never);
  }
}
