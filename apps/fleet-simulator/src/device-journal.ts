import { MANUAL_MODE_MAX_HOURS, type CabinetConfiguration, type OperateMode } from '@farola/protocol';
import type { Cabinet } from './cabinet';
import type { OutputSchedule } from './cabinet-schedule';
import type { StoredSchedule } from './calendar-engine';
import type { LightPoint } from './light-point';
import type { ActiveFault, LightFault } from './light-faults';
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

/** A value that held from `from` until `until` (exclusive; Infinity while it still holds). */
export interface Span<T> {
  from: number;
  until: number;
  value: T;
}

/** Spans older than this before the newest are forgotten: the device keeps 12 months of records. */
const KEPT_MS = 400 * 86_400_000;
/** At most this many spans per track: the oldest go first. */
const MAX_SPANS = 2000;
const MANUAL_MS = MANUAL_MODE_MAX_HOURS * 3_600_000;

/**
 * One thing that changes over time, as spans in time order that never overlap. A setting's track
 * always has a value (its first span starts at -Infinity); a passing state's track has gaps.
 */
export class Track<T> {
  readonly spans: Span<T>[] = [];

  constructor(initial?: { value: T }) {
    if (initial) this.spans.push({ from: Number.NEGATIVE_INFINITY, until: Number.POSITIVE_INFINITY, ...initial });
  }

  /** The span holding at `t`, if any. The newest span wins should a clock set back have made two overlap. */
  spanAt(t: number): Span<T> | undefined {
    for (let i = this.spans.length - 1; i >= 0; i -= 1) {
      const span = this.spans[i]!;
      if (span.from <= t) return t < span.until ? span : undefined;
    }
    return undefined;
  }

  /** Ends the last span at `t`, unless it ended before. */
  end(t: number): void {
    const last = this.spans.at(-1);
    if (last && last.until > t) last.until = Math.max(last.from, t);
  }

  /** A new span from `from`; the one before ends there. */
  start(from: number, value: T, until = Number.POSITIVE_INFINITY): void {
    this.end(from);
    this.spans.push({ from, until, value });
    const cutoff = from - KEPT_MS;
    while (this.spans.length > MAX_SPANS || (this.spans.length > 1 && this.spans[0]!.until < cutoff)) {
      this.spans.shift();
    }
  }

  /** The latest change at or before `t` and the first after it: between them nothing on this track changes. */
  bounds(t: number, into: { from: number; until: number }): void {
    for (const span of this.spans) {
      for (const edge of [span.from, span.until]) {
        if (edge <= t) into.from = Math.max(into.from, edge);
        else into.until = Math.min(into.until, edge);
      }
    }
  }
}

/** A light point's journal, created at its first change from the state it was installed in. */
export interface LightPointJournal {
  operateMode: Track<OperateMode>;
  schedule: Track<StoredSchedule | null>;
  /** While a manual switch holds: switched on (true) or off. */
  override: Track<boolean>;
  faults: Map<LightFault, Track<ActiveFault>>;
  /** What the device held when last looked at, to tell a change. */
  seen: { operateMode: OperateMode; schedule: StoredSchedule | null; override: ManualOverride | null };
  seenFaults: Map<LightFault, ActiveFault>;
}

/** A cabinet's journal, from the moment it is created. Per output, indexed like `cabinet.outputs`. */
export interface CabinetJournal {
  schedules: Track<OutputSchedule>[];
  overrides: Track<boolean>[];
  breakers: Track<true>[];
  configuration: Track<CabinetConfiguration>;
  maintenance: Track<true>;
  battery: Track<true>;
  sensor: Track<true>;
  seen: {
    schedules: OutputSchedule[];
    overrides: (ManualOverride | null)[];
    breakers: (number | null | undefined)[];
    configuration: CabinetConfiguration;
    maintenance: number | null | undefined;
    battery: number | null | undefined;
    sensor: number | null | undefined;
  };
}

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
