import { z } from 'zod';
import { OperateModeSchema } from './modes';
import { text } from './primitives';
import { LIGHT_POINT_SCHEDULE_LIMITS, type Vendor } from './vendors';

/**
 * The shortest time between two consecutive intervals of a control program, in minutes (spec §5:
 * 'consecutive intervals must be at least a minimum fading time apart'; the spec leaves the value
 * open).
 */
export const MIN_FADING_MINUTES = 5;

/** How far an astronomical interval start may lie before or after sunset or sunrise, in minutes. */
export const SUN_OFFSET_LIMIT_MINUTES = 180;

/** What one schedule may hold, so that a light point's memory and a command's size stay bounded. */
export const SCHEDULE_LIMITS = {
  intervalsPerProgram: 24,
  fadingMinutes: 180,
  rulesPerCalendar: 50,
  programsPerSchedule: 20,
} as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm');

/** A point relative to the sun: sunset or sunrise at the device, shifted by `offsetMinutes`. */
export const SunPointSchema = z.strictObject({
  sun: z.enum(['sunset', 'sunrise']),
  offsetMinutes: z.number().int().min(-SUN_OFFSET_LIMIT_MINUTES).max(SUN_OFFSET_LIMIT_MINUTES),
});
export type SunPoint = z.infer<typeof SunPointSchema>;

/**
 * When an interval starts: a local time 'HH:mm' in the device's timezone, or a point relative to
 * that day's sunset or sunrise at the device.
 *
 * @example
 * IntervalStartSchema.parse('23:00');
 * IntervalStartSchema.parse({ sun: 'sunset', offsetMinutes: -15 });
 */
export const IntervalStartSchema = z.union([hhmm, SunPointSchema]);
export type IntervalStart = z.infer<typeof IntervalStartSchema>;

/** From `start` on, fade linearly to `dimming` % over `fadingMinutes`. */
export const ProgramIntervalSchema = z.strictObject({
  start: IntervalStartSchema,
  dimming: z.number().int().min(0).max(100),
  fadingMinutes: z.number().int().min(0).max(SCHEDULE_LIMITS.fadingMinutes),
});
export type ProgramInterval = z.infer<typeof ProgramIntervalSchema>;

