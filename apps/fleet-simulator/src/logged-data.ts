import { floorHour, LOG_HOUR_MS, type LogRecord, logRetentionStart } from '@farola/protocol';
import { type Cabinet, cabinetOutputOn, cabinetTimeZone, type CabinetOutput, SELF_CONSUMPTION_W } from './cabinet';
import { breakerTripped, conditionActive } from './cabinet-alarms';
import { CONFIGURED_ASTRO, minutesOfDayIn } from './cabinet-schedule';
import type { StoredSchedule } from './calendar-engine';
import { observeCabinet, observeLightPoint, type Track } from './device-journal';
import type { SimDevice } from './device';
import { blankLampState, evaluateLampState, type LampState, lampPowerW, type LightPoint } from './light-point';
import { round } from './metering';

/**
 * A device's logged data: hourly records of its energy, operating hours and switching state,
 * computed on demand for any past period from the same physics the live device runs
 * (`evaluateLampState`, `lampPowerW`, `cabinetOutputOn`, …), applied to a copy of the device that
 * holds, at each moment, the settings and passing states its journal says it had then
 * (`device-journal.ts`). Nothing is stored per hour, so 100,000 devices keep 12 months of
 * records in the memory their journals take.
 *
 * The state is sampled at the start of every minute and held for that minute, as a device advanced
 * every minute integrates it. An hour in which nothing can change (no sunrise or sunset, no journal
 * change, no calendar, no flapping lamp, no fixed cabinet rule) is recognised from its first and last
 * minute and evaluated once.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = LOG_HOUR_MS;

/** The span around the moment last asked for in which a past copy's settings do not change. */
interface Epoch {
  from: number;
  until: number;
}

const emptyEpoch = (): Epoch => ({ from: Number.POSITIVE_INFINITY, until: Number.NEGATIVE_INFINITY });
const wholeTime = (): Epoch => ({ from: Number.NEGATIVE_INFINITY, until: Number.POSITIVE_INFINITY });

function holding<T>(track: Track<T>, t: number, epoch: Epoch): T | undefined {
  track.bounds(t, epoch);
  return track.spanAt(t)?.value;
}

/** Its end time as a cabinet's maps keep it: null for 'until cleared'. */
function untilOf(track: Track<true>, t: number, epoch: Epoch): number | null | undefined {
  track.bounds(t, epoch);
  const span = track.spanAt(t);
  if (!span) return undefined;
  return Number.isFinite(span.until) ? span.until : null;
}

/** A cabinet as it stood at a past moment: a copy of the live one with its journal's state of then. */
class PastCabinet {
  readonly view: Cabinet;
  private epoch = emptyEpoch();

  constructor(private readonly live: Cabinet) {
    this.view = {
      ...live,
      lightPoints: [],
      outputs: live.outputs.map((output): CabinetOutput => ({ ...output, override: null })),
      conditions: {
        active: new Map(),
        trippedBreakers: new Map(),
        maintenanceUntil: null,
        pending: [],
        drawnUntilMs: 0,
      },
      staleValues: null,
    };
    delete this.view.sun;
  }

  get stableUntil(): number {
    return this.epoch.until;
  }

  at(t: number): Cabinet {
    if (t < this.epoch.from || t >= this.epoch.until) this.rebuild(t);
    return this.view;
  }

  private rebuild(t: number): void {
    const { journal } = this.live;
    const { view } = this;
    const epoch = wholeTime();
    const { active, trippedBreakers } = view.conditions;
    trippedBreakers.clear();
    view.outputs.forEach((output, i) => {
      output.schedule = holding(journal.schedules[i]!, t, epoch) ?? CONFIGURED_ASTRO;
      const on = journal.overrides[i]!.spanAt(t);
      journal.overrides[i]!.bounds(t, epoch);
      output.override = on ? { on: on.value, until: on.until } : null;
      const tripped = untilOf(journal.breakers[i]!, t, epoch);
      if (tripped !== undefined) trippedBreakers.set(output.index, tripped);
    });
    const configuration = holding(journal.configuration, t, epoch) ?? this.live.configuration;
    const maintenance = untilOf(journal.maintenance, t, epoch) !== undefined;
    view.configuration =
      configuration.other.maintenanceMode === maintenance
        ? configuration
        : { ...configuration, other: { ...configuration.other, maintenanceMode: maintenance } };
    active.clear();
    const battery = untilOf(journal.battery, t, epoch);
    if (battery !== undefined) active.set('batteryMode', battery);
    const sensor = untilOf(journal.sensor, t, epoch);
    if (sensor !== undefined) active.set('sensorOutputOn', sensor);
    // The configuration may place the sun elsewhere.
    delete view.sun;
    this.epoch = epoch;
  }
}

