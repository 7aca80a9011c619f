import * as SunCalc from 'suncalc';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The sun's centre this far below the horizon is sunrise or sunset (refraction and its radius), as suncalc counts. */
const HORIZON_RAD = (-0.833 * Math.PI) / 180;

/**
 * Sunrise and sunset (epoch ms) of one solar day at one place. Where the sun neither rises nor sets
 * (beyond the polar circles), the day is read so that a light stays right rather than at a made-up
 * time: in **polar night** the sun "sets" and "rises" at solar noon (the night lasts the whole day,
 * from one noon to the next); in **polar day** both fall at the solar midnights round the day
 * (`sunrise` at the one before solar noon, `sunset` at the one after: no night between them).
 */
export interface SunDay {
  day: number;
  sunrise: number;
  sunset: number;
  /** Set on days the sun neither rises nor sets. */
  polar?: 'day' | 'night';
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
  const sunrise = times.sunrise?.getTime();
  const sunset = times.sunset?.getTime();
  if (Number.isFinite(sunrise) && Number.isFinite(sunset)) return { day, sunrise: sunrise!, sunset: sunset! };
  const noon = times.solarNoon.getTime();
  if (SunCalc.getPosition(times.solarNoon, latitude, longitude).altitude < HORIZON_RAD) {
    return { day, sunrise: noon, sunset: noon, polar: 'night' };
  }
  return { day, sunrise: noon - 12 * HOUR_MS, sunset: noon + 12 * HOUR_MS, polar: 'day' };
}
