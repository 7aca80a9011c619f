import type { Device, DeviceEdit, DeviceEvent, DeviceEventListQuery, DeviceListQuery, Page } from '@farola/protocol';
import type { User } from '../../auth/user';
import { DomainError } from '../../platform/domain-error';
import type { EventRepository } from '../events/event.repository';
import type { ProjectService } from '../projects/project.service';
import type { DeviceRepository } from './device.repository';
import type { WriteBehind } from './write-behind';

/**
 * Device reads, scoped to the caller's projects. Each read first writes what the ingest path
 * has buffered, so an answer never lags behind an event the caller already saw on the socket.
 */
export class DeviceService {
  constructor(
    private readonly deps: {
      devices: DeviceRepository;
      events: EventRepository;
      projects: ProjectService;
      writer: WriteBehind;
    },
  ) {}

  async list(user: User, query: DeviceListQuery): Promise<Page<Device>> {
    const visible = await this.deps.projects.scope(user);
    await this.deps.writer.settled();
    return this.deps.devices.list(query, visible);
  }

  async get(user: User, id: string): Promise<Device> {
    const visible = await this.deps.projects.scope(user);
    await this.deps.writer.settled();
    const device = await this.deps.devices.get(id, visible);
    if (!device) throw new DomainError('DEVICE_NOT_FOUND');
    return device;
  }

  /** A user's edit of the notes or the fixed-location flag, recorded with who made it. */
  async edit(user: User, id: string, edit: DeviceEdit): Promise<Device> {
    const visible = await this.deps.projects.scope(user);
    await this.deps.writer.settled();
    const device = await this.deps.devices.edit(id, visible, edit, user.username);
    if (!device) throw new DomainError('DEVICE_NOT_FOUND');
    return device;
  }

  async events(user: User, id: string, query: DeviceEventListQuery): Promise<Page<DeviceEvent>> {
    await this.get(user, id);
    return this.deps.events.listForDevice(id, query);
  }
}
