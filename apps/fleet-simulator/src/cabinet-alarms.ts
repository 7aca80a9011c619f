import type { AlarmType, Vendor } from '@farola/protocol';
import type { AlarmEvent, CabinetCondition, CabinetConditions } from './cabinet-conditions';
import type { Cabinet } from './device-state';

/** How long a restarted controller keeps its `deviceReset` alarm raised. */
export const DEVICE_RESET_HOLD_MS = 5 * 60_000;

interface Occurrence {
  /** Occurrences per simulated hour at SIM_CABINET_EVENT_RATE 1. */
  perHour: number;
  minutes: readonly [number, number];
}

/** Rare events of a cabinet in service, and how long they last. */
const OCCURRENCES: Record<Exclude<CabinetCondition, 'deviceReset'> | 'maintenanceMode' | 'breakerTrip', Occurrence> = {
  cabinetDoorOpen: { perHour: 0.02, minutes: [2, 15] },
  batteryMode: { perHour: 0.002, minutes: [5, 60] },
  maintenanceMode: { perHour: 0.002, minutes: [15, 60] },
  ecometerCommunicationFailure: { perHour: 0.003, minutes: [5, 30] },
  MRcommunicationFailure: { perHour: 0.003, minutes: [5, 30] },
  staleData: { perHour: 0.003, minutes: [10, 45] },
  sensorOutputOn: { perHour: 0.01, minutes: [2, 10] },
  controlGearCommFailure: { perHour: 0.004, minutes: [1, 10] },
  // Per output: a crew resets the breaker hours later.
  breakerTrip: { perHour: 0.001, minutes: [30, 180] },
};

export function createConditions(nowMs: number): CabinetConditions {
  return { active: new Map(), trippedBreakers: new Map(), maintenanceUntil: null, pending: [], drawnUntilMs: nowMs };
}

const holds = (until: number | null | undefined, nowMs: number) =>
  until !== undefined && (until === null || nowMs < until);

/** Whether a family's cabinets can have a condition: only Orion's have an ecometer. */
export function supportsCondition(vendor: Vendor, condition: CabinetCondition): boolean {
  return condition !== 'ecometerCommunicationFailure' || vendor === 'orion';
}

export function alarmTypeOf(vendor: Vendor, condition: CabinetCondition): AlarmType {
  return condition === 'staleData' ? (`${vendor}.staleData` as const) : condition;
}

export function conditionActive(cabinet: Cabinet, condition: CabinetCondition, nowMs: number): boolean {
  return holds(cabinet.conditions.active.get(condition), nowMs);
}

export function breakerTripped(cabinet: Cabinet, output: number, nowMs: number): boolean {
  return holds(cabinet.conditions.trippedBreakers.get(output), nowMs);
}

export function inMaintenance(cabinet: Cabinet, nowMs: number): boolean {
  const until = cabinet.conditions.maintenanceUntil;
  return cabinet.configuration.other.maintenanceMode && (until === null || nowMs < until);
}

/**
 * Starts or ends a condition at `nowMs`, queueing its alarm; with `durationMs` it ends by itself.
 * Starting one already active only moves its end. A control interface triggers conditions here.
 *
 * @example
 * setCabinetCondition(cabinet, 'batteryMode', true, clock.now(), 20 * 60_000); // mains back in 20 min
 */
export function setCabinetCondition(
  cabinet: Cabinet,
  condition: CabinetCondition,
  on: boolean,
  nowMs: number,
  durationMs?: number,
): void {
  const { vendor } = cabinet.spec;
  if (!supportsCondition(vendor, condition)) throw new Error(`A ${vendor} cabinet has no ${condition} condition`);
  const { active, pending } = cabinet.conditions;
  // Raised and not yet cleared, even if its time ran out a moment ago.
  const was = active.has(condition);
  if (on) active.set(condition, durationMs === undefined ? null : nowMs + durationMs);
  else active.delete(condition);
  if (was !== on) pending.push({ type: alarmTypeOf(vendor, condition), active: on });
}

/**
 * Maintenance mode (spec §4, mode 3): every output on and the cabinet's lights at 100 % for the crew,
 * `maintenanceMode` raised while it lasts. Also entered through `setConfiguration`.
 */
export function setMaintenance(cabinet: Cabinet, on: boolean, nowMs: number, durationMs?: number): void {
  const was = cabinet.configuration.other.maintenanceMode;
  cabinet.conditions.maintenanceUntil = on && durationMs !== undefined ? nowMs + durationMs : null;
  if (was === on) return;
  cabinet.configuration.other.maintenanceMode = on;
  cabinet.configurationChanged = true;
  cabinet.conditions.pending.push({ type: 'maintenanceMode', active: on });
}

