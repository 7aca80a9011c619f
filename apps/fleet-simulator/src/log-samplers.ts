import { cabinetOutputOn, cabinetTimeZone, SELF_CONSUMPTION_W } from './cabinet';
import { breakerTripped, conditionActive } from './cabinet-alarms';
import { minutesOfDayIn } from './cabinet-schedule';
import type { Cabinet, LampState } from './device-state';
import { blankLampState, evaluateLampState, lampPowerW } from './light-point';
import type { PastCabinet, PastLightPoint } from './past-device';

/**
 * How the logged data sums a window of time (at most an hour): the state of a past device sampled
 * at the start of each minute and held for that minute, as a device advanced every minute
 * integrates it; or once, when nothing can change within the window.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

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
export interface LampTally {
  energyWh: number;
  litMs: number;
  onMs: number;
  /** The commanded level times the time it was held while switched on. */
  dimmingMs: number;
}

export const blankTally = (): LampTally => ({ energyWh: 0, litMs: 0, onMs: 0, dimmingMs: 0 });

/** Evaluates one past light point at moments and adds what it drew and did to tallies. */
export class LampSampler {
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

export interface CabinetTally {
  energyWh: number;
  /** Some output on. */
  onMs: number;
  outputs: { energyWh: number; onMs: number }[];
}

/** Evaluates a past cabinet and the light points it feeds, output by output. */
export class CabinetSampler {
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
export function tallyWindow<T>(sampler: Sampler<T>, t0: number, t1: number, tally: T): T {
  const last = t0 + (Math.ceil((t1 - t0) / MINUTE_MS) - 1) * MINUTE_MS;
  if (last > t0 && sampler.steady(t0, t1, last) && sampler.key(t0) === sampler.key(last)) {
    sampler.add(t0, t1 - t0, tally);
    return tally;
  }
  for (let t = t0; t < t1; t += MINUTE_MS) sampler.add(t, Math.min(MINUTE_MS, t1 - t), tally);
  return tally;
}
