import { OPERATE_MODE_TABLE, type OperateMode } from '@farola/protocol';
import { createMounting, tiltMounting } from './accelerometer';
import { cabinetImposedLevel, cabinetSupplies } from './cabinet';
import { advanceCellular, createCellular } from './cellular';
import { advanceGps, createGps } from './gps';
import { calendarEngineState } from '@farola/protocol/schedule-engine';
import { observeLightPoint } from './device-journal';
import type { DeviceSpec } from './device-spec';
import type { LampState, LightPoint } from './device-state';
import {
  activeFault,
  type ActiveFault,
  advanceFaults,
  createFaultState,
  type FaultRates,
  uniformFaultRates,
} from './light-faults';
import { luminaireType, ratedPowerAt } from './luminaires';
import { activeOverride, installationInstant, integrateMeter, manualOverride, sunOf } from './metering';
import type { Random } from './random';
import { curveLevel, isNight, localMinutesOfDay, TIMEZONE } from './schedule';

/** The node's own electronics (modem, meter, relay coil), drawn whenever it has mains. */
export const NODE_STANDBY_W = 0.5;
/** A driver switched on with no LED load (dead module, thermal cut-out). */
export const DRIVER_NO_LOAD_W = 0.4;
const HOUR_MS = 3_600_000;

export const blankLampState = (): LampState => ({
  mains: false,
  relayClosed: false,
  dimming: 0,
  outputLevel: 0,
  lit: false,
  estimatedW: 0,
  fading: false,
});

export function createLightPoint(
  spec: DeviceSpec,
  nowMs: number,
  random: Random,
  faultRates: FaultRates = uniformFaultRates(0),
): LightPoint {
  const luminaire = luminaireType(spec.luminaire?.type ?? 'LED road 75 W 4000 K');
  const powerTolerance = random.between(0.96, 1.04);
  const feederVoltage = random.between(226, 234);
  const lightPoint: LightPoint = {
    kind: 'light-point',
    spec,
    random,
    cabinet: null,
    luminaire,
    operateMode: spec.operateMode,
    firmwareVersion: spec.firmwareVersion,
    previousFirmware: null,
    override: null,
    transientLevel: null,
    powerTolerance,
    feederVoltage,
    voltageWander: 0,
    held: blankLampState(),
    powerW: 0,
    voltage: feederVoltage,
    schedule: null,
    energyKWh: spec.initialEnergyKWh,
    operatingHours: spec.initialOperatingHours,
    installedAtMs: installationInstant(spec.installationDate),
    journal: null,
    estimatedKWh: Math.round((spec.initialEnergyKWh / powerTolerance) * 1000) / 1000,
    luminaireWh: Math.round(
      (spec.initialEnergyKWh / powerTolerance) * 1000 - spec.initialOperatingHours * NODE_STANDBY_W,
    ),
    switchedOnHours: spec.initialOperatingHours,
    switchedOnSinceMs: null,
    lastAdvanceMs: nowMs,
    signalStrength: Math.round(random.between(-105, -65)),
    gps: createGps(spec, random, nowMs),
    cellular: createCellular(spec, random, nowMs),
    mounting: createMounting(random),
    faults: createFaultState(faultRates, random, nowMs),
  };
  sample(lightPoint, nowMs);
  // Lit when the fleet starts: switched on since dusk, as far as the node can tell.
  if (lightPoint.switchedOnSinceMs !== null) lightPoint.switchedOnSinceMs = lastSunset(lightPoint, nowMs);
  return lightPoint;
}

function lastSunset(lightPoint: LightPoint, nowMs: number): number {
  const { sunset } = sunOf(lightPoint, nowMs);
  return sunset <= nowMs ? sunset : sunset - 24 * HOUR_MS;
}

/**
 * Whether the luminaire's circuit is live: not while its cabinet runs on battery or the output's
 * breaker is tripped; a cabinet-supplied mode only while its output is on.
 */
export function hasMains(lightPoint: LightPoint, nowMs: number): boolean {
  const { cabinet, spec } = lightPoint;
  if (!cabinet || spec.output === undefined) return true;
  const switched = OPERATE_MODE_TABLE[lightPoint.operateMode].supply === 'cabinet';
  return cabinetSupplies(cabinet, spec.output, switched, nowMs);
}

