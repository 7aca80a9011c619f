import { minutesOfDay, type Schedule } from '../scheduling';
import {
  calendarEngineLevel,
  type Position,
  prepareSchedule,
  programOfDay,
  type StoredSchedule,
} from './calendar-engine';
import { clockChange, localInstant } from './local-time';
import { sunDay } from './sun';

const DAY_MS = 86_400_000;
/** The preview samples every 10 minutes: a fade or a switch within an hour counts. */
const SAMPLES_PER_HOUR = 6;
const SAMPLE_MS = 3_600_000 / SAMPLES_PER_HOUR;

/** Where a light point stands and the clock it runs on. */
export interface PreviewPlace extends Position {
  timezone: string;
}

/** What a day of the preview tells an engineer at a glance. */
export type PreviewFlag =
  /** Lit while the sun is up (between that day's sunrise and sunset). */
  | 'daylightBurn'
  /** Dark at some moment of the night that follows (between sunset and the next sunrise). */
  | 'darkAfterSunset'
  /** Never off in the whole day. */
  | 'neverOff';

export interface PreviewDay {
  /** The local date, 'YYYY-MM-DD'. */
  date: string;
  /**
   * Each local hour's mean level (0–100, whole percent): index 0 is 00:00–01:00. The hour a spring
   * change skips shows the level of the moment it becomes; the hour an autumn change repeats averages both.
   */
  hours: number[];
  /** Hours lit (any level above 0) in the day, to the sample (10 minutes). */
  burnHours: number;
  flags: PreviewFlag[];
}

/**
 * A time-of-day start that a daylight-saving change moves, on the day it happens: in the spring gap
 * it runs when the clock has jumped (`runsAt`, 02:30 → 03:30), in the autumn's repeated hour the
 * first time the clock reads it.
 */
export interface ClockShift {
  date: string;
  start: string;
  kind: 'skipped' | 'repeated';
  runsAt: string;
}

export interface YearPreview {
  year: number;
  days: PreviewDay[];
  /** The year's starts that a daylight-saving change moves (none where the zone keeps one offset). */
  clockShifts: ClockShift[];
  /** Days the sun neither rises nor sets at the place (polar day or night), where the engine's polar rule holds. */
  polarDays: number;
  /** Hours lit in the year. */
  burnHours: number;
  /** The light's energy relative to burning at 100 % every hour lit: the mean level over the lit samples. */
  meanLevel: number;
  /**
   * The year's light as hours at full level: each lit sample counts its level (an hour at 50 % is half
   * an hour). With power proportional to level, a light's energy is its rated power times these hours.
   */
  fullLoadHours: number;
  /** Hours between sunset and sunrise in the year, from the same sun times: what burning dusk to dawn lights. */
  nightHours: number;
}

const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The time-of-day starts of the programs run in [first, last) that fall in a daylight-saving gap or
 * repeated hour. A start from 12:00 belongs to its night's evening, an earlier one to the next morning.
 */
function clockShiftsOf(prepared: StoredSchedule, first: number, last: number, timezone: string): ClockShift[] {
  const shifts: ClockShift[] = [];
  for (let night = first - 1; night < last; night += 1) {
    const program = programOfDay(prepared, night);
    if (!program) continue;
    for (const { start } of program.intervals) {
      if (typeof start !== 'string') continue;
      const minutes = minutesOfDay(start);
      const day = minutes >= 12 * 60 ? night : night + 1;
      const change = day >= first && day < last ? clockChange(day, timezone) : null;
      if (!change || minutes < change.fromMinutes || minutes >= change.toMinutes) continue;
      const runsAt = change.kind === 'skipped' ? hhmm(minutes + change.toMinutes - change.fromMinutes) : start;
      shifts.push({ date: isoDate(day), start, kind: change.kind, runsAt });
    }
  }
  return shifts;
}

/** The part of a night (`sunset` to the next `sunrise`, epoch ms) within a span. */
const nightWithin = (span: { from: number; until: number }, sunset: number, sunrise: number) =>
  Math.max(0, Math.min(span.until, sunrise) - Math.max(span.from, sunset));

/**
 * A year of what a schedule does at one place (the year-ahead preview): for every local day of
 * `year`, each hour's level as the calendar engine the light points run computes it (the same code,
 * so the preview and the devices agree), sun times from that place and daylight saving included.
 * A day no rule covers reads dark. About 53,000 engine calls (one each 10 minutes); each night's
 * program is resolved once.
 *
 * @example
 * yearPreview(schedule, { latitude: 41.39, longitude: 2.17, timezone: 'Europe/Madrid' }, 2027).days[0].hours[22]; // 100
 */