/** Minutes after midnight of an 'HH:mm' start. */
export function minutesOfDay(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/**
 * An interval start as the wrong-fading-time message shows it.
 *
 * @example
 * intervalStartLabel('23:00'); // '23:00'
 * intervalStartLabel({ sun: 'sunset', offsetMinutes: 30 }); // 'sunset+30'
 * intervalStartLabel({ sun: 'sunrise', offsetMinutes: 0 }); // 'sunrise'
 */
export function intervalStartLabel(start: IntervalStart): string {
  if (typeof start === 'string') return start;
  if (start.offsetMinutes === 0) return start.sun;
  return `${start.sun}${start.offsetMinutes > 0 ? '+' : ''}${start.offsetMinutes}`;
}

interface Placed {
  index: number;
  at: number;
}

/**
 * Spec §5: consecutive interval starts must be at least MIN_FADING_MINUTES apart. Times of day are
 * compared in clock order round midnight (23:58 is 2 minutes before 00:00), starts relative to the
 * same sun event by their offsets. A time of day next to a sun point depends on the date and the
 * place, so the device orders those when it runs the program (see the simulator's calendar engine).
 */
export function checkFadingTimes(intervals: readonly ProgramInterval[], ctx: z.RefinementCtx): void {
  const clock: Placed[] = [];
  const sunset: Placed[] = [];
  const sunrise: Placed[] = [];
  intervals.forEach(({ start }, index) => {
    if (typeof start === 'string') clock.push({ index, at: minutesOfDay(start) });
    else (start.sun === 'sunset' ? sunset : sunrise).push({ index, at: start.offsetMinutes });
  });
  const report = (first: Placed, second: Placed) => {
    const firstLabel = intervalStartLabel(intervals[first.index]!.start);
    const secondLabel = intervalStartLabel(intervals[second.index]!.start);
    ctx.addIssue({
      code: 'custom',
      path: ['intervals', second.index, 'start'],
      message: `The interval between ${firstLabel} and ${secondLabel} is less than ${MIN_FADING_MINUTES} minutes`,
      params: {
        code: 'controlProgram.error.wrongFadingTime',
        firstInterval: firstLabel,
        secondInterval: secondLabel,
        minFadingTime: MIN_FADING_MINUTES,
      },
    });
  };
  const checkRun = (placed: readonly Placed[], roundMidnight: boolean) => {
    const sorted = placed.toSorted((a, b) => a.at - b.at || a.index - b.index);
    const pairs = sorted.slice(1).map((second, i) => [sorted[i]!, second, second.at - sorted[i]!.at] as const);
    const [first, last] = [sorted[0], sorted.at(-1)];
    if (roundMidnight && first && last && sorted.length > 1) pairs.push([last, first, first.at + 24 * 60 - last.at]);
    for (const [earlier, later, gap] of pairs) if (gap < MIN_FADING_MINUTES) report(earlier, later);
  };
  checkRun(clock, true);
  checkRun(sunset, false);
  checkRun(sunrise, false);
}

/**
 * What a control program is made of, wherever it travels: stored by the server, sent to a light
 * point. The fields only; add `checkFadingTimes` as a refinement of the object holding them.
 */
export function controlProgramFields() {
  return {
    name: text().min(1).max(120),
    intervals: z.array(ProgramIntervalSchema).min(1).max(SCHEDULE_LIMITS.intervalsPerProgram),
  };
}

/**
 * A control program (spec §3): dimming intervals, each with its level and fading time.
 *
 * @example
 * ControlProgramSchema.parse({
 *   id: '5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10',
 *   name: 'Residential street',
 *   intervals: [
 *     { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
 *     { start: '23:00', dimming: 60, fadingMinutes: 15 },
 *     { start: '06:00', dimming: 100, fadingMinutes: 15 },
 *     { start: { sun: 'sunrise', offsetMinutes: 10 }, dimming: 0, fadingMinutes: 0 },
 *   ],
 * });
 */
export const ControlProgramSchema = z
  .strictObject({ id: z.uuid(), ...controlProgramFields() })
  .superRefine((program, ctx) => checkFadingTimes(program.intervals, ctx));
export type ControlProgram = z.infer<typeof ControlProgramSchema>;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;

const ruleBase = {
  startDate: z.iso.date(),
  programId: z.uuid(),
};

/**
 * A calendar rule (spec §3, §9): on which days its control program runs. `once` runs on
 * `startDate` only; `daily` every day, `weekly` on `weekdays`, `yearly` on the month and day of
 * `startDate`, each from `startDate` to `endDate` (included; open-ended without one).
 */
export const CalendarRuleSchema = z.discriminatedUnion('repetition', [
  z.strictObject({ repetition: z.literal('once'), ...ruleBase }),
  z.strictObject({ repetition: z.literal('daily'), ...ruleBase, endDate: z.iso.date().optional() }),
  z.strictObject({
    repetition: z.literal('weekly'),
    weekdays: z
      .array(WeekdaySchema)
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Each weekday at most once'),
    ...ruleBase,
    endDate: z.iso.date().optional(),
  }),
  z.strictObject({ repetition: z.literal('yearly'), ...ruleBase, endDate: z.iso.date().optional() }),
]);
export type CalendarRule = z.infer<typeof CalendarRuleSchema>;
export type Repetition = CalendarRule['repetition'];
export const REPETITIONS: readonly Repetition[] = ['once', 'daily', 'weekly', 'yearly'];

/**
 * What a calendar is made of, wherever it travels; add `checkRuleDates` as a refinement. Its rules
 * are in priority order: on each day the first rule that covers it decides (`calendar-days.ts`).
 */
export function calendarFields() {
  return {
    name: text().min(1).max(120),
    astronomical: z.boolean(),
    rules: z.array(CalendarRuleSchema).min(1, 'Rule required').max(SCHEDULE_LIMITS.rulesPerCalendar),
  };
}

/** Each rule's end date, where it has one, on or after its start date. */
export function checkRuleDates(rules: readonly CalendarRule[], ctx: z.RefinementCtx): void {
  rules.forEach((rule, index) => {
    // ISO dates compare correctly as strings.
    if (rule.repetition === 'once' || rule.endDate === undefined || rule.endDate >= rule.startDate) return;
    ctx.addIssue({
      code: 'custom',
      path: ['rules', index, 'endDate'],
      message: 'The end date is before the start date',
      params: { code: 'calendar.error.endBeforeStart', startDate: rule.startDate, endDate: rule.endDate },
    });
  });
}

/**
 * A calendar (spec §3): rules that pick a control program for each day. An `astronomical`
 * calendar lights only from sunset to sunrise at the device, whatever its programs say.
 *
 * @example
 * CalendarSchema.parse({
 *   id: 'c8a4f0d2-0d7e-4b61-9f53-2f4e8a7b1c55',
 *   name: 'Eixample',
 *   astronomical: true,
 *   rules: [{ repetition: 'daily', startDate: '2026-01-01', programId: '5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10' }],
 * });
 */
export const CalendarSchema = z
  .strictObject({ id: z.uuid(), ...calendarFields() })
  .superRefine((calendar, ctx) => checkRuleDates(calendar.rules, ctx));
export type Calendar = z.infer<typeof CalendarSchema>;

/**
 * What a light point stores and runs (`setSchedule`): a calendar and every control program its
 * rules name, and the operate mode its group manages, if it does (spec §4: the device's mode is
 * updated to the group's value; it takes it with the schedule). A rule naming a program that is
 * not here, or two programs with one id, are refused.
 */
export const ScheduleSchema = z
  .strictObject({
    calendar: CalendarSchema,
    programs: z.array(ControlProgramSchema).min(1).max(SCHEDULE_LIMITS.programsPerSchedule),
    operateMode: OperateModeSchema.optional(),
  })
  .superRefine(({ calendar, programs }, ctx) => {
    const ids = new Set<string>();
    programs.forEach((program, index) => {
      if (ids.has(program.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['programs', index, 'id'],
          message: `Control program ${program.id} is listed twice`,
          params: { code: 'schedule.error.duplicateProgram', programId: program.id },
        });
      }
      ids.add(program.id);
    });
    calendar.rules.forEach((rule, index) => {
      if (ids.has(rule.programId)) return;
      ctx.addIssue({
        code: 'custom',
        path: ['calendar', 'rules', index, 'programId'],
        message: `Control program ${rule.programId} is not in the schedule`,
        params: { code: 'schedule.error.unknownProgram', programId: rule.programId },
      });
    });
  });
