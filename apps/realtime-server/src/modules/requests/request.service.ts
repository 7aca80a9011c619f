import {
  type CommandRequest,
  type Page,
  type QueuedRequest,
  type QueuedRequestListQuery,
  REFUSED_WHILE_DISCONNECTED,
  supportsCommand,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import { inProjectScope } from '../../db/rows';
import { DomainError } from '../../platform/domain-error';
import type { DeviceIndex } from '../devices/device-index';
import type { ProjectService } from '../projects/project.service';
import type { CommandQueue } from './command-queue';
import type { RequestRepository } from './request.repository';

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

  /**
   * Queues a command for a visible device. What cannot work is refused before anything is queued:
   * a command the device's family and kind lack (METHOD_NOT_ALLOWED, as the device itself would
   * answer), any command to a device that reported its remote management disabled, and a firmware
   * change or reset while the device is disconnected.
   */
  async submit(user: User, deviceId: string, body: CommandRequest): Promise<QueuedRequest> {
    const device = this.deps.index.id(deviceId);
    if (!device || !inProjectScope(await this.deps.projects.scope(user), device.projectId)) {
      throw new DomainError('DEVICE_NOT_FOUND');
    }
    if (!supportsCommand(device.vendor, device.deviceType, body.command)) {
      throw new DomainError('UNABLE_TO_EXECUTE_COMMAND_METHOD_NOT_ALLOWED');
    }
    if (device.remoteManagementDisabled) throw new DomainError('REMOTE_MANAGEMENT_DISABLED');
    const refusal = REFUSED_WHILE_DISCONNECTED[body.command];
    if (refusal && !this.deps.index.connection(device.id)?.connected) throw new DomainError(refusal);
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
}