/** A light point as it stood at a past moment, fed by its cabinet as it stood then. */
class PastLightPoint {
  readonly view: LightPoint;
  private epoch = emptyEpoch();
  private calendars = new Map<StoredSchedule, StoredSchedule>();

  constructor(
    private readonly live: LightPoint,
    private readonly cabinet: PastCabinet | null,
  ) {
    this.view = {
      ...live,
      cabinet: cabinet?.view ?? null,
      transientLevel: null,
      override: null,
      schedule: null,
      faults: { ...live.faults, active: new Map() },
      held: blankLampState(),
    };
    delete this.view.sun;
  }

  /** Until when nothing the journals hold changes, from the moment last asked for. */
  get stableUntil(): number {
    return Math.min(this.epoch.until, this.cabinet?.stableUntil ?? Number.POSITIVE_INFINITY);
  }

  at(t: number): LightPoint {
    this.cabinet?.at(t);
    if (t < this.epoch.from || t >= this.epoch.until) this.rebuild(t);
    return this.view;
  }

  /** A calendar copy of its own, so that resolving past nights leaves the live device's cache alone. */
  private calendar(schedule: StoredSchedule | null): StoredSchedule | null {
    if (!schedule) return null;
    let copy = this.calendars.get(schedule);
    if (!copy) this.calendars.set(schedule, (copy = { ...schedule, resolved: null, resolutions: 0 }));
    return copy;
  }

  private rebuild(t: number): void {
    const { journal, spec } = this.live;
    const { view } = this;
    const epoch = wholeTime();
    view.faults.active.clear();
    // Untouched since installation: as it was installed.
    view.operateMode = journal ? (holding(journal.operateMode, t, epoch) ?? spec.operateMode) : spec.operateMode;
    view.schedule = journal ? this.calendar(holding(journal.schedule, t, epoch) ?? null) : null;
    const manual = journal?.override.spanAt(t);
    journal?.override.bounds(t, epoch);
    view.override = manual ? { on: manual.value, until: manual.until } : null;
    for (const [fault, track] of journal?.faults ?? []) {
      const active = holding(track, t, epoch);
      if (active) view.faults.active.set(fault, active);
    }
    this.epoch = epoch;
  }
}

/** Whether a fixed rule of one of the cabinet's outputs starts strictly inside [t0, t1), or the clock jumps. */
function fixedRuleWithin(cabinet: Cabinet, t0: number, last: number): boolean {
  const fixed = cabinet.outputs.filter((output) => output.schedule.kind === 'fixed');
  if (fixed.length === 0) return false;
  const zone = cabinetTimeZone(cabinet);
  const first = minutesOfDayIn(zone, t0);
  const minutes = Math.round((last - t0) / MINUTE_MS);
  // A daylight-saving change inside the window: take it minute by minute.
  if ((minutesOfDayIn(zone, last) - first + 1440) % 1440 !== minutes) return true;
  return fixed.some(
    ({ schedule }) =>
      schedule.kind === 'fixed' &&
      schedule.rules.some((rule) => {
        const [h = '0', m = '0'] = rule.time.split(':');
        const offset = (Number(h) * 60 + Number(m) - first + 1440) % 1440;
        return offset > 0 && offset <= minutes;
      }),
  );
}

/** A light point's sums over a window of time. */
interface LampTally {
  energyWh: number;
  litMs: number;
  onMs: number;
  /** The commanded level times the time it was held while switched on. */
  dimmingMs: number;
}

const blankTally = (): LampTally => ({ energyWh: 0, litMs: 0, onMs: 0, dimmingMs: 0 });

/** Evaluates one past light point at moments and adds what it drew and did to tallies. */
class LampSampler {
  private readonly state: LampState = blankLampState();

  constructor(readonly past: PastLightPoint) {}

  /** The state at `t`, as a key: two moments with the same key draw the same power. */
  key(t: number): string {
    const { state } = this;
    evaluateLampState(this.past.at(t), t, state);
    return `${Number(state.mains)}${Number(state.relayClosed)}:${state.dimming}:${state.outputLevel}`;
  }

