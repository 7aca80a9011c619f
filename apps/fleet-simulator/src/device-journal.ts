import { MANUAL_MODE_MAX_HOURS } from '@farola/protocol';
import type { StoredSchedule } from '@farola/protocol/schedule-engine';
import type { Cabinet, LightPoint } from './device-state';
import { type CabinetJournal, type LightPointJournal, Track } from './journal-tracks';
import type { ManualOverride } from './metering';

/**
 * What a device's logged data needs to know about its past: when its settings changed and when
 * passing states (a manual switch, a fault, a cabinet on battery) began and ended. Everything else
 * (sun, night curve, calendars, rated power) is a function of time, so the hourly records of any
 * past period are computed on demand from this journal and the same physics the live device runs
 * (`logged-data.ts`). A device nobody touched has no journal at all; a busy one keeps a few dozen
 * spans a year.
 *
 * The journal is kept by looking at the device each time it advances: a command's change is seen
 * at the moment it happens (its changes are published, which advances the device), and a fault or
 * a manual switch is placed at its own start time.
 */

const MANUAL_MS = MANUAL_MODE_MAX_HOURS * 3_600_000;

/** A manual switch as a span: it began MANUAL_MODE_MAX_HOURS before it ends. */
function followOverride(
  track: Track<boolean>,
  seen: ManualOverride | null,
  now: ManualOverride | null,
  nowMs: number,
): void {
  if (now === seen) return;
  if (seen) track.end(nowMs);
  if (now) track.start(now.until - MANUAL_MS, now.on, now.until);
}

/**
 * A passing state held in a map as its end time (`null`: until cleared, `undefined`: not in force),
 * as a cabinet keeps its conditions and tripped breakers.
 */
function followUntil(
  track: Track<true>,
  seen: number | null | undefined,
  now: number | null | undefined,
  nowMs: number,
): void {
  if (now === seen) return;
  if (seen !== undefined) track.end(nowMs);
  if (now !== undefined) track.start(nowMs, true, now ?? Number.POSITIVE_INFINITY);
}

const atInstallation = (lightPoint: LightPoint) =>
  lightPoint.operateMode === lightPoint.spec.operateMode &&
  lightPoint.schedule === null &&
  lightPoint.override === null &&
  lightPoint.faults.active.size === 0;

function startLightPointJournal(lightPoint: LightPoint): LightPointJournal {
  const { operateMode } = lightPoint.spec;
  return {
    operateMode: new Track({ value: operateMode }),
    schedule: new Track<StoredSchedule | null>({ value: null }),
    override: new Track(),
    faults: new Map(),
    seen: { operateMode, schedule: null, override: null },
    seenFaults: new Map(),
  };
}

/** Notes what changed on a light point since it was last looked at, at `nowMs`. */
export function observeLightPoint(lightPoint: LightPoint, nowMs: number): void {
  if (!lightPoint.journal && atInstallation(lightPoint)) return;
  const journal = (lightPoint.journal ??= startLightPointJournal(lightPoint));
  const { seen, seenFaults } = journal;
  if (lightPoint.operateMode !== seen.operateMode) {
    journal.operateMode.start(nowMs, lightPoint.operateMode);
    seen.operateMode = lightPoint.operateMode;
  }
  if (lightPoint.schedule !== seen.schedule) {
    journal.schedule.start(nowMs, lightPoint.schedule);
    seen.schedule = lightPoint.schedule;
  }
  followOverride(journal.override, seen.override, lightPoint.override, nowMs);
  seen.override = lightPoint.override;
  const { active } = lightPoint.faults;
  if (active.size === 0 && seenFaults.size === 0) return;
  for (const fault of new Set([...active.keys(), ...seenFaults.keys()])) {
    const now = active.get(fault);
    const was = seenFaults.get(fault);
    if (now === was) continue;
    let track = journal.faults.get(fault);
    if (!track) journal.faults.set(fault, (track = new Track()));
    if (was) track.end(nowMs);
    // A fault starts when it struck, which may lie between two advances.
    if (now) track.start(now.since, { ...now }, now.until ?? Number.POSITIVE_INFINITY);
    if (now) seenFaults.set(fault, now);
    else seenFaults.delete(fault);
  }
}

/** A cabinet's journal as it is created: its settings from always, nothing passing. */
export function startCabinetJournal(cabinet: Pick<Cabinet, 'outputs' | 'configuration'>): CabinetJournal {
  const { outputs, configuration } = cabinet;
  return {
    schedules: outputs.map((output) => new Track({ value: output.schedule })),
    overrides: outputs.map(() => new Track<boolean>()),
    breakers: outputs.map(() => new Track<true>()),
    configuration: new Track({ value: configuration }),
    maintenance: new Track(),
    battery: new Track(),
    sensor: new Track(),
    seen: {
      schedules: outputs.map((output) => output.schedule),
      overrides: outputs.map(() => null),
      breakers: outputs.map(() => undefined),
      configuration,
      maintenance: undefined,
      battery: undefined,
      sensor: undefined,
    },
  };
}

/** Notes what changed on a cabinet since it was last looked at, at `nowMs`. */
export function observeCabinet(cabinet: Cabinet, nowMs: number): void {
  const { journal, conditions, configuration } = cabinet;
  const { seen } = journal;
  cabinet.outputs.forEach((output, i) => {
    if (output.schedule !== seen.schedules[i]) {
      journal.schedules[i]?.start(nowMs, output.schedule);
      seen.schedules[i] = output.schedule;
    }
    followOverride(journal.overrides[i]!, seen.overrides[i] ?? null, output.override, nowMs);
    seen.overrides[i] = output.override;
    const tripped = conditions.trippedBreakers.get(output.index);
    followUntil(journal.breakers[i]!, seen.breakers[i], tripped, nowMs);
    seen.breakers[i] = tripped;
  });
  if (configuration !== seen.configuration) {
    journal.configuration.start(nowMs, configuration);
    seen.configuration = configuration;
  }
  // Maintenance: the configuration's flag, until its end time if it has one.
  const maintenance = configuration.other.maintenanceMode ? conditions.maintenanceUntil : undefined;
  followUntil(journal.maintenance, seen.maintenance, maintenance, nowMs);
  seen.maintenance = maintenance;
  const battery = conditions.active.get('batteryMode');
  followUntil(journal.battery, seen.battery, battery, nowMs);
  seen.battery = battery;
  const sensor = conditions.active.get('sensorOutputOn');
  followUntil(journal.sensor, seen.sensor, sensor, nowMs);
  seen.sensor = sensor;
}
