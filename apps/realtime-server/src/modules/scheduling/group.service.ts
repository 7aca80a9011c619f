import {
  type DeviceGroup,
  ERRORS,
  type GroupCreate,
  type GroupEdit,
  type GroupMembersChange,
  type GroupMembersChanged,
  type Page,
  type SchedulingListQuery,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import { inProjectScope, isForeignKeyViolation, isUniqueViolation } from '../../db/rows';
import { DomainError } from '../../platform/domain-error';
import type { DeviceCondition, DevicesService } from '../devices/contract';
import type { ProjectService } from '../projects/contract';
import {
  GROUP_KEYS,
  GROUP_NAME_INDEX,
  type GroupRepository,
  memberCondition,
  type StoredGroup,
} from './group.repository';

const groupNotFound = () => new DomainError('NOT_FOUND', undefined, 'Group not found');

/** A calendar or program a group names must be one of its project's (the foreign keys say which). */
function unknownSchedule(error: unknown): DomainError | null {
  const field = isForeignKeyViolation(error, GROUP_KEYS.calendar)
    ? 'calendarId'
    : isForeignKeyViolation(error, GROUP_KEYS.program)
      ? 'programId'
      : null;
  if (!field) return null;
  return new DomainError('VALIDATION_FAILED', [
    {
      path: field,
      rule: 'invalid',
      message: `${field === 'calendarId' ? 'Calendar' : 'Control program'} not found in the group's project`,
      code: 'group.error.unknownSchedule',
    },
  ]);
}

/**
 * Groups (spec §2 Groups, §3 Group): the devices of a project that run one calendar or control
 * program and may share an operate mode. Each project has a default group, made when first needed,
 * holding every device not put in another, so a new device is in it from its first moment.
 */
export class GroupService {
  constructor(
    private readonly deps: {
      groups: GroupRepository;
      projects: ProjectService;
      devices: Pick<DevicesService, 'index'>;
    },
  ) {}

  async list(user: User, query: SchedulingListQuery): Promise<Page<DeviceGroup>> {
    const visible = await this.deps.projects.visibleProjectIds(user);
    await this.deps.groups.ensureDefaults(query.projectId ? visible.filter((id) => id === query.projectId) : visible);
    const page = await this.deps.groups.list(query, await this.deps.projects.scope(user));
    return { ...page, items: await Promise.all(page.items.map((group) => this.withMembers(group))) };
  }

  async get(user: User, id: string): Promise<DeviceGroup> {
    return this.withMembers(await this.stored(user, id));
  }

  async create(user: User, { projectId, ...group }: GroupCreate): Promise<DeviceGroup> {
    await this.deps.projects.get(user, projectId);
    return this.withMembers(await this.write(group, () => this.deps.groups.insert(projectId, group)));
  }

  /** Saves what a group runs and manages; the default group keeps its name. */
  async edit(user: User, id: string, group: GroupEdit): Promise<DeviceGroup> {
    await this.stored(user, id);
    const saved = await this.write(group, () => this.deps.groups.update(id, group));
    if (!saved) throw groupNotFound();
    return this.withMembers(saved);
  }

  /** Deletes an empty group other than the default one; answers what it was. */
  async delete(user: User, id: string): Promise<DeviceGroup> {
    const group = await this.withMembers(await this.stored(user, id));
    let outcome: Awaited<ReturnType<GroupRepository['delete']>>;
    try {
      outcome = await this.deps.groups.delete(id);
    } catch (error) {
      if (isForeignKeyViolation(error, GROUP_KEYS.members)) throw new DomainError('GROUP_HAS_MEMBERS');
      throw error;
    }
    if (outcome === 'default') throw new DomainError('DEFAULT_GROUP');
    if (outcome === 'missing') throw groupNotFound();
    return group;
  }

  /**
   * Puts devices in a group, out of the one each was in. Every device must be one the caller sees
   * ('Device not found' otherwise) and of the group's project ('Selected items are incompatible').
   */
  async putMembers(user: User, id: string, { deviceIds }: GroupMembersChange): Promise<GroupMembersChanged> {
    const group = await this.stored(user, id);
    const scope = await this.deps.projects.scope(user);
    for (const deviceId of deviceIds) {
      const device = this.deps.devices.index.id(deviceId);
      if (!device || !inProjectScope(scope, device.projectId)) throw new DomainError('DEVICE_NOT_FOUND');
      if (device.projectId !== group.projectId) throw new DomainError('INCOMPATIBLE_SELECTION');
    }
    const moved = await this.deps.groups.putMembers(group, deviceIds);
    return { group: await this.get(user, id), moved: moved.length };
  }

  /** The group a device is in: the one a row names, or its project's default. */
  async ofDevice(user: User, deviceId: string): Promise<DeviceGroup> {
    const scope = await this.deps.projects.scope(user);
    const device = this.deps.devices.index.id(deviceId);
    if (!device || !inProjectScope(scope, device.projectId)) throw new DomainError('DEVICE_NOT_FOUND');
    const explicit = (await this.deps.groups.explicitGroups([device])).get(device.id);
    if (explicit) return this.get(user, explicit);
    await this.deps.groups.ensureDefaults([device.projectId]);
    return this.withMembers((await this.deps.groups.defaultOf(device.projectId))!);
  }

  /**
   * The inventory lists' `groupId` filter (contributed to the devices module): the condition that
   * keeps the group's devices, for a group the caller sees; 'Group not found' otherwise, so another
   * project's group neither lists its devices nor tells whether it exists.
   */
  async memberFilter(user: User, groupId: string): Promise<DeviceCondition> {
    return memberCondition(await this.stored(user, groupId));
  }

  /** Devices that moved to another project leave their groups for the new project's default group. */
  forgetMoved(deviceIds: readonly string[], projectId: string): Promise<void> {
    return this.deps.groups.forgetMoved(deviceIds, projectId);
  }

  /** A group the caller sees, as stored. */
  async stored(user: User, id: string): Promise<StoredGroup> {
    const group = await this.deps.groups.get(id, await this.deps.projects.scope(user));
    if (!group) throw groupNotFound();
    return group;
  }

  /** A default group holds every device of its project without a row elsewhere. */
  private async withMembers({ listed, ...group }: StoredGroup): Promise<DeviceGroup> {
    if (!group.isDefault) return { ...group, members: listed };
    let inProject = 0;
    for (const _ of this.deps.devices.index.inProject(group.projectId)) inProject += 1;
    return { ...group, members: Math.max(0, inProject - (await this.deps.groups.listedIn(group.projectId))) };
  }

  private async write<T>(group: GroupEdit, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, GROUP_NAME_INDEX)) {
        throw new DomainError(
          'GROUP_EXISTS',
          { error: group.name },
          ERRORS.GROUP_EXISTS.message.replace('{error}', group.name),
        );
      }
      throw unknownSchedule(error) ?? error;
    }
  }
}
