const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * A moment as the wall clock of a timezone shows it: the local date as a day number (days since
 * 1970-01-01, so `new Date(day * DAY_MS)` has that date in UTC) and the minutes since its midnight.
 */
export interface LocalMoment {
  day: number;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, format);
  }
  return format;
}

/** The wall clock at `instant`, read as if it were UTC (epoch ms, to the second). */
function wallClock(instant: number, timezone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timezone).formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** How far the timezone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timezone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClock(whole, timezone) - whole;
}

const minuteCache = new Map<string, { minute: number; moment: LocalMoment }>();

/**
 * The local date and time of `nowMs` in `timezone`. Formatted once per minute and timezone, so a
 * whole fleet evaluated at the same moment costs one Intl call.
 */
export function localMoment(nowMs: number, timezone: string): LocalMoment {
  const minute = Math.floor(nowMs / MINUTE_MS);
  const cached = minuteCache.get(timezone);
  if (cached?.minute === minute) return cached.moment;
  const wall = wallClock(minute * MINUTE_MS, timezone);
  const day = Math.floor(wall / DAY_MS);
  const moment = { day, minutes: Math.round((wall - day * DAY_MS) / MINUTE_MS) };
  minuteCache.set(timezone, { minute, moment });
  return moment;
}

/** The offsets in force around one local day, and when they change if they do. */
interface DayOffsets {
  before: number;
  after: number;
  /** First instant with the `after` offset. */
  change: number;
}

const DAYS_KEPT = 8;
const dayOffsets = new Map<string, Map<number, DayOffsets>>();

/** Finds the instant the offset changes between `low` (old offset) and `high` (new), to the second. */
function offsetChange(low: number, high: number, before: number, timezone: string): number {
  let [lo, hi] = [low, high];
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (offsetAt(mid, timezone) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

function offsetsOf(day: number, timezone: string): DayOffsets {
  let days = dayOffsets.get(timezone);
  if (!days) {
    days = new Map();
    dayOffsets.set(timezone, days);
  }
  let found = days.get(day);
  if (!found) {
    // In every zone, a local day lies between 14 h before its UTC midnight and 12 h after the next one.
    const [low, high] = [day * DAY_MS - 14 * HOUR_MS, (day + 1) * DAY_MS + 14 * HOUR_MS];
    const [before, after] = [offsetAt(low, timezone), offsetAt(high, timezone)];
    found = { before, after, change: before === after ? high : offsetChange(low, high, before, timezone) };
    if (days.size >= DAYS_KEPT) days.delete(days.keys().next().value ?? day);
    days.set(day, found);
  }
  return found;
}

/** A daylight-saving change on a local day, as wall-clock minutes past its midnight. */
export interface ClockChange {
  /** `skipped`: the clock jumps forward over [from, to); `repeated`: it reads [from, to) twice. */
  kind: 'skipped' | 'repeated';
  fromMinutes: number;
  toMinutes: number;
}

/**
 * The daylight-saving change on local `day` in `timezone`, or null on a day without one.
 *
 * @example
 * clockChange(dayOfIsoDate('2027-03-28'), 'Europe/Madrid'); // { kind: 'skipped', fromMinutes: 120, toMinutes: 180 }
 */
export function clockChange(day: number, timezone: string): ClockChange | null {
  const { before, after, change } = offsetsOf(day, timezone);
  if (before === after) return null;
  const wallMinutes = (offset: number) => Math.round((change + offset - day * DAY_MS) / MINUTE_MS);
  return after > before
    ? { kind: 'skipped', fromMinutes: wallMinutes(before), toMinutes: wallMinutes(after) }
    : { kind: 'repeated', fromMinutes: wallMinutes(after), toMinutes: wallMinutes(before) };
}

/**
 * The instant at which the wall clock in `timezone` reads `minutes` past midnight of local `day`.
 * A time skipped by a daylight-saving change is moved forward by the change (02:30 on the spring
 * day in Europe/Madrid is 03:30 CEST); a time that happens twice is its first occurrence.
 * Two Intl calls per timezone and day; a day with an offset change costs about twenty more.
 *
 * @example
 * localInstant(Date.UTC(2026, 0, 15) / 86_400_000, 23 * 60, 'Europe/Madrid'); // 2026-01-15T22:00:00Z
 */
export function localInstant(day: number, minutes: number, timezone: string): number {
  const wall = day * DAY_MS + minutes * MINUTE_MS;
  const { before, after, change } = offsetsOf(day, timezone);
  if (wall - before < change) return wall - before;
  if (wall - after >= change) return wall - after;
  // In the gap of a spring change: the old offset carries the time past the change.
  return wall - before;
}

export { dayOfIsoDate } from '../calendar-days';
