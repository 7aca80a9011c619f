// What the requests module offers other modules, and the events it emits: the only file of it they import.
import type { CommandName, ErrorCode, QueuedRequest } from '@farola/protocol';
import type { DeviceIndexEntry } from '../devices/contract';
import type { CommandSubmission } from './command-queue-deps';

/** A stored request's state, as another module follows it. */
export interface RequestState {
  id: string;
  deviceId: string;
  status: QueuedRequest['status'];
  errorCode: ErrorCode | null;
  errorMessage: string | null;
}

/** What the requests module offers later modules. */
export interface QueuedRequestsService {
  /** A device's newest request of these commands (in any project), or null. */
  latestOf(deviceId: string, commands: readonly CommandName[]): Promise<QueuedRequest | null>;
  /** A queued request by id in any project (a device message naming one), or null. */
  find(id: string): Promise<QueuedRequest | null>;
  /** Why this command cannot be queued for this device now, or null (the single-command rules). */
  refusal(device: DeviceIndexEntry, command: CommandName): ErrorCode | null;
  /**
   * Queues many commands in one batch (already checked with `refusal`); one request per submission,
   * stored with the bulk job that queued them, if any.
   */
  submitMany(
    submissions: readonly CommandSubmission[],
    requestedBy: string | null,
    bulkJobId?: string | null,
  ): Promise<QueuedRequest[]>;
  /** The first request a bulk job queued for each of these devices, with its state now. */
  ofBulkJob(jobId: string, deviceIds: readonly string[]): Promise<RequestState[]>;
  /** The state of these requests now (a request still in progress elsewhere reads IN_PROGRESS). */
  states(ids: readonly string[]): Promise<RequestState[]>;
  /** Cancels a request still in progress; resolves false when it had already ended. */
  cancel(id: string): Promise<boolean>;
  /** Whether a request is still in progress. */
  isActive(id: string): boolean;
  /** The requests still in progress of these devices (of one command, when given). */
  inProgressOf(deviceIds: readonly string[], command?: CommandName): Promise<string[]>;
  /** Whether a later request of the same command was queued for the device (this one is stale). */
  supersededBy(request: Pick<QueuedRequest, 'id' | 'deviceId' | 'command' | 'createdAt'>): Promise<boolean>;
  /** Devices moved to another project: their requests in progress follow them, stored and live. */
  moved(deviceIds: readonly string[], projectId: string): Promise<void>;
}

declare module '../../platform/services' {
  interface ServiceMap {
    queuedRequests: QueuedRequestsService;
  }
}

declare module '../../platform/events' {
  interface DomainEvents {
    /** A request a device completed (DONE), once stored and announced; the queue awaits its handlers. */
    RequestDone: QueuedRequest;
    /** A request that reached its end state (DONE, ERROR, CANCELLED), once stored and announced. */
    RequestFinished: QueuedRequest;
  }
}
