import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import { CommandRequestSchema, supportsCommand } from './commands';
import { toFieldIssues } from './errors';
import {
  CalendarSchema,
  ControlProgramSchema,
  intervalStartLabel,
  MIN_FADING_MINUTES,
  type ProgramInterval,
  ScheduleSchema,
} from './scheduling';

const PROGRAM_ID = '5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10';
const OTHER_PROGRAM_ID = '0d3c9b1e-6f7a-4e8b-9c2d-1a2b3c4d5e6f';
const CALENDAR_ID = 'c8a4f0d2-0d7e-4b61-9f53-2f4e8a7b1c55';

const interval = (start: ProgramInterval['start'], dimming = 50, fadingMinutes = 0): ProgramInterval => ({
  start,
  dimming,
  fadingMinutes,
});

function program(intervals: ProgramInterval[], id = PROGRAM_ID) {
  return { id, name: 'Residential street', intervals };
}

function calendar(rules: unknown[], astronomical = false) {
  return { id: CALENDAR_ID, name: 'Eixample', astronomical, rules };
}

const daily = (programId = PROGRAM_ID) => ({ repetition: 'daily', startDate: '2026-01-01', programId });

function issuesOf(result: { error?: ZodError }) {
  expect(result.error).toBeDefined();
  return toFieldIssues(result.error!);
}

describe('ControlProgramSchema', () => {
  it('accepts a night program mixing sun points and times of day', () => {
    const night = program([
      interval({ sun: 'sunset', offsetMinutes: -10 }, 100),
      interval('23:00', 70, 15),
      interval('01:00', 50, 15),
      interval('06:00', 100, 10),
      interval({ sun: 'sunrise', offsetMinutes: 15 }, 0),
    ]);
    expect(ControlProgramSchema.parse(night)).toEqual(night);
  });

  it('requires at least one interval', () => {
    expect(issuesOf(ControlProgramSchema.safeParse(program([])))[0]).toMatchObject({
      path: 'intervals',
      rule: 'min',
      limit: 1,
    });
  });

  it('refuses dimming outside 0–100, a negative fading time and a sun offset past three hours', () => {
    const result = ControlProgramSchema.safeParse(
      program([interval('20:00', 101), interval('22:00', 50, -1), interval({ sun: 'sunrise', offsetMinutes: 181 })]),
    );
    expect(issuesOf(result).map((issue) => [issue.path, issue.rule])).toEqual([
      ['intervals.0.dimming', 'max'],
      ['intervals.1.fadingMinutes', 'min'],
      ['intervals.2.start.offsetMinutes', 'max'],
    ]);
  });

  it('refuses two times of day closer than the minimum fading time, with the values the message shows', () => {
    const result = ControlProgramSchema.safeParse(program([interval('23:00'), interval('01:00'), interval('23:03')]));
    expect(issuesOf(result)).toEqual([
      {
        path: 'intervals.2.start',
        rule: 'invalid',
        message: `The interval between 23:00 and 23:03 is less than ${MIN_FADING_MINUTES} minutes`,
        code: 'controlProgram.error.wrongFadingTime',
        params: { firstInterval: '23:00', secondInterval: '23:03', minFadingTime: MIN_FADING_MINUTES },
      },
    ]);
  });

  it('accepts times of day exactly the minimum fading time apart', () => {
    const result = ControlProgramSchema.safeParse(program([interval('23:00'), interval(`23:0${MIN_FADING_MINUTES}`)]));
    expect(result.success).toBe(true);
  });

  it('compares times of day round midnight: 23:58 is two minutes before 00:00', () => {
    const result = ControlProgramSchema.safeParse(program([interval('00:00'), interval('12:00'), interval('23:58')]));
    expect(issuesOf(result).map((issue) => issue.params)).toEqual([
      { firstInterval: '23:58', secondInterval: '00:00', minFadingTime: MIN_FADING_MINUTES },
    ]);
  });

  it('compares starts relative to the same sun event by their offsets, and not to the other event', () => {
    const close = program([
      interval({ sun: 'sunset', offsetMinutes: 0 }),
      interval({ sun: 'sunset', offsetMinutes: 3 }),
      interval({ sun: 'sunrise', offsetMinutes: 1 }),
    ]);
    expect(issuesOf(ControlProgramSchema.safeParse(close)).map((issue) => issue.params)).toEqual([
      { firstInterval: 'sunset', secondInterval: 'sunset+3', minFadingTime: MIN_FADING_MINUTES },
    ]);
  });

  it('refuses two intervals that start at the same time', () => {
    const result = ControlProgramSchema.safeParse(program([interval('22:00', 100), interval('22:00', 50)]));
    expect(issuesOf(result)).toHaveLength(1);
  });
});

describe('intervalStartLabel', () => {
  it('names sun points with their signed offset', () => {
    expect(intervalStartLabel({ sun: 'sunrise', offsetMinutes: -20 })).toBe('sunrise-20');
    expect(intervalStartLabel({ sun: 'sunset', offsetMinutes: 45 })).toBe('sunset+45');
    expect(intervalStartLabel('06:30')).toBe('06:30');
  });
});

