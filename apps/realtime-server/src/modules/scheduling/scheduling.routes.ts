import {
  ACTION_ROLES,
  CalendarCreateSchema,
  CalendarEditSchema,
  ControlProgramCreateSchema,
  ControlProgramDuplicateSchema,
  ControlProgramEditSchema,
  pageSchema,
  SchedulingListQuerySchema,
  StoredCalendarSchema,
  StoredControlProgramSchema,
} from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { ScheduleApply } from './schedule-apply';
import type { SchedulingService } from './scheduling.service';

const PROGRAM_ID = { description: 'Control program id' };
const CALENDAR_ID = { description: 'Calendar id' };
const PROGRAM = { component: 'StoredControlProgram', schema: StoredControlProgramSchema };
const CALENDAR = { component: 'StoredCalendar', schema: StoredCalendarSchema };
const { viewScheduling, manageScheduling } = ACTION_ROLES;

export function controlProgramRoutes(scheduling: SchedulingService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/control-programs',
      operationId: 'listControlPrograms',
      summary: 'Control programs of the projects the caller sees (or of one), by name',
      roles: viewScheduling,
      query: SchedulingListQuerySchema,
      response: { component: 'StoredControlProgramPage', schema: pageSchema(StoredControlProgramSchema) },
      handler: ({ user, query }) => scheduling.listPrograms(user, query),
    }),
    defineRoute({
      method: 'post',
      path: '/control-programs',
      operationId: 'createControlProgram',
      summary: 'Creates a control program in a project',
      description: `Consecutive intervals must start at least the minimum fading time apart (\`controlProgram.error.wrongFadingTime\`).`,
      roles: manageScheduling,
      body: { component: 'ControlProgramCreate', schema: ControlProgramCreateSchema },
      response: { ...PROGRAM, status: 201 },
      errors: [409],
      handler: ({ user, body }) => scheduling.createProgram(user, body),
    }),
    defineRoute({
      method: 'get',
      path: '/control-programs/:id',
      operationId: 'getControlProgram',
      summary: 'One control program',
      roles: viewScheduling,
      id: PROGRAM_ID,
      response: PROGRAM,
      handler: ({ user, id }) => scheduling.program(user, id),
    }),
    defineRoute({
      method: 'put',
      path: '/control-programs/:id',
      operationId: 'saveControlProgram',
      summary: "Replaces a control program's name and intervals",
      roles: manageScheduling,
      id: PROGRAM_ID,
      body: { component: 'ControlProgramEdit', schema: ControlProgramEditSchema },
      response: PROGRAM,
      errors: [409],
      handler: ({ user, id, body }) => scheduling.editProgram(user, id, body),
    }),
    defineRoute({
      method: 'post',
      path: '/control-programs/:id/duplicate',
      operationId: 'duplicateControlProgram',
      summary: 'Copies a control program in its project',
      roles: manageScheduling,
      id: PROGRAM_ID,
      body: { component: 'ControlProgramDuplicate', schema: ControlProgramDuplicateSchema },
      response: { ...PROGRAM, status: 201 },
      errors: [409],
      handler: ({ user, id, body }) => scheduling.duplicateProgram(user, id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/control-programs/:id',
      operationId: 'deleteControlProgram',
      summary: 'Deletes a control program no calendar uses; answers what it was',
      roles: manageScheduling,
      id: PROGRAM_ID,
      response: PROGRAM,
      errors: [409],
      handler: ({ user, id }) => scheduling.deleteProgram(user, id),
    }),
  ];
}

export function calendarRoutes(scheduling: SchedulingService, apply: Pick<ScheduleApply, 'withLuminaires'>): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/calendars',
      operationId: 'listCalendars',
      summary: 'Calendars of the projects the caller sees (or of one), by name',
      roles: viewScheduling,
      query: SchedulingListQuerySchema,
      response: { component: 'StoredCalendarPage', schema: pageSchema(StoredCalendarSchema) },
      description: 'Each with `luminaires`: how many light points run it.',
      handler: async ({ user, query }) => apply.withLuminaires(await scheduling.listCalendars(user, query)),
    }),
    defineRoute({
      method: 'post',
      path: '/calendars',
      operationId: 'createCalendar',
      summary: "Creates a calendar in a project; a project's first calendar becomes its default",
      description: "Every control program it names must be one of the project's.",
      roles: manageScheduling,
      body: { component: 'CalendarCreate', schema: CalendarCreateSchema },
      response: { ...CALENDAR, status: 201 },
      errors: [409],
      handler: ({ user, body }) => scheduling.createCalendar(user, body),
    }),
    defineRoute({
      method: 'get',
      path: '/calendars/:id',
      operationId: 'getCalendar',
      summary: 'One calendar with its rules in order',
      roles: viewScheduling,
      id: CALENDAR_ID,
      response: CALENDAR,
      handler: ({ user, id }) => scheduling.calendar(user, id),
    }),
    defineRoute({
      method: 'put',
      path: '/calendars/:id',
      operationId: 'saveCalendar',
      summary: "Replaces a calendar's name, rules and default program",
      roles: manageScheduling,
      id: CALENDAR_ID,
      body: { component: 'CalendarEdit', schema: CalendarEditSchema },
      response: CALENDAR,
      errors: [409],
      handler: ({ user, id, body }) => scheduling.editCalendar(user, id, body),
    }),
    defineRoute({
      method: 'post',
      path: '/calendars/:id/default',
      operationId: 'makeCalendarDefault',
      summary: "Makes a calendar its project's default calendar",
      roles: manageScheduling,
      id: CALENDAR_ID,
      response: CALENDAR,
      handler: ({ user, id }) => scheduling.makeDefault(user, id),
    }),
    defineRoute({
      method: 'delete',
      path: '/calendars/:id',
      operationId: 'deleteCalendar',
      summary: "Deletes a calendar other than its project's default; answers what it was",
      roles: manageScheduling,
      id: CALENDAR_ID,
      response: CALENDAR,
      errors: [409],
      handler: ({ user, id }) => scheduling.deleteCalendar(user, id),
    }),
  ];
}
