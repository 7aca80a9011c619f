import {
  type Calendar,
  type ControlProgram,
  minutesOfDay,
  type ProgramInterval,
  type Schedule,
  type SunPoint,
} from '../scheduling';
import { decidingRule, type RuleDays, ruleDays } from '../calendar-days';
import { localInstant, localMoment } from './local-time';
import { sunDay } from './sun';

/**
 * How a light point runs a calendar (`setSchedule`). Street lighting thinks in nights, so a
 * calendar day D selects the program of the night that begins at noon on D and ends at noon on
 * D+1: 'HH:mm' starts from 12:00 on belong to D, earlier ones to the morning of D+1; `sunset` is
 * D's sunset and `sunrise` D+1's sunrise. A weekly rule on Friday thus runs Friday night, into
 * Saturday morning. Within its night the level is that of the last interval that started; before
 * the first one, that of the program's last interval (the program wraps round like a clock). A
 * night no rule covers returns `null`: the light point falls back to its built-in night curve.
 */

const MINUTE_MS = 60_000;
const NOON = 12 * 60;

/** Where a light point stands, for its sunset and sunrise. */
export interface Position {
  latitude: number;
  longitude: number;
}

interface PreparedRule extends RuleDays {
  program: ControlProgram;
}

/** An interval placed on the timeline of one night. */
interface Step {
  at: number;
  dimming: number;
  /** The fade, shortened when the next interval starts before it would end. */
  fadeMs: number;
}

interface ResolvedNight {
  night: number;
  timezone: string;
  latitude: number;
  longitude: number;
  /** The night's intervals in time order, or null when no rule covers this night. */
  steps: Step[] | null;
  /** Astronomical calendars light only between the evening's sunset and the morning's sunrise. */
  lit: { from: number; until: number } | null;
}

/** A calendar and its programs as a light point keeps them, with the night it last resolved. */
export interface StoredSchedule {
  readonly calendar: Calendar;
  readonly rules: readonly PreparedRule[];
  resolved: ResolvedNight | null;
  /** Nights resolved so far; each costs sun times and timezone conversions, every other call none. */
  resolutions: number;
}

/** Turns a validated `setSchedule` into what the engine runs: dates as day numbers, programs by id. */
export function prepareSchedule({ calendar, programs }: Schedule): StoredSchedule {
  const byId = new Map(programs.map((program) => [program.id, program]));
  const rules = calendar.rules.map((rule): PreparedRule => {
    const program = byId.get(rule.programId);
    if (!program) throw new Error(`Control program ${rule.programId} is not in the schedule`);
    return { ...ruleDays(rule), program };
  });
  return { calendar, rules, resolved: null, resolutions: 0 };
}

/**
 * The program a calendar day selects: that of the first rule in the calendar's order that covers
 * it (the order is the priority, `calendar-days.ts`). `day` is a local date as a day number.
 */
export function programOfDay(schedule: StoredSchedule, day: number): ControlProgram | null {
  return schedule.rules[decidingRule(schedule.rules, day)]?.program ?? null;
}

const sunOf = ({ start }: ProgramInterval) => (typeof start === 'string' ? 'clock' : start.sun);
/** At one instant, the evening's starts come first and the morning's last. */
const RANK = { sunset: 0, clock: 1, sunrise: 2 } as const;

/**
 * Where a night's sun-relative starts fall. Normally at sunset or sunrise with their offsets. A
 * night too short for the offsets — the last sunset-relative start would come after the first
 * sunrise-relative one: short summer nights far north, and polar day, whose night has no length
 * (see `sunDay`) — would turn the program inside out and light the day; there every sun-relative
 * start falls at the middle of the night without its offset, the evening's before the morning's,
 * so the light ends the night as the program's sunrise intervals leave it (off, for most).
 */
function sunStartsOf(program: ControlProgram, sunset: number, sunrise: number): (point: SunPoint) => number {
  const shifted = (point: SunPoint) => (point.sun === 'sunset' ? sunset : sunrise) + point.offsetMinutes * MINUTE_MS;
  const points = program.intervals.flatMap(({ start }) => (typeof start === 'string' ? [] : [start]));
  const evening = points.filter((point) => point.sun === 'sunset').map(shifted);
  const morning = points.filter((point) => point.sun === 'sunrise').map(shifted);
  const fits = evening.length === 0 || morning.length === 0 || Math.max(...evening) < Math.min(...morning);
  if (fits && sunrise > sunset) return shifted;
  const middle = sunset + Math.max(0, sunrise - sunset) / 2;
  return () => middle;
}

