import {
  type DeviceGroup,
  type DeviceScheduleState,
  type OperateMode,
  type Page,
  type Schedule,
  type ScheduleJob,
  scheduleOverLimit,
  type ScheduleSync,
  type StoredCalendar,
  type YearPreviewAnswer,
  type YearPreviewQuery,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import { ALL_PROJECTS } from '../../db/rows';
import { DomainError } from '../../platform/domain-error';
import type { DeviceIndexEntry, DevicesService } from '../devices/contract';
import { failure, type Job, type JobItemPlan, type JobsService, jobProgress } from '../jobs/contract';
import type { ProjectService } from '../projects/contract';
import type { QueuedRequestsService } from '../requests/contract';
import type { CalendarRepository } from './calendar.repository';
import { compileSchedule, type GroupSchedule } from './compile-schedule';
import type { ControlProgramRepository } from './control-program.repository';
import type { GroupRepository, StoredGroup } from './group.repository';
import type { GroupService } from './group.service';
import type { PreviewThread } from './preview-thread';
import { SCHEDULE_KIND, type ScheduleJobParams } from './schedule-kind';

/** The fields of a group that say what it runs. */
type GroupRef = Pick<StoredGroup, 'id' | 'projectId' | 'calendarId' | 'programId' | 'operateMode'>;

/** JSON with every object's keys in order: two schedules compare equal whatever order their fields were stored in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

function toScheduleJob(job: Job): ScheduleJob {
  const { groupId, calendarId, programId } = job.params as unknown as ScheduleJobParams;
  return { id: job.id, groupId, calendarId, programId, ...jobProgress(job) };
}

/**
 * Applying a group's schedule (spec §2 Scheduling 'save and apply', 'apply'): what the group runs —
 * its calendar, its one program, or its project's default calendar — compiled into the schedule a
 * light point stores, checked against what a device can hold, then sent to every light point of
 * the group as one durable job (`schedule` kind): one item per device, each ending with the
 * device's answer. Cabinet controllers, which run outputs rather than programs, are skipped.
 */
export class ScheduleApply {
  constructor(
    private readonly deps: {
      groups: GroupRepository;
      groupService: GroupService;
      calendars: CalendarRepository;
      programs: ControlProgramRepository;
      projects: ProjectService;
      devices: Pick<DevicesService, 'index'>;
      requests: Pick<QueuedRequestsService, 'latestOf'>;
      jobs: JobsService;
      previews: Pick<PreviewThread, 'preview'>;
    },
  ) {}

  async apply(user: User, groupId: string): Promise<ScheduleJob> {
    const group = await this.deps.groupService.stored(user, groupId);
    const { what, schedule } = await this.compiled(group);
    const items = await this.plan(group, schedule);
    if (!items.some((item) => item.outcome === 'pending')) {
      const tooLarge = items.some((item) => item.error?.code === 'SCHEDULE_TOO_LARGE_FOR_DEVICE');
      throw new DomainError(tooLarge ? 'SCHEDULE_TOO_LARGE_FOR_DEVICE' : 'GROUP_WITHOUT_LIGHT_POINTS');
    }
    const params: ScheduleJobParams = {
      groupId: group.id,
      calendarId: 'calendar' in what ? what.calendar.id : null,
      programId: 'program' in what ? what.program.id : null,
      schedule,
    };
    const id = await this.deps.jobs.create(
      {
        kind: SCHEDULE_KIND,
        action: 'setSchedule',
        params: params as unknown as Record<string, unknown>,
        projectIds: [group.projectId],
        createdBy: user.username,
      },
      items,
    );
    await this.deps.groups.recordApply(group.id, id, schedule);
    return this.job(user, id);
  }

  /**
   * The groups of a list page with their last apply, and whether what each runs now is what that
   * apply sent (compiled again and compared field by field): the Groups list offers to apply again
   * once a calendar, a program or the group has changed since.
   */
  async withLastApply(page: Page<DeviceGroup>): Promise<Page<DeviceGroup>> {
    const applies = await this.deps.groups.appliesOf(page.items.map((group) => group.id));
    const items = await Promise.all(
      page.items.map(async (group) => {
        const last = applies.get(group.id);
        if (!last) return { ...group, lastApply: null };
        // Nothing to run any more, or nothing a device could hold, is not what was sent.
        const now = await this.compiledOrNull(group);
        const current = now !== null && canonical(now.schedule) === canonical(last.schedule);
        return { ...group, lastApply: { jobId: last.jobId, appliedAt: last.appliedAt, current } };
      }),
    );
    return { ...page, items };
  }

  /**
   * 'Apply' of a calendar, and 'save and apply' of a control program (spec §2 Scheduling): every
   * group of its project whose schedule uses it — a calendar as the group's own or as its project's
   * default for groups naming nothing; a program directly, in a calendar's rule or as its default
   * program — is applied, one job each. Groups without a light point that can hold the schedule are
   * left out; when none is left, `NOT_APPLIED_TO_ANY_GROUP`.
   */
  async applyUsing(user: User, what: { calendarId: string } | { programId: string }): Promise<ScheduleJob[]> {
    const scope = await this.deps.projects.scope(user);
    const projectId =
      'calendarId' in what
        ? (await this.deps.calendars.get(what.calendarId, scope))?.projectId
        : (await this.deps.programs.get(what.programId, scope))?.projectId;
    if (!projectId) {
      throw new DomainError(
        'NOT_FOUND',
        undefined,
        'calendarId' in what ? 'Calendar not found' : 'Control program not found',
      );
    }
    const jobs: ScheduleJob[] = [];
    for (const group of await this.deps.groups.inProject(projectId)) {
      const schedule = (await this.compiledOrNull(group))?.schedule ?? null;
      const uses =
        schedule !== null &&
        ('calendarId' in what
          ? schedule.calendar.id === what.calendarId
          : schedule.programs.some((program) => program.id === what.programId));
      if (!uses) continue;
      try {
        jobs.push(await this.apply(user, group.id));
      } catch (error) {
        const code = error instanceof DomainError ? error.code : null;
        if (code !== 'GROUP_WITHOUT_LIGHT_POINTS' && code !== 'SCHEDULE_TOO_LARGE_FOR_DEVICE') throw error;
      }
    }
    if (jobs.length === 0) throw new DomainError('NOT_APPLIED_TO_ANY_GROUP');
    return jobs;
  }

  /**
   * The calendars of a list page with how many light points run each: those of the groups naming
   * it, and of the groups naming nothing while it is its project's default calendar.
   */
  async withLuminaires(page: Page<StoredCalendar>): Promise<Page<StoredCalendar>> {
    const counts = new Map<string, number>();
    for (const projectId of new Set(page.items.map((calendar) => calendar.projectId))) {
      const fallback = page.items.find((calendar) => calendar.projectId === projectId && calendar.isDefault);
      for (const group of await this.deps.groups.inProject(projectId)) {
        const runs = group.calendarId ?? (group.programId === null ? fallback?.id : undefined);
        if (!runs) continue;
        const lightPoints = (await this.members(group)).filter((d) => d.deviceType === 'light-point-controller');
        counts.set(runs, (counts.get(runs) ?? 0) + lightPoints.length);
      }
    }
    return {
      ...page,
      items: page.items.map((calendar) => ({ ...calendar, luminaires: counts.get(calendar.id) ?? 0 })),
    };
  }

  /** A schedule job whose project the caller sees. */
  async job(user: User, id: string): Promise<ScheduleJob> {
    const job = await this.deps.jobs.get(SCHEDULE_KIND, id, await this.deps.projects.scope(user));
    if (!job) throw new DomainError('NOT_FOUND', undefined, 'Schedule job not found');
    return toScheduleJob(job);
  }

  /**
   * Whether a light point runs its group's schedule: the last schedule it confirmed compared with
   * what its group would send now (field order aside), or the one on its way.
   */
  async deviceState(user: User, deviceId: string): Promise<DeviceScheduleState> {
    const group = await this.deps.groupService.ofDevice(user, deviceId);
    const device = this.deps.devices.index.id(deviceId);
    // A group with nothing to run, or a schedule no device can hold: nothing is expected.
    const expected = await this.compiledOrNull(group);
    const last = await this.deps.requests.latestOf(deviceId, ['setSchedule', 'clearSchedule']);
    const runs = last?.command === 'setSchedule' && last.status === 'DONE' ? last.params : null;
    let sync: ScheduleSync;
    if (device?.deviceType !== 'light-point-controller') sync = 'notApplicable';
    else if (last?.status === 'IN_PROGRESS') sync = 'sending';
    else if (expected === null) sync = runs === null ? 'none' : 'outOfSync';
    else sync = runs !== null && canonical(runs) === canonical(expected.schedule) ? 'inSync' : 'outOfSync';
    return {
      group,
      calendarId: expected && 'calendar' in expected.what ? expected.what.calendar.id : null,
      programId: expected && 'program' in expected.what ? expected.what.program.id : null,
      sync,
      lastRequest: last && { id: last.id, command: last.command, status: last.status, createdAt: last.createdAt },
    };
  }

  /** A year of what the group's schedule does at a place (the year-ahead preview). */
  async previewGroup(user: User, groupId: string, query: YearPreviewQuery): Promise<YearPreviewAnswer> {
    const group = await this.deps.groupService.stored(user, groupId);
    const { schedule } = await this.compiled(group);
    return this.deps.previews.preview(schedule, query, query.year);
  }

  /** A year of what a calendar does at a place, as a light point running it would. */
  async previewCalendar(user: User, calendarId: string, query: YearPreviewQuery): Promise<YearPreviewAnswer> {
    const calendar = await this.deps.calendars.get(calendarId, await this.deps.projects.scope(user));
    if (!calendar) throw new DomainError('NOT_FOUND', undefined, 'Calendar not found');
    const { schedule } = await this.compiledFor({ calendar }, calendar.projectId);
    return this.deps.previews.preview(schedule, query, query.year);
  }

  /** As `compiled`, or null for a group with nothing to run or a schedule no device can hold. */
  private async compiledOrNull(group: GroupRef): Promise<{ what: GroupSchedule; schedule: Schedule } | null> {
    try {
      return await this.compiled(group);
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  }

  /** What the group runs, and the schedule a light point would store for it. */
  async compiled(group: GroupRef): Promise<{ what: GroupSchedule; schedule: Schedule }> {
    return this.compiledFor(await this.scheduleOf(group), group.projectId, group.operateMode);
  }

  private async compiledFor(
    what: GroupSchedule,
    projectId: string,
    operateMode: OperateMode | null = null,
  ): Promise<{ what: GroupSchedule; schedule: Schedule }> {
    const referenced = 'calendar' in what ? what.calendar.rules.map((rule) => rule.programId) : [];
    if ('calendar' in what && what.calendar.defaultProgramId) referenced.push(what.calendar.defaultProgramId);
    const programs = await this.deps.programs.byIds(projectId, referenced);
    const byId = new Map(programs.map((program) => [program.id, program]));
    return { what, schedule: compileSchedule(what, byId, operateMode) };
  }

  private async scheduleOf(group: GroupRef): Promise<GroupSchedule> {
    if (group.programId) {
      const [program] = await this.deps.programs.byIds(group.projectId, [group.programId]);
      if (program) return { program, groupId: group.id };
    }
    const calendar = group.calendarId
      ? await this.deps.calendars.get(group.calendarId, ALL_PROJECTS)
      : await this.deps.calendars.defaultOf(group.projectId);
    if (!calendar) throw new DomainError('NOTHING_TO_APPLY');
    return { calendar };
  }

  /** The group's devices: those listed in it, or for the default group those listed in no other. */
  async members(group: StoredGroup): Promise<DeviceIndexEntry[]> {
    const listed = await this.deps.groups.listedDevices(group.projectId, group.isDefault ? undefined : group.id);
    return [...this.deps.devices.index.inProject(group.projectId)].filter((device) =>
      group.isDefault ? !listed.has(device.id) : listed.has(device.id),
    );
  }

  /** The group's devices: its light points to run, its cabinet controllers skipped with the reason. */
  private async plan(group: StoredGroup, schedule: Schedule): Promise<JobItemPlan[]> {
    const members = await this.members(group);
    return members.map((device) => {
      const base = { itemId: device.id, sortKey: device.serialNumber, label: device.name };
      if (device.deviceType !== 'light-point-controller') {
        return { ...base, outcome: 'skipped', error: failure('UNABLE_TO_EXECUTE_COMMAND_METHOD_NOT_ALLOWED') };
      }
      // Checked before anything is sent: a light point of a family that cannot hold it is not sent it.
      if (scheduleOverLimit(schedule, device.vendor)) {
        return { ...base, outcome: 'skipped', error: failure('SCHEDULE_TOO_LARGE_FOR_DEVICE') };
      }
      return { ...base, outcome: 'pending', error: null };
    });
  }
}
