import * as SunCalc from 'suncalc';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Sunrise and sunset (epoch ms) of one solar day at one place. */
export interface SunDay {
  day: number;
  sunrise: number;
  sunset: number;
}

/** The solar day a moment falls in at a longitude, so a cache can tell when to recompute. */
function solarDay(nowMs: number, longitude: number): number {
  return Math.floor((nowMs + (longitude / 15) * HOUR_MS) / DAY_MS);
}

/** Today's sunrise and sunset at a place, reusing `cached` while the solar day is the same. */
export function sunDay(nowMs: number, latitude: number, longitude: number, cached?: SunDay): SunDay {
  const day = solarDay(nowMs, longitude);
  if (cached?.day === day) return cached;
  const times = SunCalc.getTimes(new Date(nowMs), latitude, longitude);
  const noon = times.solarNoon.getTime();
  // Polar day or night has no sunrise; a 12-hour night keeps the schedule usable there.
  return {
    day,
    sunrise: times.sunrise?.getTime() ?? noon - 6 * HOUR_MS,
    sunset: times.sunset?.getTime() ?? noon + 6 * HOUR_MS,
  };
}
