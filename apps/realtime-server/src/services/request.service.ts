import type { CommandRequest, Page, QueuedRequest, QueuedRequestListQuery } from '@farola/protocol';
import type { CommandQueue } from '../devices/command-queue';
import type { DeviceIndex } from '../devices/device-index';
import { AppError } from '../http/app-error';
import type { RequestRepository } from '../repositories/request.repository';
import { inProjectScope } from '../repositories/rows';
import type { ProjectService } from './project.service';
import type { User } from './user';

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
      throw new AppError('DEVICE_NOT_FOUND');
    }
    return this.deps.queue.submit(device, body, user.username);
  }

  async list(user: User, query: QueuedRequestListQuery): Promise<Page<QueuedRequest>> {
    return this.deps.requests.list(query, await this.deps.projects.scope(user));
  }

  async get(user: User, id: string): Promise<QueuedRequest> {
    const request = await this.deps.requests.get(id, await this.deps.projects.scope(user));
    if (!request) throw new AppError('QUEUED_COMMAND_NOT_FOUND');
    return request;
  }

  async cancel(user: User, id: string): Promise<QueuedRequest> {
    return this.deps.queue.cancel(await this.get(user, id));
  }
}
