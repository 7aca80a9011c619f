import {
  type CancelRequestOutcome,
  type CancelRequestsResult,
  type CommandName,
  type CommandRequest,
  ERRORS,
  type ErrorCode,
  fixedScheduleLimitExceeded,
  type Page,
  type QueuedRequest,
  type QueuedRequestListQuery,
  REFUSED_WHILE_DISCONNECTED,
  supportsCommand,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import { inProjectScope } from '../../db/rows';
import { DomainError } from '../../platform/domain-error';
import type { DeviceIndex } from '../devices/contract';
import type { DeviceIndexEntry } from '../devices/contract';
import type { ProjectService } from '../projects/contract';
import type { CommandQueue } from './command-queue';
import type { RequestRepository } from './request.repository';

/**
 * Why a command cannot be queued for a device, or null when it can: a disabled device refuses
 * everything; a command its family and kind lack is METHOD_NOT_ALLOWED (as the device itself would
 * answer); a device that reported its remote management disabled refuses every command; and a
 * firmware change or reset is refused while the device is disconnected. Other commands queue for
 * an offline device and are delivered when it is back.
 */
export function commandRefusal(device: DeviceIndexEntry, command: CommandName, index: DeviceIndex): ErrorCode | null {
  if (device.disabled) return 'DEVICE_DISABLED';
  if (!supportsCommand(device.vendor, device.deviceType, command))
    return 'UNABLE_TO_EXECUTE_COMMAND_METHOD_NOT_ALLOWED';
  if (device.remoteManagementDisabled) return 'REMOTE_MANAGEMENT_DISABLED';
  const refusal = REFUSED_WHILE_DISCONNECTED[command];
  if (refusal && !index.connection(device.id)?.connected) return refusal;
  return null;
}

/**
 * What a command's parameters ask beyond what the device's family holds, refused before anything is
 * sent (the device would only answer NOT_ACCEPTABLE): more fixed-schedule rules than its limit
 * ('Up to 4 rules for this vendor family'), with the limit in the details for the message.
 */
export function paramsRefusal(device: DeviceIndexEntry, body: CommandRequest): DomainError | null {
  const limit = fixedScheduleLimitExceeded(device.vendor, body);
  if (limit === null) return null;
  const code = 'FIXED_SCHEDULE_TOO_MANY_RULES';
  return new DomainError(code, { limit }, ERRORS[code].message.replace('{limit}', String(limit)));
}

/** Commands and queued requests, scoped to the caller's projects. */
export class RequestService {
  constructor(
    private readonly deps: {
      requests: RequestRepository;
      queue: CommandQueue;
      index: DeviceIndex;
      projects: ProjectService;
    },
  ) {}

  /** Queues a command for a visible device; what cannot work is refused first (`commandRefusal`, `paramsRefusal`). */
  async submit(user: User, deviceId: string, body: CommandRequest): Promise<QueuedRequest> {
    const device = this.deps.index.id(deviceId);
    if (!device || !inProjectScope(await this.deps.projects.scope(user), device.projectId)) {
      throw new DomainError('DEVICE_NOT_FOUND');
    }
    const refusal = commandRefusal(device, body.command, this.deps.index);
    if (refusal) throw new DomainError(refusal);
    const tooMuch = paramsRefusal(device, body);
    if (tooMuch) throw tooMuch;
    return this.deps.queue.submit(device, body, user.username);
  }

  async list(user: User, query: QueuedRequestListQuery): Promise<Page<QueuedRequest>> {
    return this.deps.requests.list(query, await this.deps.projects.scope(user));
  }

  async get(user: User, id: string): Promise<QueuedRequest> {
    const request = await this.deps.requests.get(id, await this.deps.projects.scope(user));
    if (!request) throw new DomainError('QUEUED_COMMAND_NOT_FOUND');
    return request;
  }

  async cancel(user: User, id: string): Promise<QueuedRequest> {
    return this.deps.queue.cancel(await this.get(user, id));
  }

  /** Cancels each request still in progress; says per id what happened, in the order given. */
  async cancelMany(user: User, ids: readonly string[]): Promise<CancelRequestsResult> {
    const items: CancelRequestOutcome[] = [];
    for (const id of new Set(ids)) {
      try {
        items.push({ id, outcome: 'cancelled', request: await this.cancel(user, id) });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        items.push({ id, outcome: 'failed', error: { code: error.code, message: ERRORS[error.code].message } });
      }
    }
    return { items };
  }
}
