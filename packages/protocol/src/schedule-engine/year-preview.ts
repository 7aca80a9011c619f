import type { Schedule } from '../scheduling';
import { calendarEngineLevel, type Position, prepareSchedule } from './calendar-engine';
import { localInstant } from './local-time';
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

export interface YearPreview {
  year: number;
  days: PreviewDay[];
  /** Hours lit in the year. */
  burnHours: number;
  /** The light's energy relative to burning at 100 % every hour lit: the mean level over the lit samples. */
  meanLevel: number;
}

const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

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
  for (let day = first; day < last; day += 1) {
    const sun = sunDay(localInstant(day, 12 * 60, place.timezone), place.latitude, place.longitude);
    const nextSunrise = sunDay(localInstant(day + 1, 12 * 60, place.timezone), place.latitude, place.longitude).sunrise;
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
    burnSamples += lit;
    days.push({ date: isoDate(day), hours, burnHours: lit / SAMPLES_PER_HOUR, flags: [...flags] });
  }
  return {
    year,
    days,
    burnHours: burnSamples / SAMPLES_PER_HOUR,
    meanLevel: burnSamples === 0 ? 0 : Math.round(levelSum / burnSamples),
  };
}
