import {
  ACTION_ROLES,
  DeviceGroupSchema,
  DeviceScheduleStateSchema,
  GroupCreateSchema,
  GroupEditSchema,
  GroupMembersChangedSchema,
  GroupMembersChangeSchema,
  pageSchema,
  ScheduleJobSchema,
  ScheduleJobsSchema,
  SchedulingListQuerySchema,
  YearPreviewQuerySchema,
  YearPreviewSchema,
} from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { GroupService } from './group.service';
import type { ScheduleApply } from './schedule-apply';

const GROUP_ID = { description: 'Group id' };
/** A membership change names up to 100,000 devices: 100,000 quoted UUIDs and commas, with room. */
const MEMBERS_LIMIT_BYTES = 5 * 1024 * 1024;
const GROUP = { component: 'DeviceGroup', schema: DeviceGroupSchema };
const { viewGroups, manageGroups, groupDevices, viewScheduling, manageScheduling } = ACTION_ROLES;
const SCHEDULE_JOB = { component: 'ScheduleJob', schema: ScheduleJobSchema };

export function groupRoutes(groups: GroupService, apply: ScheduleApply): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/groups',
      operationId: 'listGroups',
      summary: 'Groups of the projects the caller sees (or of one), by name, each project with its default group',
      description:
        'Each with `lastApply`: the job of its last apply and whether what it runs now is what that apply sent (`current`), or null when it was never applied.',
      roles: viewGroups,
      query: SchedulingListQuerySchema,
      response: { component: 'DeviceGroupPage', schema: pageSchema(DeviceGroupSchema) },
      handler: async ({ user, query }) => apply.withLastApply(await groups.list(user, query)),
    }),
    defineRoute({
      method: 'post',
      path: '/groups',
      operationId: 'createGroup',
      summary: 'Creates a group in a project',
      description: "A calendar or control program it runs must be one of the project's.",
      roles: manageGroups,
      body: { component: 'GroupCreate', schema: GroupCreateSchema },
      response: { ...GROUP, status: 201 },
      errors: [409],
      handler: ({ user, body }) => groups.create(user, body),
    }),
    defineRoute({
      method: 'get',
      path: '/groups/:id',
      operationId: 'getGroup',
      summary: 'One group, with how many devices are in it',
      roles: viewGroups,
      id: GROUP_ID,
      response: GROUP,
      handler: ({ user, id }) => groups.get(user, id),
    }),
    defineRoute({
      method: 'put',
      path: '/groups/:id',
      operationId: 'saveGroup',
      summary: "Saves a group's name, what it runs and the operate mode it manages (the default group keeps its name)",
      roles: manageGroups,
      id: GROUP_ID,
      body: { component: 'GroupEdit', schema: GroupEditSchema },
      response: GROUP,
      errors: [409],
      handler: ({ user, id, body }) => groups.edit(user, id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/groups/:id',
      operationId: 'deleteGroup',
      summary: 'Deletes a group without members, other than the default group; answers what it was',
      roles: manageGroups,
      id: GROUP_ID,
      response: GROUP,
      errors: [409],
      handler: ({ user, id }) => groups.delete(user, id),
    }),
    defineRoute({
      method: 'post',
      path: '/groups/:id/members',
      operationId: 'putGroupMembers',
      summary: "Puts devices of the group's project in the group, out of the one each was in",
      roles: groupDevices,
      id: GROUP_ID,
      body: { component: 'GroupMembersChange', schema: GroupMembersChangeSchema, limitBytes: MEMBERS_LIMIT_BYTES },
      response: { component: 'GroupMembersChanged', schema: GroupMembersChangedSchema },
      errors: [409],
      handler: ({ user, id, body }) => groups.putMembers(user, id, body),
    }),
    defineRoute({
      method: 'get',
      path: '/devices/:id/group',
      operationId: 'getDeviceGroup',
      summary: 'The group a device is in',
      roles: viewGroups,
      id: { description: 'Device id' },
      response: GROUP,
      handler: ({ user, id }) => groups.ofDevice(user, id),
    }),
    ...(['calendars', 'control-programs'] as const).map((what) =>
      defineRoute({
        method: 'post',
        path: `/${what}/:id/apply`,
        operationId: what === 'calendars' ? 'applyCalendar' : 'applyControlProgram',
        summary:
          what === 'calendars'
            ? 'Applies every group of the project that runs this calendar, one job each'
            : 'Applies every group of the project whose schedule uses this control program, one job each',
        description:
          "A calendar is run by the groups that name it, and by those naming nothing when it is the project's default; a control program by the groups naming it and by those whose calendar uses it. Groups without a light point that can hold the schedule are left out; `409 NOT_APPLIED_TO_ANY_GROUP` when none is left.",
        roles: manageScheduling,
        id: { description: what === 'calendars' ? 'Calendar id' : 'Control program id' },
        response: { component: 'ScheduleJobs', schema: ScheduleJobsSchema, status: 202 },
        errors: [409],
        handler: async ({ user, id }) => ({
          jobs: await apply.applyUsing(user, what === 'calendars' ? { calendarId: id } : { programId: id }),
        }),
      }),
    ),
    defineRoute({
      method: 'post',
      path: '/groups/:id/apply',
      operationId: 'applyGroupSchedule',
      summary: 'Sends what the group runs to every light point of the group, as one job',
      description:
        "The group's calendar, or its one control program, or its project's default calendar, compiled into the schedule a light point stores (`setSchedule`) and checked against what a device can hold; one item per device, each ending with the device's answer. Cabinet controllers are skipped, and so are light points of a family that cannot hold the schedule (`SCHEDULE_TOO_LARGE_FOR_DEVICE`; a 422 when no light point can).",
      roles: manageScheduling,
      id: GROUP_ID,
      response: { ...SCHEDULE_JOB, status: 202 },
      errors: [409, 422],
      handler: ({ user, id }) => apply.apply(user, id),
    }),
    defineRoute({
      method: 'get',
      path: '/schedule-jobs/:id',
      operationId: 'getScheduleJob',
      summary: "A schedule job's progress: how many light points confirmed, failed or wait",
      roles: viewScheduling,
      id: { description: 'Schedule job id' },
      response: SCHEDULE_JOB,
      handler: ({ user, id }) => apply.job(user, id),
    }),
    defineRoute({
      method: 'get',
      path: '/devices/:id/schedule',
      operationId: 'getDeviceSchedule',
      summary:
        "Whether a device runs its group's schedule: its group, what the group runs, and the device's last schedule request",
      roles: viewGroups,
      id: { description: 'Device id' },
      response: { component: 'DeviceScheduleState', schema: DeviceScheduleStateSchema },
      handler: ({ user, id }) => apply.deviceState(user, id),
    }),
    ...(['groups', 'calendars'] as const).map((what) =>
      defineRoute({
        method: 'get',
        path: `/${what}/:id/preview`,
        operationId: what === 'groups' ? 'previewGroupYear' : 'previewCalendarYear',
        summary: `A year of what the ${what === 'groups' ? "group's schedule" : 'calendar'} does at a place, hour by hour`,
        description:
          'Computed by the calendar engine the light points run: sun times from the coordinates, daylight saving from the time zone. Each day carries its 24 hourly levels, its hours lit and its flags (lit by day, dark after sunset, never off).',
        roles: viewScheduling,
        id: { description: what === 'groups' ? 'Group id' : 'Calendar id' },
        query: YearPreviewQuerySchema,
        response: { component: 'YearPreview', schema: YearPreviewSchema },
        errors: [409],
        handler: ({ user, id, query }) =>
          what === 'groups' ? apply.previewGroup(user, id, query) : apply.previewCalendar(user, id, query),
      }),
    ),
  ];
}
