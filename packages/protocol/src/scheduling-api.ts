import { z } from 'zod';
import { BULK_DEVICES_MAX } from './bulk';
import { checkRuleReach } from './calendar-days';
import { OperateModeSchema } from './modes';
import { PageQuerySchema, sortSchema } from './pagination';
import { IsoDateTimeSchema, text, TimeZoneSchema } from './primitives';
import {
  CalendarRuleSchema,
  calendarFields,
  checkFadingTimes,
  checkRuleDates,
  controlProgramFields,
  ProgramIntervalSchema,
} from './scheduling';

/**
 * Control programs and calendars as the server keeps them (spec §2 Scheduling, §3): each belongs to
 * one project, is seen by whoever sees the project and changed by holders of manage-scheduling.
 * What a light point runs is built from them (`ScheduleSchema`).
 */

/** A control program's whole content, as saved (`PUT /v1/control-programs/{id}` replaces it). */
export const ControlProgramEditSchema = z
  .strictObject(controlProgramFields())
  .superRefine((program, ctx) => checkFadingTimes(program.intervals, ctx));
export type ControlProgramEdit = z.infer<typeof ControlProgramEditSchema>;

/** A new control program, in a project the caller sees. */
export const ControlProgramCreateSchema = z
  .strictObject({ projectId: z.uuid(), ...controlProgramFields() })
  .superRefine((program, ctx) => checkFadingTimes(program.intervals, ctx));
export type ControlProgramCreate = z.infer<typeof ControlProgramCreateSchema>;

/** A copy of a control program in its project; without a name, the original's with ' (copy)'. */
export const ControlProgramDuplicateSchema = z.strictObject({ name: text().trim().min(1).max(120).optional() });
export type ControlProgramDuplicate = z.infer<typeof ControlProgramDuplicateSchema>;

export const StoredControlProgramSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  intervals: z.array(ProgramIntervalSchema),
  /** How many calendars name it in a rule or as their default program. */
  calendars: z.number().int().min(0),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type StoredControlProgram = z.infer<typeof StoredControlProgramSchema>;

const defaultProgram = {
  /** The control program of the days no rule covers; none leaves those days dark. */
  defaultProgramId: z.uuid().nullable().default(null),
};

/**
 * A calendar's whole content, as saved: its rules in order and the program of days no rule covers.
 * Every program it names is in the calendar's project.
 */
export const CalendarEditSchema = z
  .strictObject({ ...calendarFields(), ...defaultProgram })
  .superRefine((calendar, ctx) => {
    checkRuleDates(calendar.rules, ctx);
    checkRuleReach(calendar.rules, ctx);
  });
export type CalendarEdit = z.infer<typeof CalendarEditSchema>;

/** A new calendar; the first of a project becomes its default calendar. */
export const CalendarCreateSchema = z
  .strictObject({ projectId: z.uuid(), ...calendarFields(), ...defaultProgram })
  .superRefine((calendar, ctx) => {
    checkRuleDates(calendar.rules, ctx);
    checkRuleReach(calendar.rules, ctx);
  });
export type CalendarCreate = z.infer<typeof CalendarCreateSchema>;

export const StoredCalendarSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  astronomical: z.boolean(),
  rules: z.array(CalendarRuleSchema),
  defaultProgramId: z.uuid().nullable(),
  /** The project's default calendar (one per project; it cannot be deleted). */
  isDefault: z.boolean(),
  /**
   * In the calendars list (spec §3 'count of luminaires it is applied to'): the light points of the
   * groups that run it — naming it, or naming nothing while it is the project's default.
   */
  luminaires: z.number().int().min(0).optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type StoredCalendar = z.infer<typeof StoredCalendarSchema>;

/** Control programs or calendars, by name (`sort=-name` for Z to A), of one project or of every visible one. */
export const SchedulingListQuerySchema = PageQuerySchema.extend({
  projectId: z.uuid().optional(),
  sort: sortSchema('name').optional(),
});
export type SchedulingListQuery = z.infer<typeof SchedulingListQuerySchema>;

/**
 * What a group runs and manages: a calendar, or one control program every day, or neither (its
 * project's default calendar); and the operate mode of its light points, or none (each keeps its own).
 */
const groupFields = {
  name: text().trim().min(1).max(120),
  calendarId: z.uuid().nullable().default(null),
  programId: z.uuid().nullable().default(null),
  // Optional rather than defaulted: a null default beside an enum is not valid OpenAPI.
  operateMode: OperateModeSchema.nullable().optional(),
};

function oneSchedule(group: { calendarId: string | null; programId: string | null }, ctx: z.RefinementCtx): void {
  if (group.calendarId === null || group.programId === null) return;
  ctx.addIssue({
    code: 'custom',
    path: ['programId'],
    message: 'A group runs a calendar or a control program, not both',
    params: { code: 'group.error.calendarAndProgram' },
  });
}

/** A group's whole content, as saved (`PUT /v1/groups/{id}`); the default group takes no name. */
export const GroupEditSchema = z.strictObject(groupFields).superRefine(oneSchedule);
export type GroupEdit = z.infer<typeof GroupEditSchema>;

export const GroupCreateSchema = z.strictObject({ projectId: z.uuid(), ...groupFields }).superRefine(oneSchedule);
export type GroupCreate = z.infer<typeof GroupCreateSchema>;

