import { floorHour, LOG_HOUR_MS, type LogRecord, logRetentionStart } from '@farola/protocol';
import { observeCabinet, observeLightPoint } from './device-journal';
import type { Cabinet, LightPoint, SimDevice } from './device-state';
import { blankTally, CabinetSampler, LampSampler, tallyWindow } from './log-samplers';
import { round } from './metering';
import { PastCabinet, PastLightPoint } from './past-device';

/**
 * A device's logged data: hourly records of its energy, operating hours and switching state,
 * computed on demand for any past period from the same physics the live device runs
 * (`evaluateLampState`, `lampPowerW`, `cabinetOutputOn`, …), applied to a copy of the device that
 * holds, at each moment, the settings and passing states its journal says it had then
 * (`device-journal.ts`, `past-device.ts`). Nothing is stored per hour, so 100,000 devices keep
 * 12 months of records in the memory their journals take.
 *
 * The state is sampled at the start of every minute and held for that minute, as a device advanced
 * every minute integrates it. An hour in which nothing can change (no sunrise or sunset, no journal
 * change, no calendar, no flapping lamp, no fixed cabinet rule) is recognised from its first and last
 * minute and evaluated once (`log-samplers.ts`).
 */

const HOUR_MS = LOG_HOUR_MS;

const share = (ms: number) => round(ms / HOUR_MS, 4);
const kWh = (wh: number) => round(wh / 1000, 5);

/** Sums over a span of time: what the meter counted, the operating hours, and each cabinet output's energy. */
export interface LogTotals {
  energyKWh: number;
  operatingHours: number;
  /** Cabinets: per output, indexed like `cabinet.outputs`. */
  outputsKWh: number[];
}

/** Computes a device's records; build one per request, as it keeps the past copies it makes. */
export interface LogComputer {
  /** The record of the hour starting at `hourMs`, counting only its part from `fromMs` on. */
  record(hourMs: number, fromMs?: number): LogRecord;
  /** The sums over [fromMs, untilMs), any length, unrounded. */
  totals(fromMs: number, untilMs: number): LogTotals;
}

/** Each hour's part of [fromMs, untilMs), in order. */
function* windows(fromMs: number, untilMs: number): Generator<[number, number]> {
  for (let hour = floorHour(fromMs); hour < untilMs; hour += HOUR_MS) {
    yield [Math.max(hour, fromMs), Math.min(hour + HOUR_MS, untilMs)];
  }
}

function lightPointComputer(lightPoint: LightPoint): LogComputer {
  const cabinet = lightPoint.cabinet ? new PastCabinet(lightPoint.cabinet) : null;
  const sampler = new LampSampler(new PastLightPoint(lightPoint, cabinet));
  return {
    record(hourMs, fromMs = hourMs) {
      const tally = tallyWindow(sampler, Math.max(hourMs, fromMs), hourMs + HOUR_MS, blankTally());
      return {
        hour: new Date(hourMs).toISOString(),
        energy: kWh(tally.energyWh),
        operatingHours: share(tally.litMs),
        onShare: share(tally.onMs),
        dimming: tally.onMs > 0 ? round(tally.dimmingMs / tally.onMs, 1) : 0,
      };
    },
    totals(fromMs, untilMs) {
      const tally = blankTally();
      for (const [t0, t1] of windows(fromMs, untilMs)) tallyWindow(sampler, t0, t1, tally);
      return { energyKWh: tally.energyWh / 1000, operatingHours: tally.litMs / HOUR_MS, outputsKWh: [] };
    },
  };
}

function cabinetComputer(cabinet: Cabinet): LogComputer {
  const past = new PastCabinet(cabinet);
  const fed = cabinet.outputs.map(({ index }) =>
    cabinet.lightPoints
      .filter((lightPoint) => lightPoint.spec.output === index)
      .map((lightPoint) => new LampSampler(new PastLightPoint(lightPoint, past))),
  );
  const sampler = new CabinetSampler(past, fed);
  return {
    record(hourMs, fromMs = hourMs) {
      const t0 = Math.max(hourMs, fromMs);
      const tally = tallyWindow(sampler, t0, hourMs + HOUR_MS, sampler.blank());
      return {
        hour: new Date(hourMs).toISOString(),
        energy: kWh(tally.energyWh),
        // The controller's electronics run around the clock, on battery too.
        operatingHours: share(hourMs + HOUR_MS - t0),
        onShare: share(tally.onMs),
        outputs: cabinet.outputs.map(({ index }, i) => ({
          index,
          energy: kWh(tally.outputs[i]!.energyWh),
          onShare: share(tally.outputs[i]!.onMs),
        })),
      };
    },
    totals(fromMs, untilMs) {
      const tally = sampler.blank();
      for (const [t0, t1] of windows(fromMs, untilMs)) tallyWindow(sampler, t0, t1, tally);
      return {
        energyKWh: tally.energyWh / 1000,
        operatingHours: Math.max(0, untilMs - fromMs) / HOUR_MS,
        outputsKWh: tally.outputs.map((output) => output.energyWh / 1000),
      };
    },
  };
}

/**
 * What computes the device's records. It first notes any change the device has not been advanced
 * past yet, so that a command's change counts from the moment it happened.
 */
export function logComputer(device: SimDevice, nowMs: number): LogComputer {
  if (device.kind === 'light-point') {
    if (device.cabinet) observeCabinet(device.cabinet, nowMs);
    observeLightPoint(device, nowMs);
    return lightPointComputer(device);
  }
  observeCabinet(device, nowMs);
  for (const lightPoint of device.lightPoints) observeLightPoint(lightPoint, nowMs);
  return cabinetComputer(device);
}

/**
 * The hours a device holds at `nowMs` among those that overlap [fromMs, toMs): complete ones, within
 * the last `LOG_RETENTION_MONTHS` months and from the hour it was installed in on.
 *
 * @example
 * const { first, count } = loggedHours(device, Date.parse('2026-01-14T00:00:00Z'), Date.parse('2026-01-15T00:00:00Z'), clock.now());
 */
export function loggedHours(
  device: SimDevice,
  fromMs: number,
  toMs: number,
  nowMs: number,
): { first: number; count: number } {
  const first = Math.max(floorHour(fromMs), floorHour(device.installedAtMs), floorHour(logRetentionStart(nowMs)));
  const end = Math.min(Math.ceil(toMs / HOUR_MS) * HOUR_MS, floorHour(nowMs));
  return { first, count: Math.max(0, (end - first) / HOUR_MS) };
}