/**
 * An output's circuit breaker trips (or is reset): the branch loses supply, so its light points go
 * dark and it draws nothing while the output still reads on. No alarm of its own: the power drop
 * is what the server's power monitors see.
 */
export function setBreakerTripped(
  cabinet: Cabinet,
  output: number,
  tripped: boolean,
  nowMs: number,
  durationMs?: number,
): void {
  if (!cabinet.outputs.some((candidate) => candidate.index === output)) {
    throw new Error(`Cabinet ${cabinet.spec.serialNumber} has no output ${output}`);
  }
  if (tripped) cabinet.conditions.trippedBreakers.set(output, durationMs === undefined ? null : nowMs + durationMs);
  else cabinet.conditions.trippedBreakers.delete(output);
}

/** The controller restarted: `deviceReset` for DEVICE_RESET_HOLD_MS. */
export function markCabinetReset(cabinet: Cabinet, nowMs: number): void {
  setCabinetCondition(cabinet, 'deviceReset', true, nowMs, DEVICE_RESET_HOLD_MS);
}

/** Ends the conditions whose time has come, queueing their cleared alarms. */
export function expireConditions(cabinet: Cabinet, nowMs: number): void {
  const { active, trippedBreakers, maintenanceUntil } = cabinet.conditions;
  for (const [condition, until] of active) {
    if (!holds(until, nowMs)) setCabinetCondition(cabinet, condition, false, nowMs);
  }
  for (const [output, until] of trippedBreakers) if (!holds(until, nowMs)) trippedBreakers.delete(output);
  if (maintenanceUntil !== null && nowMs >= maintenanceUntil) setMaintenance(cabinet, false, nowMs);
}

/** Draws the rare events of the simulated time since the last draw, at `rateScale` times their usual rate. */
function drawOccurrences(cabinet: Cabinet, nowMs: number, rateScale: number): void {
  const { random, spec } = cabinet;
  // A clock set weeks ahead does not replay weeks of events at once: at most a day's worth.
  const hours = Math.min(24, Math.max(0, nowMs - cabinet.conditions.drawnUntilMs) / 3_600_000);
  cabinet.conditions.drawnUntilMs = Math.max(cabinet.conditions.drawnUntilMs, nowMs);
  if (!(rateScale > 0) || hours === 0) return;
  const happens = ({ perHour }: Occurrence) => random.chance(1 - Math.exp(-perHour * rateScale * hours));
  const duration = ({ minutes: [min, max] }: Occurrence) => random.between(min, max) * 60_000;
  for (const condition of Object.keys(OCCURRENCES) as (keyof typeof OCCURRENCES)[]) {
    const occurrence = OCCURRENCES[condition];
    if (condition === 'breakerTrip') {
      for (const { index } of cabinet.outputs) {
        if (!breakerTripped(cabinet, index, nowMs) && happens(occurrence)) {
          setBreakerTripped(cabinet, index, true, nowMs, duration(occurrence));
        }
      }
    } else if (condition === 'maintenanceMode') {
      if (!inMaintenance(cabinet, nowMs) && happens(occurrence))
        setMaintenance(cabinet, true, nowMs, duration(occurrence));
    } else if (
      supportsCondition(spec.vendor, condition) &&
      !conditionActive(cabinet, condition, nowMs) &&
      happens(occurrence)
    ) {
      // A sensor holds the outputs for its configured delay after it stops detecting.
      const delayOff = condition === 'sensorOutputOn' ? cabinet.configuration.timing.sensorDelayOffSeconds * 1000 : 0;
      setCabinetCondition(cabinet, condition, true, nowMs, duration(occurrence) + delayOff);
    }
  }
}

/**
 * The alarms to publish now: conditions that started or ended since the last call. With a
 * `rateScale`, rare random ones are drawn first over the simulated time since the last draw (none
 * when it is 0); without, nothing is drawn and that time is left for the next draw.
 *
 * @example
 * for (const { type, active } of cabinetAlarmsDue(cabinet, clock.now(), options.cabinetEventRate)) raiseAlarm(entry, type, active);
 */
export function cabinetAlarmsDue(cabinet: Cabinet, nowMs: number, rateScale?: number): AlarmEvent[] {
  expireConditions(cabinet, nowMs);
  if (rateScale !== undefined) drawOccurrences(cabinet, nowMs, rateScale);
  return cabinet.conditions.pending.splice(0);
}