export function yearPreview(schedule: Schedule, place: PreviewPlace, year: number): YearPreview {
  const prepared = prepareSchedule(schedule);
  const first = Date.UTC(year, 0, 1) / DAY_MS;
  const last = Date.UTC(year + 1, 0, 1) / DAY_MS;
  const days: PreviewDay[] = [];
  let burnSamples = 0;
  let levelSum = 0;
  // The year's dark hours, night by night as the engine reads them: from the night before 1 January.
  const inYear = { from: localInstant(first, 0, place.timezone), until: localInstant(last, 0, place.timezone) };
  const sunOf = (day: number) => sunDay(localInstant(day, 12 * 60, place.timezone), place.latitude, place.longitude);
  let nightMs = nightWithin(inYear, sunOf(first - 1).sunset, sunOf(first).sunrise);
  let polarDays = 0;
  for (let day = first; day < last; day += 1) {
    const sun = sunOf(day);
    if (sun.polar) polarDays += 1;
    const nextSunrise = sunOf(day + 1).sunrise;
    const levelAt = (at: number) => calendarEngineLevel(prepared, at, place.timezone, place) ?? 0;
    // The day's real timeline, local midnight to local midnight: 23 hours on a spring-forward day, 25
    // on a fall-back one. Each local hour's cell averages the samples of its real span.
    const hourStarts = Array.from({ length: 25 }, (_, hour) =>
      hour < 24 ? localInstant(day, hour * 60, place.timezone) : localInstant(day + 1, 0, place.timezone),
    );
    const hours: number[] = [];
    const flags = new Set<PreviewFlag>();
    let lit = 0;
    let alwaysOn = true;
    for (let hour = 0; hour < 24; hour += 1) {
      const [from, to] = [hourStarts[hour]!, hourStarts[hour + 1]!];
      let sum = 0;
      let samples = 0;
      for (let at = from; at < to; at += SAMPLE_MS) {
        const level = levelAt(at);
        sum += level;
        samples += 1;
        if (level > 0) {
          lit += 1;
          levelSum += level;
          if (at > sun.sunrise && at < sun.sunset) flags.add('daylightBurn');
        } else {
          alwaysOn = false;
          if (at >= sun.sunset && at < nextSunrise) flags.add('darkAfterSunset');
        }
      }
      // The hour a spring change skips has no real span: it shows the level of the moment it becomes.
      hours.push(samples === 0 ? levelAt(from) : Math.round(sum / samples));
    }
    // The night that begins this evening runs past midnight: its dark moments are this day's concern too.
    for (let at = Math.max(sun.sunset, hourStarts[24]!); at < nextSunrise; at += SAMPLE_MS) {
      if (levelAt(at) === 0) flags.add('darkAfterSunset');
    }
    if (alwaysOn) flags.add('neverOff');
    nightMs += nightWithin(inYear, sun.sunset, nextSunrise);
    burnSamples += lit;
    days.push({ date: isoDate(day), hours, burnHours: lit / SAMPLES_PER_HOUR, flags: [...flags] });
  }
  return {
    year,
    days,
    clockShifts: clockShiftsOf(prepared, first, last, place.timezone),
    polarDays,
    burnHours: burnSamples / SAMPLES_PER_HOUR,
    meanLevel: burnSamples === 0 ? 0 : Math.round(levelSum / burnSamples),
    fullLoadHours: levelSum / 100 / SAMPLES_PER_HOUR,
    nightHours: nightMs / 3_600_000,
  };
}

/** What a year preview finds that an engineer should see before applying (spec §5, issue 24's checks). */
export interface ScheduleChecks {
  /** Days lit between sunrise and sunset: §5 does not allow rules between sunrise and sunset. */
  daylightBurnDays: number;
  /** Days with a dark moment between sunset and the next sunrise. */
  darkAfterSunsetDays: number;
  /** Days never off. */
  neverOffDays: number;
  polarDays: number;
  clockShifts: ClockShift[];
}

export function scheduleChecks(preview: YearPreview): ScheduleChecks {
  const daysWith = (flag: PreviewFlag) => preview.days.filter((day) => day.flags.includes(flag)).length;
  return {
    daylightBurnDays: daysWith('daylightBurn'),
    darkAfterSunsetDays: daysWith('darkAfterSunset'),
    neverOffDays: daysWith('neverOff'),
    polarDays: preview.polarDays,
    clockShifts: preview.clockShifts,
  };
}
