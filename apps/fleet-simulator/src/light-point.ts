import type { AttributeValues } from '@farola/protocol';
import type { Cabinet } from './cabinet';
import { cabinetOutputOn } from './cabinet';
import { calendarEngineLevel, type StoredSchedule } from './calendar-engine';
import type { DeviceSpec } from './layout';
import {
  activeOverride,
  astronomicalInfoOf,
  driftVoltage,
  integrateMeter,
  type ManualOverride,
  manualOverride,
  type MeteredState,
  round,
  sunOf,
} from './metering';
import type { Random } from './random';
import { curveLevel, isNight, localMinutesOfDay, TIMEZONE } from './schedule';

const STANDBY_W = 0.5;
const DRIVER_OUTPUT_V = 140;

/** A light point's live state. Energy is integrated lazily: `advance` before every read or change. */
export interface LightPoint extends MeteredState {
  kind: 'light-point';
  cabinet: Cabinet | null;
  /** switchOn/switchOff: manual mode, held for 6 hours. */
  override: ManualOverride | null;
  /** Blink or dimming check in progress: forces this level. */
  transientLevel: number | null;
  /** setSchedule: a calendar and its control programs, run instead of the night curve. */
  schedule: StoredSchedule | null;
}

export function createLightPoint(spec: DeviceSpec, nowMs: number, random: Random): LightPoint {
  const lightPoint: LightPoint = {
    kind: 'light-point',
    spec,
    random,
    cabinet: null,
    firmwareVersion: spec.firmwareVersion,
    previousFirmware: null,
    override: null,
    transientLevel: null,
    schedule: null,
    powerW: STANDBY_W,
    voltage: random.between(227, 233),
    energyKWh: spec.initialEnergyKWh,
    operatingHours: spec.initialOperatingHours,
    lastAdvanceMs: nowMs,
    signalStrength: Math.round(random.between(-105, -65)),
  };
  lightPoint.powerW = samplePower(lightPoint, nowMs);
  return lightPoint;
}

/** The commanded level: a running blink or check, else a manual switch, else the calendar or the night curve. */
function commandedDimming(lightPoint: LightPoint, nowMs: number): number {
  if (lightPoint.transientLevel !== null) return lightPoint.transientLevel;
  const override = activeOverride(lightPoint, nowMs);
  if (override) return override.on ? 100 : 0;
  const scheduled = lightPoint.schedule && calendarEngineLevel(lightPoint.schedule, nowMs, TIMEZONE, lightPoint.spec);
  if (typeof scheduled === 'number') return scheduled;
  return isNight(nowMs, sunOf(lightPoint, nowMs)) ? curveLevel(localMinutesOfDay(nowMs)) : 0;
}

/** Whether the luminaire gets power: mode 006 lights depend on their cabinet's output. */
function supplied(lightPoint: LightPoint, nowMs: number): boolean {
  const { cabinet, spec } = lightPoint;
  if (spec.operateMode !== '006' || !cabinet || spec.output === undefined) return true;
  return cabinetOutputOn(cabinet, spec.output, nowMs);
}

export function isLit(lightPoint: LightPoint, nowMs: number): boolean {
  return commandedDimming(lightPoint, nowMs) > 0 && supplied(lightPoint, nowMs);
}

function samplePower(lightPoint: LightPoint, nowMs: number): number {
  if (!isLit(lightPoint, nowMs)) return STANDBY_W;
  const level = commandedDimming(lightPoint, nowMs);
  return (lightPoint.spec.nominalPowerW * level * lightPoint.random.between(0.95, 1.02)) / 100 + STANDBY_W;
}

/**
 * Integrates energy and operating hours up to `nowMs` (simulated time), then samples new power and
 * voltage, which hold until the next call.
 */
export function advanceLightPoint(lightPoint: LightPoint, nowMs: number): void {
  integrateMeter(lightPoint, nowMs, lightPoint.powerW > STANDBY_W);
  driftVoltage(lightPoint, 0.4);
  lightPoint.powerW = samplePower(lightPoint, nowMs);
}

/** The electrical values and switching state, as sent on every report and after each change. */
export function lightPointLiveValues(lightPoint: LightPoint, nowMs: number): AttributeValues {
  const lit = lightPoint.powerW > STANDBY_W;
  const dimming = commandedDimming(lightPoint, nowMs);
  const powerFactor = lit ? lightPoint.random.between(0.94, 0.97) : lightPoint.random.between(0.48, 0.52);
  const power = lightPoint.powerW;
  // One voltage sample for both driver values, so their product is the power the luminaire draws.
  const driverVoltage = lit ? round(DRIVER_OUTPUT_V * lightPoint.random.between(0.99, 1.01), 1) : 0;
  return {
    dimming,
    dimmer: lit ? round(Math.min(100, Math.max(0, dimming + lightPoint.random.between(-1, 1))), 1) : 0,
    poweredOn: lit,
    connected: true,
    instantaneousActivePower: round(power, 2),
    instantaneousReactivePower: round(power * Math.tan(Math.acos(powerFactor)), 2),
    voltage: round(lightPoint.voltage, 1),
    powerFactor: round(powerFactor, 3),
    current: round(power / (lightPoint.voltage * powerFactor), 4),
    totalActiveEnergy: round(lightPoint.energyKWh, 3),
    operatingHours: round(lightPoint.operatingHours, 2),
    driverOutputVoltage: driverVoltage,
    driverOutputCurrent: lit ? round((power - STANDBY_W) / driverVoltage, 3) : 0,
  };
}

/** Everything a light point reports: live values plus identity, position and orientation. */
export function lightPointFullValues(lightPoint: LightPoint, nowMs: number): AttributeValues {
  const { spec } = lightPoint;
  lightPoint.signalStrength = Math.min(-50, Math.max(-115, lightPoint.signalStrength + lightPoint.random.int(-2, 2)));
  return {
    ...lightPointLiveValues(lightPoint, nowMs),
    signalStrength: lightPoint.signalStrength,
    latitude: round(spec.latitude + lightPoint.random.between(-2e-6, 2e-6), 7),
    longitude: round(spec.longitude + lightPoint.random.between(-2e-6, 2e-6), 7),
    uncertainty: round(lightPoint.random.between(2, 6), 1),
    xAxis: round(lightPoint.random.between(-0.02, 0.02), 3),
    yAxis: round(lightPoint.random.between(-0.02, 0.02), 3),
    zAxis: round(1 + lightPoint.random.between(-0.02, 0.02), 3),
    operateMode: spec.operateMode,
    firmwareVersion: lightPoint.firmwareVersion,
    modelNumber: spec.modelNumber,
    timezone: TIMEZONE,
    astronomicalInfo: astronomicalInfoOf(lightPoint, nowMs),
  };
}

/** switchOn/switchOff: a manual state that the next sunrise or sunset hands back to the schedule. */
export function switchLightPoint(lightPoint: LightPoint, on: boolean, nowMs: number): void {
  lightPoint.override = manualOverride(on, nowMs);
}
