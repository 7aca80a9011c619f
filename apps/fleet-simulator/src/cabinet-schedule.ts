import type { OutputSchedule as ReportedSchedule } from '@farola/protocol';
import type { AstroOffsets, CalendarRule } from './schedule';

/**
 * How one cabinet output follows the clock when nobody overrides it: fixed rules (mode 1, User), or
 * sunset to sunrise (mode 0, Astro) shifted by its own offsets, or by the configuration's when
 * `offsets` is null.
 */
export type OutputSchedule =
  { kind: 'fixed'; rules: readonly CalendarRule[] } | { kind: 'astro'; offsets: AstroOffsets | null };

/** A factory-fresh output: astronomical, with the configuration's sunrise and sunset offsets. */
export const CONFIGURED_ASTRO: OutputSchedule = { kind: 'astro', offsets: null };

/**
 * The schedule as the `outputs` attribute reports it: the rules, or the offsets in force, the
 * output's own or else `configured` (the cabinet configuration's).
 */
export function reportedSchedule(schedule: OutputSchedule, configured: AstroOffsets): ReportedSchedule {
  if (schedule.kind === 'fixed') return { kind: 'fixed', rules: schedule.rules.map((rule) => ({ ...rule })) };
  const { sunriseOffsetMinutes, sunsetOffsetMinutes } = schedule.offsets ?? configured;
  return { kind: 'astro', sunriseOffsetMinutes, sunsetOffsetMinutes };
}

const minutesOf = (time: string) => {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
};

/**
 * The level fixed rules set at `localMinutes` after midnight: the last rule that has started. The
 * first rule holds from 00:00 until the next one (spec §9), so nothing wraps round from yesterday.
 */
export function fixedScheduleLevel(rules: readonly CalendarRule[], localMinutes: number): number {
  let level = rules[0]?.dimming ?? 0;
  for (const rule of rules) if (minutesOf(rule.time) <= localMinutes) level = rule.dimming;
  return level;
}

const clocks = new Map<string, { format: Intl.DateTimeFormat; minute: number; minutes: number }>();

/** Minutes since local midnight in `timeZone`, formatted at most once per minute and zone for the fleet. */
export function minutesOfDayIn(timeZone: string, nowMs: number): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    const format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clock = { format, minute: Number.NaN, minutes: 0 };
    clocks.set(timeZone, clock);
  }
  const minute = Math.floor(nowMs / 60_000);
  if (clock.minute !== minute) {
    clock.minute = minute;
    clock.minutes = minutesOf(clock.format.format(new Date(nowMs)));
  }
  return clock.minutes;
}
