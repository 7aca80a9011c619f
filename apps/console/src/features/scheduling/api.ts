import {
  DeviceGroupSchema,
  DeviceScheduleStateSchema,
  GroupMembersChangedSchema,
  DeviceSchema,
  GroupEnergyEstimateSchema,
  YearPreviewSchema,
  pageSchema,
  ScheduleJobSchema,
  ScheduleJobsSchema,
  StoredCalendarSchema,
  StoredControlProgramSchema,
  type CalendarCreate,
  type CalendarEdit,
  type DeviceGroup,
  type DeviceScheduleState,
  type GroupEnergyEstimate,
  type YearPreviewAnswer,
  type YearPreviewQuery,
  type GroupCreate,
  type GroupEdit,
  type GroupMembersChanged,
  type ScheduleJob,
  type ControlProgramCreate,
  type ControlProgramEdit,
  type Page,
  type StoredCalendar,
  type StoredControlProgram,
} from '@farola/protocol';
import { apiDelete, apiGet, apiGetEveryPage, apiPost, apiPut } from '@/lib/api/client';

const ProgramPageSchema = pageSchema(StoredControlProgramSchema);
const CalendarPageSchema = pageSchema(StoredCalendarSchema);
const GroupPageSchema = pageSchema(DeviceGroupSchema);

/** How many programs or calendars one 'Show more' loads. */
export const SCHEDULING_PAGE_SIZE = 50;

/** What a Scheduling list shows: one project's, whose name matches `q` (all when empty). */
export interface SchedulingListFilter {
  projectId: string;
  q: string;
}

const listQuery = ({ projectId, q }: SchedulingListFilter, cursor: string | undefined) => ({
  projectId,
  q: q.trim() === '' ? undefined : q.trim(),
  limit: SCHEDULING_PAGE_SIZE,
  cursor,
});

/** A project's control programs, by name. */
export function fetchControlPrograms(
  filter: SchedulingListFilter,
  cursor?: string,
): Promise<Page<StoredControlProgram>> {
  return apiGet('control-programs', ProgramPageSchema, listQuery(filter, cursor));
}

/** Every control program of a project, by name (what a calendar's rules choose from). */
export function fetchAllControlPrograms(projectId: string): Promise<StoredControlProgram[]> {
  return apiGetEveryPage('control-programs', ProgramPageSchema, { projectId });
}

export function createControlProgram(program: ControlProgramCreate): Promise<StoredControlProgram> {
  return apiPost('control-programs', program, StoredControlProgramSchema);
}

export function saveControlProgram(id: string, program: ControlProgramEdit): Promise<StoredControlProgram> {
  return apiPut(`control-programs/${id}`, program, StoredControlProgramSchema);
}

export function duplicateControlProgram(id: string, name: string): Promise<StoredControlProgram> {
  return apiPost(`control-programs/${id}/duplicate`, { name }, StoredControlProgramSchema);
}

export function deleteControlProgram(id: string): Promise<StoredControlProgram> {
  return apiDelete(`control-programs/${id}`, StoredControlProgramSchema);
}

/** A project's calendars, by name. */
export function fetchCalendars(filter: SchedulingListFilter, cursor?: string): Promise<Page<StoredCalendar>> {
  return apiGet('calendars', CalendarPageSchema, listQuery(filter, cursor));
}

export function createCalendar(calendar: CalendarCreate): Promise<StoredCalendar> {
  return apiPost('calendars', calendar, StoredCalendarSchema);
}

export function saveCalendar(id: string, calendar: CalendarEdit): Promise<StoredCalendar> {
  return apiPut(`calendars/${id}`, calendar, StoredCalendarSchema);
}

export function makeCalendarDefault(id: string): Promise<StoredCalendar> {
  return apiPost(`calendars/${id}/default`, {}, StoredCalendarSchema);
}

export function deleteCalendar(id: string): Promise<StoredCalendar> {
  return apiDelete(`calendars/${id}`, StoredCalendarSchema);
}

