import { type Calendar, type CalendarRule, type ControlProgram, type ProgramInterval, WEEKDAYS } from './scheduling';
import {
  minutesFromNoon,
  TALQ_DAY_OFFSET,
  TALQ_DOCUMENT_FORMAT,
  TALQ_DOCUMENT_VERSION,
  TALQ_VERSION,
  type TalqCalendar,
  type TalqCalendarRule,
  type TalqCommand,
  type TalqControlProgram,
  type TalqDocument,
} from './talq';

/**
 * Farola's control programs and calendars as a TALQ-shaped document (docs/talq-interchange.md,
 * "Mapping"). Everything Farola holds has a TALQ form: an export refuses nothing.
 */

/** The evening's sun points before the morning's. */
const SUN_ORDER = { sunset: 0, sunrise: 1 } as const;

/** 'hh:mm:ss' of an 'HH:mm' start. */
const talqTime = (time: string) => `${time}:00`;

function talqCommand(interval: ProgramInterval): TalqCommand {
  return {
    state: { name: 'LevelState', value: interval.dimming },
    rampToLevelTime: interval.fadingMinutes * 60,
  };
}

/**
 * A Farola program as a TALQ `ControlProgramOne`: times of day as fixed-time controls in noon-to-noon
 * order (TALQ wants them ascending), sun points as astro-clock controls with the `Set` operation,
 * sunset ones before sunrise ones; the level a `LevelState`, the fading time a ramp in seconds.
 */
export function toTalqControlProgram(
  program: Pick<ControlProgram, 'id' | 'name' | 'intervals'>,
  ownerCMS: string,
): TalqControlProgram {
  const fixed = program.intervals
    .flatMap((interval) => (typeof interval.start === 'string' ? [{ interval, start: interval.start }] : []))
    .toSorted((a, b) => minutesFromNoon(a.start) - minutesFromNoon(b.start));
  const sun = program.intervals
    .flatMap((interval) => (typeof interval.start === 'string' ? [] : [{ interval, start: interval.start }]))
    .toSorted(
      (a, b) => SUN_ORDER[a.start.sun] - SUN_ORDER[b.start.sun] || a.start.offsetMinutes - b.start.offsetMinutes,
    );
  return {
    type: 'ControlProgramOne',
    id: program.id,
    ownerCMS,
    name: program.name,
    activePeriods: [],
    fixedTimeControls: fixed.map(({ interval, start }) => ({
      startTime: talqTime(start),
      command: talqCommand(interval),
    })),
    astroClockTimeControls: sun.map(({ interval, start }) => ({
      offset: start.offsetMinutes,
      solarEventType: start.sun,
      operation: 'Set',
      command: talqCommand(interval),
    })),
  };
}

/** Monday is 1 in TALQ's ccDay. */
const talqWeekday = (day: (typeof WEEKDAYS)[number]) => WEEKDAYS.indexOf(day) + 1;

function toTalqRule(rule: CalendarRule): TalqCalendarRule {
  const base = { startDate: rule.startDate, program: rule.programId };
  switch (rule.repetition) {
    case 'once':
      return { ...base, endDate: rule.startDate };
    case 'daily':
      return { ...base, ...(rule.endDate ? { endDate: rule.endDate } : {}) };
    case 'weekly':
      return {
        ...base,
        ...(rule.endDate ? { endDate: rule.endDate } : {}),
        condition: { type: 'ccDay', days: rule.weekdays.map((day) => ({ start: talqWeekday(day) })) },
      };
    case 'yearly':
      return {
        ...base,
        ...(rule.endDate ? { endDate: rule.endDate } : {}),
        condition: { type: 'ccDate', dates: [{ start: `--${rule.startDate.slice(5)}` }] },
      };
  }
}

/**
 * A Farola calendar as a TALQ `Calendar`. Both keep rules as a list in priority order, the first
 * rule that covers a day deciding it, so the rules keep their order.
 */
export function toTalqCalendar(
  calendar: Pick<Calendar, 'id' | 'name' | 'astronomical' | 'rules'> & { defaultProgramId: string | null },
  ownerCMS: string,
): TalqCalendar {
  return {
    id: calendar.id,
    ownerCMS,
    name: calendar.name,
    astronomical: calendar.astronomical,
    rules: calendar.rules.map(toTalqRule),
    ...(calendar.defaultProgramId ? { defaultProgram: calendar.defaultProgramId } : {}),
  };
}

/** What an export holds: programs and the calendars that name them (each by its Farola id). */
export interface TalqExportContent {
  programs: readonly Pick<ControlProgram, 'id' | 'name' | 'intervals'>[];
  calendars: readonly (Pick<Calendar, 'id' | 'name' | 'astronomical' | 'rules'> & {
    defaultProgramId: string | null;
  })[];
}

/**
 * Farola's programs and calendars as one interchange document. Everything Farola holds has a TALQ
 * form, so an export refuses nothing; every program a calendar names must be among `programs`.
 *
 * @example
 * toTalqDocument({ programs: [program], calendars: [calendar] }, { ownerCMS: 'urn:farola:project:…' });
 */
export function toTalqDocument(
  content: TalqExportContent,
  options: { ownerCMS: string; exportedAt?: string },
): TalqDocument {
  const ids = new Set(content.programs.map((program) => program.id));
  for (const calendar of content.calendars) {
    const named = calendar.rules.map((rule) => rule.programId);
    if (calendar.defaultProgramId) named.push(calendar.defaultProgramId);
    const missing = named.find((id) => !ids.has(id));
    if (missing) throw new Error(`Calendar ${calendar.id} names control program ${missing}, which is not exported`);
  }
  return {
    format: TALQ_DOCUMENT_FORMAT,
    formatVersion: TALQ_DOCUMENT_VERSION,
    talqVersion: TALQ_VERSION,
    dayOffset: TALQ_DAY_OFFSET,
    ...(options.exportedAt ? { exportedAt: options.exportedAt } : {}),
    controlPrograms: content.programs.map((program) => toTalqControlProgram(program, options.ownerCMS)),
    calendars: content.calendars.map((calendar) => toTalqCalendar(calendar, options.ownerCMS)),
  };
}
