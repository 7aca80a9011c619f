import type { AttributeValues } from '@farola/protocol';
import type { DeviceSpec } from './device-spec';
import { round } from './metering';
import type { Random } from './random';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const METRES_PER_DEGREE = 111_320;

/** The receiver is duty-cycled to save power: a fresh fix every 15 minutes, or when `readLocation` asks. */
export const GPS_FIX_INTERVAL_MS = 15 * MINUTE_MS;
/** Light points between tall buildings on narrow streets, whose receiver loses the sky now and then. */
export const URBAN_CANYON_SHARE = 0.04;

/** How a receiver sees the sky: how long fixes and outages last on average, and the fixes' quality. */
interface Sky {
  meanFixMs: number;
  meanOutageMs: number;
  satellites: readonly [number, number];
  uncertaintyM: readonly [number, number];
}

const OPEN_SKY: Sky = {
  meanFixMs: 60 * DAY_MS,
  meanOutageMs: 20 * MINUTE_MS,
  satellites: [7, 12],
  uncertaintyM: [1.8, 5],
};
const URBAN_CANYON: Sky = {
  meanFixMs: 5 * HOUR_MS,
  meanOutageMs: 90 * MINUTE_MS,
  satellites: [4, 7],
  uncertaintyM: [6, 25],
};

/** A light point's GPS receiver: the last fix, and when it next loses or regains the sky. */
export interface GpsState {
  sky: Sky;
  hasFix: boolean;
  /** When the fix is next lost (with a fix) or regained (without one). */
  nextChangeMs: number;
  /** Earliest moment `advanceGps` has something to do. */
  nextEventMs: number;
  fixAtMs: number;
  /** `gpsTime`: the last fix's time as ISO-8601, formatted once per fix. */
  fixIso: string;
  latitude: number;
  longitude: number;
  altitude: number;
  uncertainty: number;
  /** Satellites in view: those of the fix, or the few still seen without one. */
  satellites: number;
  /** The fix last sent, so that a change report adds a newer one. */
  reportedFixAtMs: number;
}

const exponential = (random: Random, meanMs: number) => -Math.log(1 - random.next()) * meanMs;

function scheduleNext(gps: GpsState): void {
  gps.nextEventMs = Math.min(gps.nextChangeMs, gps.hasFix ? gps.fixAtMs + GPS_FIX_INTERVAL_MS : Infinity);
}

/** A fix at `atMs`: the surveyed position plus an error within the fix's uncertainty (vertical is worse). */
function takeFixAt(gps: GpsState, spec: DeviceSpec, random: Random, atMs: number): void {
  const { sky } = gps;
  const uncertainty = random.between(sky.uncertaintyM[0], sky.uncertaintyM[1]);
  const northM = random.between(-0.5, 0.5) * uncertainty;
  const eastM = random.between(-0.5, 0.5) * uncertainty;
  gps.hasFix = true;
  gps.fixAtMs = Math.floor(atMs / 1000) * 1000;
  gps.fixIso = new Date(gps.fixAtMs).toISOString();
  gps.uncertainty = round(uncertainty, 1);
  gps.satellites = random.int(sky.satellites[0], sky.satellites[1]);
  gps.latitude = round(spec.latitude + northM / METRES_PER_DEGREE, 7);
  gps.longitude = round(spec.longitude + eastM / (METRES_PER_DEGREE * Math.cos((spec.latitude * Math.PI) / 180)), 7);
  gps.altitude = round((spec.altitude ?? 0) + random.between(-1.5, 1.5) * uncertainty, 1);
  scheduleNext(gps);
}

function loseFix(gps: GpsState, random: Random): void {
  gps.hasFix = false;
  gps.satellites = random.int(0, 3);
  scheduleNext(gps);
}

/** A receiver with a fresh fix; a few light points stand in urban canyons and lose it now and then. */
export function createGps(spec: DeviceSpec, random: Random, nowMs: number): GpsState {
  const sky = random.chance(URBAN_CANYON_SHARE) ? URBAN_CANYON : OPEN_SKY;
  const gps: GpsState = {
    sky,
    hasFix: true,
    nextChangeMs: nowMs + exponential(random, sky.meanFixMs),
    nextEventMs: nowMs,
    fixAtMs: nowMs,
    fixIso: '',
    latitude: spec.latitude,
    longitude: spec.longitude,
    altitude: spec.altitude ?? 0,
    uncertainty: 0,
    satellites: 0,
    reportedFixAtMs: Number.NEGATIVE_INFINITY,
  };
  takeFixAt(gps, spec, random, nowMs);
  return gps;
}

/**
 * Brings the receiver up to `nowMs` (simulated): losses and recoveries of the sky at their drawn
 * moments, then the latest periodic fix. Call it only when `nowMs >= gps.nextEventMs`.
 */
export function advanceGps(gps: GpsState, spec: DeviceSpec, random: Random, nowMs: number): void {
  while (nowMs >= gps.nextChangeMs) {
    const at = gps.nextChangeMs;
    if (gps.hasFix) {
      gps.nextChangeMs = at + exponential(random, gps.sky.meanOutageMs);
      loseFix(gps, random);
    } else {
      gps.nextChangeMs = at + exponential(random, gps.sky.meanFixMs);
      takeFixAt(gps, spec, random, at);
    }
  }
  if (gps.hasFix && nowMs >= gps.fixAtMs + GPS_FIX_INTERVAL_MS) {
    const periods = Math.floor((nowMs - gps.fixAtMs) / GPS_FIX_INTERVAL_MS);
    takeFixAt(gps, spec, random, gps.fixAtMs + periods * GPS_FIX_INTERVAL_MS);
  }
  scheduleNext(gps);
}

/** `readLocation`: a fix now, or false when the receiver has no sky. */
export function readFix(gps: GpsState, spec: DeviceSpec, random: Random, nowMs: number): boolean {
  if (!gps.hasFix) return false;
  takeFixAt(gps, spec, random, nowMs);
  return true;
}

/**
 * On demand (tests, a control interface): the receiver loses the sky for `outageMs` (else a drawn
 * outage), or regains it at once.
 */
export function setGpsFix(
  gps: GpsState,
  spec: DeviceSpec,
  random: Random,
  hasFix: boolean,
  nowMs: number,
  outageMs?: number,
): void {
  if (hasFix) {
    gps.nextChangeMs = nowMs + exponential(random, gps.sky.meanFixMs);
    takeFixAt(gps, spec, random, nowMs);
    return;
  }
  gps.nextChangeMs = nowMs + (outageMs ?? exponential(random, gps.sky.meanOutageMs));
  loseFix(gps, random);
}

/**
 * Writes the receiver's attributes into `values`: always the satellites in view and the time of the
 * last fix; the position, altitude and uncertainty only with a fix (a device without one does not
 * report a position).
 */
export function writeGpsValues(gps: GpsState, values: AttributeValues): void {
  values.satellites = gps.satellites;
  values.gpsTime = gps.fixIso;
  if (!gps.hasFix) return;
  values.latitude = gps.latitude;
  values.longitude = gps.longitude;
  values.altitude = gps.altitude;
  values.uncertainty = gps.uncertainty;
  gps.reportedFixAtMs = gps.fixAtMs;
}

/** Whether the receiver holds a fix not yet reported, which a change report then carries. */
export function hasUnreportedFix(gps: GpsState): boolean {
  return gps.hasFix && gps.fixAtMs > gps.reportedFixAtMs;
}