function resolveNight(schedule: StoredSchedule, night: number, timezone: string, position: Position): ResolvedNight {
  schedule.resolutions += 1;
  const { latitude, longitude } = position;
  const where = { night, timezone, latitude, longitude };
  const program = programOfDay(schedule, night);
  if (!program) return { ...where, steps: null, lit: null };
  const needsSun = schedule.calendar.astronomical || program.intervals.some(({ start }) => typeof start !== 'string');
  const [begin, end] = [localInstant(night, NOON, timezone), localInstant(night + 1, NOON, timezone)];
  // A polar night has no sunset or sunrise: its night runs from one of the engine's noons to the next.
  const evening = needsSun ? sunDay(begin, latitude, longitude) : null;
  const morning = needsSun ? sunDay(end, latitude, longitude) : null;
  const sunset = evening?.polar === 'night' ? begin : (evening?.sunset ?? 0);
  const sunrise = morning?.polar === 'night' ? end : (morning?.sunrise ?? 0);
  const sunStarts = sunStartsOf(program, sunset, sunrise);
  const startOf = ({ start }: ProgramInterval): number => {
    if (typeof start !== 'string') return sunStarts(start);
    const minutes = minutesOfDay(start);
    return localInstant(minutes >= NOON ? night : night + 1, minutes, timezone);
  };
  const placed = program.intervals
    .map((interval) => ({ interval, at: startOf(interval), rank: RANK[sunOf(interval)] }))
    .sort((a, b) => a.at - b.at || a.rank - b.rank);
  const steps = placed.map(({ interval, at }, i): Step => {
    const next = placed[i + 1]?.at ?? end;
    return {
      at,
      dimming: interval.dimming,
      fadeMs: Math.max(0, Math.min(interval.fadingMinutes * MINUTE_MS, next - at)),
    };
  });
  const lit = schedule.calendar.astronomical ? { from: sunset, until: sunrise } : null;
  return { ...where, steps, lit };
}

/** A calendar's level at one moment, and whether it is on its way to an interval's level (a fade). */
export interface EngineLevel {
  /** 0–100, whole percent. */
  level: number;
  /** True while the level fades towards the interval's; false once it holds a level (a step). */
  fading: boolean;
}

/** The level on a night's timeline: the last interval started, fading from the one before it. */
function levelAt(steps: readonly Step[], nowMs: number): EngineLevel {
  let i = steps.length - 1;
  while (i >= 0 && steps[i]!.at > nowMs) i -= 1;
  const last = steps[steps.length - 1]!;
  const step = steps[i];
  if (!step) return { level: last.dimming, fading: false };
  const from = (steps[i - 1] ?? last).dimming;
  if (nowMs >= step.at + step.fadeMs) return { level: step.dimming, fading: false };
  const level = Math.round(from + ((step.dimming - from) * (nowMs - step.at)) / step.fadeMs);
  return { level, fading: level !== step.dimming };
}

/**
 * The dimming level (0–100, whole percent) a stored schedule sets at `nowMs` (simulated epoch ms)
 * for a light point whose clock runs in `timezone`, or `null` when no rule covers the current
 * night. A night is resolved once per schedule; every other call is a lookup and a few
 * comparisons, cheap enough for 100,000 light points every minute.
 *
 * @example
 * calendarEngineLevel(lightPoint.schedule, clock.now(), 'Europe/Madrid', lightPoint.spec);
 */
export function calendarEngineLevel(
  schedule: StoredSchedule,
  nowMs: number,
  timezone: string,
  position: Position,
): number | null {
  return calendarEngineState(schedule, nowMs, timezone, position)?.level ?? null;
}

const DARK: EngineLevel = { level: 0, fading: false };

/**
 * As `calendarEngineLevel`, with whether the level is mid-fade: a light point reports a change of
 * its level at once when it reaches an interval's level, not at every percent of a fade.
 *
 * @example
 * calendarEngineState(lightPoint.schedule, clock.now(), 'Europe/Madrid', lightPoint.spec); // { level: 85, fading: true }
 */
export function calendarEngineState(
  schedule: StoredSchedule,
  nowMs: number,
  timezone: string,
  position: Position,
): EngineLevel | null {
  const { day, minutes } = localMoment(nowMs, timezone);
  const night = minutes >= NOON ? day : day - 1;
  let resolved = schedule.resolved;
  if (
    resolved?.night !== night ||
    resolved.timezone !== timezone ||
    resolved.latitude !== position.latitude ||
    resolved.longitude !== position.longitude
  ) {
    resolved = resolveNight(schedule, night, timezone, position);
    schedule.resolved = resolved;
  }
  if (!resolved.steps) return null;
  if (resolved.lit && (nowMs < resolved.lit.from || nowMs >= resolved.lit.until)) return DARK;
  return levelAt(resolved.steps, nowMs);
}
