import type { Random } from './random';

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;

/**
 * Lamp and supply faults of a light point (communication loss is the runtime's business):
 * - `lampFailure`: the LED module is dead; switched on, the luminaire draws only its driver's no-load power.
 * - `dayBurner`: the node believes it is always night, so a curve mode lights the lamp in daylight.
 * - `cycling`: thermal protection trips; the lamp flaps on and off every few minutes while switched on.
 * - `dimmingFailure`: the driver ignores the dimming signal and holds one level.
 * - `relayStuck`: the relay stays closed (lamp at least at its minimum level) or open, whatever is commanded.
 * - `lowPowerFactor`: the driver's power-factor correction has aged.
 * - `voltageOutOfRange`: the supply sits outside 230 V ± 10 % (EN 50160), high or low.
 */
export const LIGHT_FAULTS = [
  'lampFailure',
  'dayBurner',
  'cycling',
  'dimmingFailure',
  'relayStuck',
  'lowPowerFactor',
  'voltageOutOfRange',
] as const;
export type LightFault = (typeof LIGHT_FAULTS)[number];

/** What shapes each fault; drawn when not given. */
export interface LightFaultParams {
  lampFailure: Record<string, never>;
  dayBurner: Record<string, never>;
  cycling: { periodMinutes: number; onShare: number };
  dimmingFailure: { level: number };
  relayStuck: { closed: boolean };
  lowPowerFactor: { powerFactor: number };
  voltageOutOfRange: { volts: number };
}

export interface ActiveFault<F extends LightFault = LightFault> {
  fault: F;
  since: number;
  /** When a maintenance crew repairs it; null: until `clearFault`. */
  until: number | null;
  params: LightFaultParams[F];
}

/** Faults per device and year, per fault. */
export type FaultRates = Readonly<Record<LightFault, number>>;

/** A light point's faults: those active, and when the next one starts. */
export interface FaultState {
  active: Map<LightFault, ActiveFault>;
  rates: FaultRates;
  nextOnsetMs: number;
  /** Earliest onset or repair: `advanceFaults` has nothing to do before it. */
  nextEventMs: number;
}

/** What a fault is injected into or cleared from: a light point's faults and its random stream. */
export interface FaultTarget {
  faults: FaultState;
  random: Random;
}

/** The same rate for every fault. */
export function uniformFaultRates(perYear: number): FaultRates {
  return Object.fromEntries(LIGHT_FAULTS.map((fault) => [fault, perYear])) as Record<LightFault, number>;
}

/** A spontaneous fault lasts until a crew repairs it, 2–21 days later. */
const REPAIR_DAYS: readonly [number, number] = [2, 21];

function drawParams<F extends LightFault>(fault: F, random: Random): LightFaultParams[F] {
  const drawn: { [K in LightFault]: () => LightFaultParams[K] } = {
    lampFailure: () => ({}),
    dayBurner: () => ({}),
    cycling: () => ({ periodMinutes: random.between(3, 8), onShare: random.between(0.5, 0.8) }),
    // A driver that loses its control input falls back to full power (DALI system-failure level, 1-10 V open).
    dimmingFailure: () => ({ level: random.chance(0.7) ? 100 : random.int(30, 90) }),
    relayStuck: () => ({ closed: random.chance(0.5) }),
    lowPowerFactor: () => ({ powerFactor: random.between(0.55, 0.72) }),
    voltageOutOfRange: () => ({ volts: random.chance(0.5) ? random.between(254, 262) : random.between(190, 205) }),
  };
  return drawn[fault]();
}

const totalRate = (rates: FaultRates) => LIGHT_FAULTS.reduce((sum, fault) => sum + rates[fault], 0);

/** When the next fault starts: the faults form a Poisson process at the sum of their rates. */
function nextOnsetAfter(rates: FaultRates, random: Random, fromMs: number): number {
  const perYear = totalRate(rates);
  return perYear > 0 ? fromMs + (-Math.log(1 - random.next()) / perYear) * YEAR_MS : Infinity;
}

function scheduleNext(state: FaultState): void {
  let next = state.nextOnsetMs;
  for (const active of state.active.values()) if (active.until !== null && active.until < next) next = active.until;
  state.nextEventMs = next;
}

export function createFaultState(rates: FaultRates, random: Random, nowMs: number): FaultState {
  const state: FaultState = {
    active: new Map(),
    rates,
    nextOnsetMs: nextOnsetAfter(rates, random, nowMs),
    nextEventMs: 0,
  };
  scheduleNext(state);
  return state;
}

function pickFault(rates: FaultRates, random: Random): LightFault {
  let left = random.next() * totalRate(rates);
  for (const fault of LIGHT_FAULTS) {
    left -= rates[fault];
    if (left < 0) return fault;
  }
  return LIGHT_FAULTS[LIGHT_FAULTS.length - 1]!;
}

/**
 * Brings the faults up to `nowMs` (simulated time): the hazard draws its onsets in advance from the
 * device's random stream, so the same seed gives the same failures whatever the report cadence.
 * Call it only when `nowMs >= state.nextEventMs`.
 */
export function advanceFaults(state: FaultState, random: Random, nowMs: number): void {
  while (nowMs >= state.nextOnsetMs) {
    const since = state.nextOnsetMs;
    const fault = pickFault(state.rates, random);
    const until = since + random.between(REPAIR_DAYS[0], REPAIR_DAYS[1]) * DAY_MS;
    if (!state.active.has(fault)) state.active.set(fault, { fault, since, until, params: drawParams(fault, random) });
    state.nextOnsetMs = nextOnsetAfter(state.rates, random, since);
  }
  for (const [fault, active] of state.active)
    if (active.until !== null && nowMs >= active.until) state.active.delete(fault);
  scheduleNext(state);
}

/** The fault's parameters while it is active, else undefined. */
export function activeFault<F extends LightFault>(state: FaultState, fault: F): LightFaultParams[F] | undefined {
  // Most light points have no fault: skip the lookup (the watcher asks every second).
  if (state.active.size === 0) return undefined;
  return (state.active.get(fault) as ActiveFault<F> | undefined)?.params;
}

/**
 * On demand (a control interface, tests): the fault starts at `nowMs` and lasts until `clearFault`,
 * or `durationMs`. Missing parameters are drawn from the device's random stream. The change shows
 * from the light point's next advance, which first integrates what it drew until now.
 *
 * @example
 * injectFault(lightPoint, 'relayStuck', clock.now(), { params: { closed: true } });
 */
export function injectFault<F extends LightFault>(
  lightPoint: FaultTarget,
  fault: F,
  nowMs: number,
  options: { params?: Partial<LightFaultParams[F]>; durationMs?: number } = {},
): ActiveFault<F> {
  const params = { ...drawParams(fault, lightPoint.random), ...options.params } as LightFaultParams[F];
  const until = options.durationMs === undefined ? null : nowMs + options.durationMs;
  const active: ActiveFault<F> = { fault, since: nowMs, until, params };
  lightPoint.faults.active.set(fault, active);
  scheduleNext(lightPoint.faults);
  return active;
}

/** Repairs the fault; false when it was not active. */
export function clearFault(lightPoint: FaultTarget, fault: LightFault): boolean {
  const removed = lightPoint.faults.active.delete(fault);
  scheduleNext(lightPoint.faults);
  return removed;
}