/**
 * The level the operate mode asks for: by curve, off or 100 %. A cabinet-supplied node lights
 * whenever its circuit is live (the cabinet decides when), dimmed by the night curve; an
 * uninterruptible one follows its own astronomical clock. A stored calendar (setSchedule) gives
 * the level instead of the curve on the nights it covers.
 */
function scheduledLevel(lightPoint: LightPoint, mains: boolean, nowMs: number, out: LampState): number {
  const { supply, light } = OPERATE_MODE_TABLE[lightPoint.operateMode];
  if (light === 'off' || !mains) return 0;
  if (light === 'full') return 100;
  const dayBurner = activeFault(lightPoint.faults, 'dayBurner') !== undefined;
  // A stored calendar's programs replace the night curve on the nights its rules select.
  const programmed = lightPoint.schedule
    ? calendarEngineState(lightPoint.schedule, nowMs, TIMEZONE, lightPoint.spec)
    : null;
  if (programmed !== null && !dayBurner) {
    out.fading = programmed.fading;
    return programmed.level;
  }
  if (supply === 'cabinet') return curveLevel(localMinutesOfDay(nowMs));
  const night = isNight(nowMs, sunOf(lightPoint, nowMs)) || dayBurner;
  return night ? curveLevel(localMinutesOfDay(nowMs)) : 0;
}

/**
 * The commanded level: a running blink or check, else its cabinet's maintenance (crews test at
 * 100 %), else a manual switch (≤ 6 h), else the operate mode.
 */
function commandedDimming(lightPoint: LightPoint, mains: boolean, nowMs: number, out: LampState): number {
  if (lightPoint.transientLevel !== null) return lightPoint.transientLevel;
  const imposed = lightPoint.cabinet ? cabinetImposedLevel(lightPoint.cabinet, nowMs) : null;
  if (imposed !== null) return imposed;
  const override = activeOverride(lightPoint, nowMs);
  if (override) return override.on ? 100 : 0;
  return scheduledLevel(lightPoint, mains, nowMs, out);
}

/** The light the luminaire really gives with its relay closed, faults included. */
function lampLevel(lightPoint: LightPoint, dimming: number, nowMs: number): number {
  const { faults, luminaire } = lightPoint;
  if (faults.active.size === 0) return Math.max(luminaire.minLevel, dimming);
  if (faults.active.has('lampFailure')) return 0;
  const cycling = faults.active.get('cycling') as ActiveFault<'cycling'> | undefined;
  if (cycling) {
    const periodMs = cycling.params.periodMinutes * 60_000;
    if ((nowMs - cycling.since) % periodMs >= periodMs * cycling.params.onShare) return 0;
  }
  const stuck = activeFault(faults, 'dimmingFailure');
  // With the relay stuck closed and nothing commanded, a 1-10 V driver sits at its minimum.
  return Math.max(luminaire.minLevel, stuck ? stuck.level : dimming);
}

/**
 * Evaluates the light point's state at `nowMs` into `out`, changing nothing and drawing no random
 * number: cheap enough for the transition watcher to look at every light point of a city once a
 * second. The logged data runs the same function on a copy of the light point holding its past
 * settings (`logged-data.ts`).
 */
export function evaluateLampState(lightPoint: LightPoint, nowMs: number, out: LampState): void {
  out.fading = false;
  const mains = hasMains(lightPoint, nowMs);
  const dimming = commandedDimming(lightPoint, mains, nowMs, out);
  const stuck = activeFault(lightPoint.faults, 'relayStuck');
  const relayClosed = stuck ? stuck.closed : dimming > 0;
  out.mains = mains;
  out.dimming = dimming;
  out.relayClosed = relayClosed;
  out.outputLevel = mains && relayClosed ? lampLevel(lightPoint, dimming, nowMs) : 0;
  out.lit = out.outputLevel > 0;
  const believedLoad = relayClosed && dimming > 0 ? ratedPowerAt(lightPoint.luminaire, dimming) : 0;
  out.estimatedW = mains ? NODE_STANDBY_W + believedLoad : 0;
}

const scratch = blankLampState();

/** Whether the luminaire gives light at `nowMs`. */
export function isLit(lightPoint: LightPoint, nowMs: number): boolean {
  evaluateLampState(lightPoint, nowMs, scratch);
  return scratch.lit;
}

