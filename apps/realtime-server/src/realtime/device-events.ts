import type { DeviceEventPayloads, DeviceEventType } from '@farola/protocol';
import type { WriteBehind } from '../devices/write-behind';
import type { DeviceEventSink } from './device-streams';

/**
 * Where every device event goes: to the sockets of its streams at once (numbered and batched by
 * the stream hub) and to the event history behind (through the write-behind buffer).
 */
export class DeviceEventPublisher {
  constructor(
    private readonly sockets: DeviceEventSink,
    private readonly writer: WriteBehind,
  ) {}

  publish<K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]): void {
    this.sockets.publish(type, payload);
    this.writer.event({ type, payload } as never);
  }
}
