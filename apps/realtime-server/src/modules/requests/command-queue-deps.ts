import type { CommandName, CommandRequest, DownMessage, QueuedRequest } from '@farola/protocol';
import type { Logger } from 'pino';
import type { DeviceEventPublisher } from '../../realtime/device-events';
import type { DeviceIndex } from '../devices/contract';
import type { DeviceIndexEntry } from '../devices/contract';
import type { RequestRepository } from './request.repository';

/** What the command queue works with (`CommandQueue`). */
export interface CommandQueueDeps {
  requests: RequestRepository;
  index: DeviceIndex;
  events: DeviceEventPublisher;
  /** Publishes on the device's `down/commands` topic. */
  publish: (serialNumber: string, message: DownMessage) => Promise<void>;
  logger: Logger;
  attemptTimeoutMs: number;
  maxAttempts: number;
  /** How long after its creation a request of this command may wait for its disconnected device. */
  waitMs: (command: CommandName) => number;
  /** Follows up a request the device completed (DONE), once it is stored and announced. */
  onDone?: (request: QueuedRequest) => Promise<void>;
  /** Told of every request that reached its end state (DONE, ERROR, CANCELLED), once it is stored. */
  onFinished?: (request: QueuedRequest) => void;
}

/** One command for one device, as `submitMany` takes it. */
export interface CommandSubmission {
  device: DeviceIndexEntry;
  body: CommandRequest;
}