/**
 * What the light point draws in `state`, in W: nothing without mains, the node alone with its relay
 * open, the node and an idle driver when the lamp gives no light, else the node and the luminaire's
 * rated curve at its light level, times its own tolerance and `noise` (a meter reading's ±0.6 %).
 */
export function lampPowerW(lightPoint: LightPoint, state: LampState, noise = 0): number {
  if (!state.mains) return 0;
  if (!state.relayClosed) return NODE_STANDBY_W;
  if (!state.lit) return NODE_STANDBY_W + DRIVER_NO_LOAD_W;
  const luminaireW = ratedPowerAt(lightPoint.luminaire, state.outputLevel) * lightPoint.powerTolerance;
  return NODE_STANDBY_W + luminaireW * (1 + noise);
}

/** Samples the state, power and voltage that hold until the next advance. */
function sample(lightPoint: LightPoint, nowMs: number): void {
  const { held, random } = lightPoint;
  evaluateLampState(lightPoint, nowMs, held);
  const switchedOn = held.mains && held.relayClosed;
  if (!switchedOn) lightPoint.switchedOnSinceMs = null;
  else lightPoint.switchedOnSinceMs ??= nowMs;
  lightPoint.voltageWander = Math.min(3.5, Math.max(-3.5, lightPoint.voltageWander + random.between(-0.4, 0.4)));
  const outOfRange = activeFault(lightPoint.faults, 'voltageOutOfRange');
  lightPoint.voltage = (outOfRange ? outOfRange.volts : lightPoint.feederVoltage) + lightPoint.voltageWander;
  // Only a lit lamp's reading is noisy, so only it draws from the device's random stream.
  const noise = held.mains && held.relayClosed && held.lit ? random.between(-0.006, 0.006) : 0;
  lightPoint.powerW = lampPowerW(lightPoint, held, noise);
}

/**
 * Integrates energy, the node's estimates and operating hours over the state held since the last
 * call, up to `nowMs` (simulated time); then brings faults, GPS and modem up to date and samples
 * the new state, which holds until the next call.
 */
export function advanceLightPoint(lightPoint: LightPoint, nowMs: number): void {
  observeLightPoint(lightPoint, nowMs);
  const { held, random } = lightPoint;
  const elapsedMs = Math.max(0, nowMs - lightPoint.lastAdvanceMs);
  lightPoint.estimatedKWh += (held.estimatedW * elapsedMs) / (1000 * HOUR_MS);
  if (held.mains && held.relayClosed) {
    lightPoint.luminaireWh += ((held.estimatedW - NODE_STANDBY_W) * elapsedMs) / HOUR_MS;
    lightPoint.switchedOnHours += elapsedMs / HOUR_MS;
  }
  integrateMeter(lightPoint, nowMs, held.lit);
  if (nowMs >= lightPoint.faults.nextEventMs) advanceFaults(lightPoint.faults, random, nowMs);
  if (nowMs >= lightPoint.gps.nextEventMs) advanceGps(lightPoint.gps, lightPoint.spec, random, nowMs);
  if (nowMs >= lightPoint.cellular.nextReselectionMs) advanceCellular(lightPoint.cellular, random, nowMs);
  sample(lightPoint, nowMs);
}

/** switchOn/switchOff: manual mode for 6 hours (spec §9); the operate mode stays and resumes afterwards. */
export function switchLightPoint(lightPoint: LightPoint, on: boolean, nowMs: number): void {
  lightPoint.override = manualOverride(on, nowMs);
}

/** setOperateMode: the new mode rules at once; a manual switch in force ends with it. */
export function setLightPointOperateMode(lightPoint: LightPoint, operateMode: OperateMode): void {
  lightPoint.operateMode = operateMode;
  lightPoint.override = null;
}

/**
 * A vehicle hits the pole: the node leans `degrees` more, towards `azimuthDegrees` (drawn when
 * absent), and its accelerometer reads the new orientation from then on.
 *
 * @example
 * tiltLightPoint(lightPoint, 12);
 */
export function tiltLightPoint(lightPoint: LightPoint, degrees: number, azimuthDegrees?: number): void {
  tiltMounting(lightPoint.mounting, degrees, azimuthDegrees ?? lightPoint.random.between(0, 360));
}
