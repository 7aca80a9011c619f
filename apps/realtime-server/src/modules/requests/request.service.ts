import type { CommandRequest, Page, QueuedRequest, QueuedRequestListQuery } from '@farola/protocol';
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

  async submit(user: User, deviceId: string, body: CommandRequest): Promise<QueuedRequest> {
    const device = this.deps.index.id(deviceId);
    if (!device || !inProjectScope(await this.deps.projects.scope(user), device.projectId)) {
      throw new DomainError('DEVICE_NOT_FOUND');
    }
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