/** A project's groups, by name, its default group among them. */
export function fetchGroups(filter: SchedulingListFilter, cursor?: string): Promise<Page<DeviceGroup>> {
  return apiGet('groups', GroupPageSchema, listQuery(filter, cursor));
}

/** Every calendar of a project, by name (what a group chooses from). */
export function fetchAllCalendars(projectId: string): Promise<StoredCalendar[]> {
  return apiGetEveryPage('calendars', CalendarPageSchema, { projectId });
}

export function createGroup(group: GroupCreate): Promise<DeviceGroup> {
  return apiPost('groups', group, DeviceGroupSchema);
}

export function saveGroup(id: string, group: GroupEdit): Promise<DeviceGroup> {
  return apiPut(`groups/${id}`, group, DeviceGroupSchema);
}

export function deleteGroup(id: string): Promise<DeviceGroup> {
  return apiDelete(`groups/${id}`, DeviceGroupSchema);
}

/** Sends what the group runs to its light points, as one job. */
export function applyGroup(id: string): Promise<ScheduleJob> {
  return apiPost(`groups/${id}/apply`, {}, ScheduleJobSchema);
}

/** Applies every group that runs the calendar, or uses the control program: one job each. */
export async function applyUsing(what: 'calendars' | 'control-programs', id: string): Promise<ScheduleJob[]> {
  return (await apiPost(`${what}/${id}/apply`, {}, ScheduleJobsSchema)).jobs;
}

export function fetchScheduleJob(id: string): Promise<ScheduleJob> {
  return apiGet(`schedule-jobs/${id}`, ScheduleJobSchema);
}

/** Whether a device runs its group's schedule, and its group. */
export function fetchDeviceSchedule(deviceId: string): Promise<DeviceScheduleState> {
  return apiGet(`devices/${deviceId}/schedule`, DeviceScheduleStateSchema);
}

/** A year of what a calendar, or what a group runs, does at a place. */
export function fetchYearPreview(
  target: { kind: 'calendars' | 'groups'; id: string },
  query: YearPreviewQuery,
): Promise<YearPreviewAnswer> {
  return apiGet(`${target.kind}/${target.id}/preview`, YearPreviewSchema, { ...query });
}

/** A year of what a light point's group has it run, at the light point's own place. */
export function fetchDeviceYearPreview(deviceId: string, year: number): Promise<YearPreviewAnswer> {
  return apiGet(`devices/${deviceId}/schedule/preview`, YearPreviewSchema, { year });
}

/** Where an energy estimate is computed: a place asked for, or (none) where the group's light points stand. */
export interface EnergyEstimateRequest {
  year: number;
  pricePerKWh: number;
  place: Omit<YearPreviewQuery, 'year'> | null;
}

/** A year of what a group runs in energy, cost and savings against fully on, before applying it. */
export function fetchEnergyEstimate(groupId: string, request: EnergyEstimateRequest): Promise<GroupEnergyEstimate> {
  const { year, pricePerKWh, place } = request;
  return apiGet(`groups/${groupId}/energy-estimate`, GroupEnergyEstimateSchema, { year, pricePerKWh, ...place });
}

const DevicePageSchema = pageSchema(DeviceSchema);

/** Where a project's devices stand: the first of them that has coordinates, or null. */
export async function fetchProjectPlace(projectId: string): Promise<{ latitude: number; longitude: number } | null> {
  const page = await apiGet('devices', DevicePageSchema, { projectId, limit: 50 });
  const placed = page.items.find((device) => device.latitude !== null && device.longitude !== null);
  return placed ? { latitude: placed.latitude!, longitude: placed.longitude! } : null;
}

/** Puts devices of the group's project in the group. */
export function putGroupMembers(groupId: string, deviceIds: readonly string[]): Promise<GroupMembersChanged> {
  return apiPost(`groups/${groupId}/members`, { deviceIds }, GroupMembersChangedSchema);
}