export type Schedule = z.infer<typeof ScheduleSchema>;

/** What of a schedule a light point family cannot hold: the first bound it passes, with the count. */
export interface ScheduleOverLimit {
  what: 'rules' | 'programs' | 'intervalsPerProgram';
  count: number;
  limit: number;
}

/**
 * Whether `schedule` passes the bounds of the light points of `vendor` (`LIGHT_POINT_SCHEDULE_LIMITS`),
 * and which one first; null when it fits.
 *
 * @example
 * scheduleOverLimit(schedule, 'vega'); // { what: 'rules', count: 20, limit: 16 }
 */
export function scheduleOverLimit(schedule: Schedule, vendor: Vendor): ScheduleOverLimit | null {
  const limits = LIGHT_POINT_SCHEDULE_LIMITS[vendor];
  const rules = schedule.calendar.rules.length;
  if (rules > limits.rules) return { what: 'rules', count: rules, limit: limits.rules };
  if (schedule.programs.length > limits.programs) {
    return { what: 'programs', count: schedule.programs.length, limit: limits.programs };
  }
  const intervals = Math.max(...schedule.programs.map((program) => program.intervals.length));
  if (intervals > limits.intervalsPerProgram) {
    return { what: 'intervalsPerProgram', count: intervals, limit: limits.intervalsPerProgram };
  }
  return null;
}