  /** Whether nothing can change between `t0` and `last` except what shows at both ends. */
  steady(t0: number, t1: number, last: number): boolean {
    const view = this.past.at(t0);
    if (this.past.stableUntil < t1 || view.schedule !== null || view.faults.active.has('cycling')) return false;
    return !(view.cabinet && fixedRuleWithin(view.cabinet, t0, last));
  }

  /** Adds the state at `t`, held for `weightMs`, to `tally`; answers its power in W. */
  add(t: number, weightMs: number, tally: LampTally): number {
    const view = this.past.at(t);
    const { state } = this;
    evaluateLampState(view, t, state);
    const powerW = lampPowerW(view, state);
    tally.energyWh += (powerW * weightMs) / HOUR_MS;
    if (state.lit) tally.litMs += weightMs;
    if (state.mains && state.relayClosed) {
      tally.onMs += weightMs;
      tally.dimmingMs += state.dimming * weightMs;
    }
    return powerW;
  }
}

interface CabinetTally {
  energyWh: number;
  /** Some output on. */
  onMs: number;
  outputs: { energyWh: number; onMs: number }[];
}

/** Evaluates a past cabinet and the light points it feeds, output by output. */
class CabinetSampler {
  private readonly scratch = blankTally();

  constructor(
    readonly past: PastCabinet,
    /** The samplers of the light points on each output, indexed like `cabinet.outputs`. */
    private readonly fed: LampSampler[][],
  ) {}

  blank(): CabinetTally {
    return { energyWh: 0, onMs: 0, outputs: this.fed.map(() => ({ energyWh: 0, onMs: 0 })) };
  }

  key(t: number): string {
    const view = this.past.at(t);
    const outputs = view.outputs.map(({ index }) => Number(cabinetOutputOn(view, index, t))).join('');
    return `${Number(conditionActive(view, 'batteryMode', t))}${outputs}|${this.fed
      .map((samplers) => samplers.map((sampler) => sampler.key(t)).join(','))
      .join('|')}`;
  }

  steady(t0: number, t1: number, last: number): boolean {
    const view = this.past.at(t0);
    if (this.past.stableUntil < t1 || fixedRuleWithin(view, t0, last)) return false;
    return this.fed.every((samplers) => samplers.every((sampler) => sampler.steady(t0, t1, last)));
  }

  add(t: number, weightMs: number, tally: CabinetTally): void {
    const view = this.past.at(t);
    const mains = !conditionActive(view, 'batteryMode', t);
    let circuitsW = 0;
    let anyOn = false;
    view.outputs.forEach(({ index }, i) => {
      const output = tally.outputs[i]!;
      const flowing = mains && !breakerTripped(view, index, t);
      let outputW = 0;
      for (const sampler of this.fed[i] ?? []) outputW += sampler.add(t, weightMs, this.scratch);
      if (flowing) {
        output.energyWh += (outputW * weightMs) / HOUR_MS;
        circuitsW += outputW;
      }
      if (cabinetOutputOn(view, index, t)) {
        output.onMs += weightMs;
        anyOn = true;
      }
    });
    // On battery the mains meter sees nothing: the electronics draw from the battery.
    if (mains) tally.energyWh += ((SELF_CONSUMPTION_W + circuitsW) * weightMs) / HOUR_MS;
    if (anyOn) tally.onMs += weightMs;
  }
}

interface Sampler<T> {
  key(t: number): string;
  steady(t0: number, t1: number, last: number): boolean;
  add(t: number, weightMs: number, tally: T): unknown;
}

/** Sums a window [t0, t1) of at most an hour: once when nothing changes in it, else minute by minute. */
function tallyWindow<T>(sampler: Sampler<T>, t0: number, t1: number, tally: T): T {
  const last = t0 + (Math.ceil((t1 - t0) / MINUTE_MS) - 1) * MINUTE_MS;
  if (last > t0 && sampler.steady(t0, t1, last) && sampler.key(t0) === sampler.key(last)) {
    sampler.add(t0, t1 - t0, tally);
    return tally;
  }
  for (let t = t0; t < t1; t += MINUTE_MS) sampler.add(t, Math.min(MINUTE_MS, t1 - t), tally);
  return tally;
}

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