describe('CalendarSchema', () => {
  it("refuses a calendar without rules with 'Rule required'", () => {
    expect(issuesOf(CalendarSchema.safeParse(calendar([])))[0]).toMatchObject({
      path: 'rules',
      rule: 'min',
      message: 'Rule required',
    });
  });

  it('accepts each repetition with its own fields', () => {
    const rules = [
      { repetition: 'once', startDate: '2026-06-23', programId: PROGRAM_ID },
      { ...daily(), endDate: '2026-12-31' },
      { repetition: 'weekly', weekdays: ['friday', 'saturday'], startDate: '2026-01-01', programId: PROGRAM_ID },
      { repetition: 'yearly', startDate: '2026-12-24', programId: PROGRAM_ID },
    ];
    expect(CalendarSchema.parse(calendar(rules, true)).rules).toEqual(rules);
  });

  it('requires weekdays on a weekly rule, once each', () => {
    const missing = calendar([{ repetition: 'weekly', startDate: '2026-01-01', programId: PROGRAM_ID }]);
    expect(issuesOf(CalendarSchema.safeParse(missing))[0]).toMatchObject({
      path: 'rules.0.weekdays',
      rule: 'required',
    });
    const twice = calendar([
      { repetition: 'weekly', weekdays: ['monday', 'monday'], startDate: '2026-01-01', programId: PROGRAM_ID },
    ]);
    expect(issuesOf(CalendarSchema.safeParse(twice))[0]).toMatchObject({ path: 'rules.0.weekdays' });
  });

  it('refuses weekdays on a daily rule and an end date on a once rule', () => {
    const result = CalendarSchema.safeParse(
      calendar([
        { ...daily(), weekdays: ['monday'] },
        { repetition: 'once', startDate: '2026-06-23', endDate: '2026-06-24', programId: PROGRAM_ID },
      ]),
    );
    expect(issuesOf(result).map((issue) => [issue.path, issue.rule])).toEqual([
      ['rules.0.weekdays', 'unknownKey'],
      ['rules.1.endDate', 'unknownKey'],
    ]);
  });

  it('refuses an end date before the start date, and an impossible date', () => {
    const result = CalendarSchema.safeParse(
      calendar([
        { ...daily(), startDate: '2026-03-10', endDate: '2026-03-09' },
        { ...daily(), startDate: '2026-02-30' },
      ]),
    );
    expect(issuesOf(result).map((issue) => [issue.path, issue.rule, issue.code])).toEqual([
      ['rules.1.startDate', 'format', undefined],
      ['rules.0.endDate', 'invalid', 'calendar.error.endBeforeStart'],
    ]);
  });

  it('accepts a rule that starts and ends on the same day', () => {
    const result = CalendarSchema.safeParse(calendar([{ ...daily(), startDate: '2026-03-10', endDate: '2026-03-10' }]));
    expect(result.success).toBe(true);
  });
});

describe('the setSchedule command', () => {
  const schedule = {
    calendar: calendar([daily(), { repetition: 'once', startDate: '2026-06-23', programId: OTHER_PROGRAM_ID }]),
    programs: [program([interval('20:00', 100)]), program([interval('21:00', 30)], OTHER_PROGRAM_ID)],
  };

  it('carries a calendar and the programs it names to a light point of either family', () => {
    expect(CommandRequestSchema.parse({ command: 'setSchedule', params: schedule })).toEqual({
      command: 'setSchedule',
      params: schedule,
    });
    expect(supportsCommand('orion', 'light-point-controller', 'setSchedule')).toBe(true);
    expect(supportsCommand('vega', 'light-point-controller', 'clearSchedule')).toBe(true);
    expect(supportsCommand('orion', 'cabinet-controller', 'setSchedule')).toBe(false);
  });

  it('refuses a rule whose program is not in the schedule, at the rule', () => {
    const result = ScheduleSchema.safeParse({ ...schedule, programs: schedule.programs.slice(0, 1) });
    expect(issuesOf(result)).toEqual([
      expect.objectContaining({
        path: 'calendar.rules.1.programId',
        code: 'schedule.error.unknownProgram',
        params: { programId: OTHER_PROGRAM_ID },
      }),
    ]);
  });

  it('refuses two programs with the same id', () => {
    const result = ScheduleSchema.safeParse({ ...schedule, programs: [...schedule.programs, schedule.programs[0]] });
    expect(issuesOf(result)[0]).toMatchObject({ path: 'programs.2.id', code: 'schedule.error.duplicateProgram' });
  });

  it('reports an invalid program inside the command at its full path', () => {
    const programs = [program([interval('20:00'), interval('20:01')]), schedule.programs[1]];
    const result = CommandRequestSchema.safeParse({ command: 'setSchedule', params: { ...schedule, programs } });
    expect(issuesOf(result)[0]).toMatchObject({
      path: 'params.programs.0.intervals.1.start',
      code: 'controlProgram.error.wrongFadingTime',
    });
  });

  it('takes no parameters to clear the schedule', () => {
    expect(CommandRequestSchema.parse({ command: 'clearSchedule' })).toEqual({ command: 'clearSchedule', params: {} });
  });
});

describe('the setSchedule example in docs/simulator.md', () => {
  it('is a valid command request', () => {
    const docs = readFileSync(new URL('../../../docs/simulator.md', import.meta.url), 'utf8');
    const example = /```json\n(\{\n {2}"command": "setSchedule"[\s\S]*?)\n```/.exec(docs)?.[1];
    expect(example).toBeDefined();
    const request = CommandRequestSchema.parse(JSON.parse(example!));
    expect(request.command).toBe('setSchedule');
  });
});