export const DeviceGroupSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  /** The default group's is fixed; the console shows its own translated name for it. */
  name: z.string(),
  /** Its project's default group: every device not put in another is in it; it cannot be deleted. */
  isDefault: z.boolean(),
  calendarId: z.uuid().nullable(),
  programId: z.uuid().nullable(),
  operateMode: OperateModeSchema.nullable(),
  /** How many devices are in it. */
  members: z.number().int().min(0),
  /**
   * In the groups list: its last apply (the job, when), and whether what the group runs now is what
   * that apply sent (`current`: false once its calendar, a program or the group itself has changed).
   */
  lastApply: z.object({ jobId: z.uuid(), appliedAt: IsoDateTimeSchema, current: z.boolean() }).nullable().optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type DeviceGroup = z.infer<typeof DeviceGroupSchema>;

/** Puts devices of the group's project in the group (out of the one they were in). */
export const GroupMembersChangeSchema = z.strictObject({
  deviceIds: z
    .array(z.uuid())
    .min(1)
    .max(BULK_DEVICES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'Each device at most once'),
});
export type GroupMembersChange = z.infer<typeof GroupMembersChangeSchema>;

export const GroupMembersChangedSchema = z.object({
  group: DeviceGroupSchema,
  /** How many of the devices were in another group before. */
  moved: z.number().int().min(0),
});
export type GroupMembersChanged = z.infer<typeof GroupMembersChangedSchema>;

/**
 * A group's schedule sent to its light points (`POST /v1/groups/{id}/apply`): one job, one item per
 * device, each following the `setSchedule` request queued for it. A device offline at the time gets
 * it when it comes back (the command queue's rule); cabinet controllers are skipped.
 */
export const ScheduleJobSchema = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  /** The calendar the group runs (its own, or its project's default), or null when it runs one program. */
  calendarId: z.uuid().nullable(),
  programId: z.uuid().nullable(),
  status: z.enum(['running', 'done', 'cancelled']),
  total: z.number().int().min(0),
  succeeded: z.number().int().min(0),
  failed: z.number().int().min(0),
  pending: z.number().int().min(0),
  skipped: z.number().int().min(0),
  createdBy: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
});
export type ScheduleJob = z.infer<typeof ScheduleJobSchema>;

/** The jobs of applying a calendar or a control program: one per group that runs it. */
export const ScheduleJobsSchema = z.object({ jobs: z.array(ScheduleJobSchema) });
export type ScheduleJobs = z.infer<typeof ScheduleJobsSchema>;

/**
 * Whether a light point runs its group's schedule (`GET /v1/devices/{id}/schedule`): `inSync` when
 * the last schedule it confirmed is the one its group's would compile to now, `sending` while one is
 * on its way, `outOfSync` when it runs another one or none, `none` when its group has nothing to run
 * and it runs nothing, `notApplicable` for a cabinet controller (which runs outputs).
 */
export const ScheduleSyncSchema = z.enum(['inSync', 'sending', 'outOfSync', 'none', 'notApplicable']);
export type ScheduleSync = z.infer<typeof ScheduleSyncSchema>;

export const DeviceScheduleStateSchema = z.object({
  group: DeviceGroupSchema,
  /** The calendar the group runs (its own or its project's default), or null. */
  calendarId: z.uuid().nullable(),
  /** The one program the group runs every day, or null. */
  programId: z.uuid().nullable(),
  sync: ScheduleSyncSchema,
  /** The device's newest schedule request (setSchedule, clearSchedule), if any. */
  lastRequest: z
    .object({ id: z.uuid(), command: z.string(), status: z.string(), createdAt: IsoDateTimeSchema })
    .nullable(),
});
export type DeviceScheduleState = z.infer<typeof DeviceScheduleStateSchema>;

/**
 * Where and which year a year-ahead preview is computed for (`GET /v1/calendars/{id}/preview`,
 * `GET /v1/groups/{id}/preview`): the place's coordinates and IANA time zone, sun times and daylight
 * saving from them.
 */
export const YearPreviewQuerySchema = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2100),
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  timezone: TimeZoneSchema,
});
export type YearPreviewQuery = z.infer<typeof YearPreviewQuerySchema>;

export const PreviewFlagSchema = z.enum(['daylightBurn', 'darkAfterSunset', 'neverOff']);

/** A year of what a schedule does at one place, day by day and hour by hour (`yearPreview`). */
export const YearPreviewSchema = z.object({
  year: z.number().int(),
  days: z.array(
    z.object({
      date: z.iso.date(),
      /** Each local hour's mean level, 0–100; index 0 is 00:00–01:00. */
      hours: z.array(z.number().int().min(0).max(100)).length(24),
      burnHours: z.number().min(0),
      flags: z.array(PreviewFlagSchema),
    }),
  ),
  /** Time-of-day starts a daylight-saving change moves: in the spring gap they run at `runsAt`, in the repeated hour once. */
  clockShifts: z.array(
    z.object({
      date: z.iso.date(),
      start: z.string(),
      kind: z.enum(['skipped', 'repeated']),
      runsAt: z.string(),
    }),
  ),
  /** Days the sun neither rises nor sets there: a polar night is lit noon to noon, a polar day has no night. */
  polarDays: z.number().int().min(0),
  burnHours: z.number().min(0),
  meanLevel: z.number().min(0).max(100),
  /** The year's light as hours at full level (an hour at 50 % counts half): energy = rated power × these. */
  fullLoadHours: z.number().min(0),
  /** Hours between sunset and sunrise in the year (what burning fully on from dusk to dawn lights). */
  nightHours: z.number().min(0),
});
export type YearPreviewAnswer = z.infer<typeof YearPreviewSchema>;
