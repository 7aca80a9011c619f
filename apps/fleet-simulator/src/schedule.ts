import { MANUAL_MODE_MAX_HOURS } from '@farola/protocol';
import type { SunDay } from '@farola/protocol/schedule-engine';

export { type SunDay, sunDay } from '@farola/protocol/schedule-engine';

export const TIMEZONE = 'Europe/Madrid';

/** Offsets in minutes that an astronomical calendar adds to sunrise and sunset. */
export interface AstroOffsets {
  sunriseOffsetMinutes: number;
  sunsetOffsetMinutes: number;
}

const NO_OFFSETS: AstroOffsets = { sunriseOffsetMinutes: 0, sunsetOffsetMinutes: 0 };

/** Whether the astronomical schedule wants light: from sunset to sunrise, shifted by the offsets. */
export function isNight(nowMs: number, sun: SunDay, offsets: AstroOffsets = NO_OFFSETS): boolean {
  const sunrise = sun.sunrise + offsets.sunriseOffsetMinutes * 60_000;
  const sunset = sun.sunset + offsets.sunsetOffsetMinutes * 60_000;
  return nowMs < sunrise || nowMs >= sunset;
}

/** Spec §4: a manual switch holds for 6 hours (or until 'Restore calendar'), then the schedule takes over. */
export function manualModeUntil(nowMs: number): number {
  return nowMs + MANUAL_MODE_MAX_HOURS * 3_600_000;
}

const localClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIMEZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
let clockCache = { minute: Number.NaN, minutes: 0 };

/** Minutes since local midnight in the fleet's timezone; formatted once per minute for the whole fleet. */
export function localMinutesOfDay(nowMs: number): number {
  const minute = Math.floor(nowMs / 60_000);
  if (clockCache.minute !== minute) {
    const [hours = '0', minutes = '0'] = localClock.format(new Date(nowMs)).split(':');
    clockCache = { minute, minutes: Number(hours) * 60 + Number(minutes) };
  }
  return clockCache.minutes;
}

/** The night dimming curve: full at dusk, 70 % after 23:00, 50 % from 01:00 to 05:00, full before dawn. */
export function curveLevel(localMinutes: number): number {
  const hour = Math.floor(localMinutes / 60);
  if (hour >= 23 || hour < 1) return 70;
  if (hour < 5) return 50;
  return 100;
}

/** A fixed-time calendar rule: from `time` (HH:mm) on, dim to `dimming`. */
export interface CalendarRule {
  time: string;
  dimming: number;
}

/** The level a fixed-time calendar sets now: the last rule that started, wrapping round midnight. */
export function calendarLevel(rules: readonly CalendarRule[], localMinutes: number): number {
  const starts = rules
    .map((rule) => {
      const [h = '0', m = '0'] = rule.time.split(':');
      return { start: Number(h) * 60 + Number(m), dimming: rule.dimming };
    })
    .sort((a, b) => a.start - b.start);
  const started = starts.filter((rule) => rule.start <= localMinutes);
  return (started.at(-1) ?? starts.at(-1))?.dimming ?? 0;
}
