import {
  type CalendarRule,
  type OperateMode,
  type Schedule,
  ScheduleSchema,
  type StoredCalendar,
  type StoredControlProgram,
  toFieldIssues,
} from '@farola/protocol';
import { DomainError } from '../../platform/domain-error';

/**
 * The first day a rule standing for "every day" covers: before any light point's clock, so that the
 * rule holds on every day the device runs.
 */
const ALWAYS = '2000-01-01';

/** What a group runs: a calendar, or one control program every day. */
export type GroupSchedule = { calendar: StoredCalendar } | { program: StoredControlProgram; groupId: string };

/**
 * What a light point stores and runs (`setSchedule`) for a group: its calendar with every program
 * the calendar names, or its one program as a calendar of one daily rule. A calendar's program of
 * days no rule covers becomes a daily rule placed last: the first rule that covers a day decides
 * it, so this one decides only the days no other rule covers.
 * A group that manages its members' operate mode sends it along. What a device cannot hold
 * (more rules or programs than `SCHEDULE_LIMITS`) is refused here,
 * before anything is sent.
 */
export function compileSchedule(
  what: GroupSchedule,
  programs: ReadonlyMap<string, StoredControlProgram>,
  operateMode: OperateMode | null = null,
): Schedule {
  const calendar =
    'calendar' in what
      ? {
          id: what.calendar.id,
          name: what.calendar.name,
          astronomical: what.calendar.astronomical,
          rules: [
            ...what.calendar.rules,
            ...(what.calendar.defaultProgramId ? [daily(what.calendar.defaultProgramId)] : []),
          ],
        }
      : { id: what.groupId, name: what.program.name, astronomical: false, rules: [daily(what.program.id)] };
  const named = [...new Set(calendar.rules.map((rule) => rule.programId))];
  const schedule = {
    calendar,
    programs: named.flatMap((id) => {
      const program = 'program' in what && what.program.id === id ? what.program : programs.get(id);
      return program ? [{ id: program.id, name: program.name, intervals: program.intervals }] : [];
    }),
    ...(operateMode ? { operateMode } : {}),
  };
  const parsed = ScheduleSchema.safeParse(schedule);
  if (!parsed.success) throw new DomainError('VALIDATION_FAILED', toFieldIssues(parsed.error));
  return parsed.data;
}

function daily(programId: string): CalendarRule {
  return { repetition: 'daily', startDate: ALWAYS, programId };
}
