import type { AttributeValues, OutputMode } from '@farola/protocol';
import { FAMILIES } from './families';
import type { DeviceSpec } from './layout';
import type { LightPoint } from './light-point';
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
import { type AstroOffsets, calendarLevel, type CalendarRule, isNight, localMinutesOfDay } from './schedule';

/** The controller's own electronics, in W, on top of the circuits it feeds. */
const SELF_CONSUMPTION_W = 8;

interface OutputRuntime {
  index: number;
  override: ManualOverride | null;
}

/** A cabinet controller's live state; its power is the sum of the light points it feeds. */
export interface Cabinet extends MeteredState {
  kind: 'cabinet';
  lightPoints: LightPoint[];
  outputs: OutputRuntime[];
  astro: AstroOffsets;
  calendar: CalendarRule[] | null;
}

export function createCabinet(spec: DeviceSpec, nowMs: number, random: Random): Cabinet {
  const outputs = Array.from({ length: spec.outputCount ?? 2 }, (_, i) => ({ index: i + 1, override: null }));
  return {
    kind: 'cabinet',
    spec,
    random,
    lightPoints: [],
    outputs,
    astro: { sunriseOffsetMinutes: 0, sunsetOffsetMinutes: 0 },
    calendar: null,
    firmwareVersion: spec.firmwareVersion,
    previousFirmware: null,
    powerW: SELF_CONSUMPTION_W,
    voltage: random.between(228, 232),
    energyKWh: spec.initialEnergyKWh,
    operatingHours: spec.initialOperatingHours,
    lastAdvanceMs: nowMs,
    signalStrength: Math.round(random.between(-95, -60)),
  };
}

/** An output is on by manual switch, else by its fixed calendar, else by the astronomical clock. */
export function cabinetOutputOn(cabinet: Cabinet, index: number, nowMs: number): boolean {
  const output = cabinet.outputs.find((candidate) => candidate.index === index);
  const override = output ? activeOverride(output, nowMs) : null;
  if (override) return override.on;
  if (cabinet.calendar) return calendarLevel(cabinet.calendar, localMinutesOfDay(nowMs)) > 0;
  return isNight(nowMs, sunOf(cabinet, nowMs), cabinet.astro);
}

function outputMode(cabinet: Cabinet, output: OutputRuntime): OutputMode {
  if (output.override) return 2;
  return cabinet.calendar ? 1 : 0;
}

/** Integrates energy up to `nowMs`, then takes the feeding light points' power as the new load. */
export function advanceCabinet(cabinet: Cabinet, nowMs: number): void {
  // The controller's electronics run around the clock, so every hour counts as operating.
  integrateMeter(cabinet, nowMs, true);
  driftVoltage(cabinet, 0.3);
  cabinet.powerW = cabinet.lightPoints.reduce((sum, lightPoint) => sum + lightPoint.powerW, SELF_CONSUMPTION_W);
}

export function cabinetLiveValues(cabinet: Cabinet, nowMs: number): AttributeValues {
  const outputs = cabinet.outputs.map((output) => ({
    index: output.index,
    on: cabinetOutputOn(cabinet, output.index, nowMs),
    mode: outputMode(cabinet, output),
  }));
  const loaded = cabinet.powerW > SELF_CONSUMPTION_W * 2;
  const powerFactor = loaded ? cabinet.random.between(0.93, 0.97) : cabinet.random.between(0.6, 0.7);
  return {
    outputs,
    poweredOn: outputs.some((output) => output.on),
    connected: true,
    instantaneousActivePower: round(cabinet.powerW, 2),
    instantaneousReactivePower: round(cabinet.powerW * Math.tan(Math.acos(powerFactor)), 2),
    voltage: round(cabinet.voltage, 1),
    powerFactor: round(powerFactor, 3),
    current: round(cabinet.powerW / (cabinet.voltage * powerFactor), 3),
    totalActiveEnergy: round(cabinet.energyKWh, 3),
    operatingHours: round(cabinet.operatingHours, 2),
  };
}

export function cabinetFullValues(cabinet: Cabinet, nowMs: number): AttributeValues {
  cabinet.signalStrength = Math.min(-50, Math.max(-110, cabinet.signalStrength + cabinet.random.int(-1, 1)));
  return {
    ...cabinetLiveValues(cabinet, nowMs),
    ipAddresses: cabinet.spec.ip ? [cabinet.spec.ip] : [],
    apn: FAMILIES[cabinet.spec.vendor].apn,
    signalStrength: cabinet.signalStrength,
    firmwareVersion: cabinet.firmwareVersion,
    modelNumber: cabinet.spec.modelNumber,
    latitude: cabinet.spec.latitude,
    longitude: cabinet.spec.longitude,
    astronomicalInfo: astronomicalInfoOf(cabinet, nowMs),
  };
}

/** switchOn/switchOff of one output, or all of them when `output` is absent; manual mode for 6 hours. */
export function switchCabinet(cabinet: Cabinet, on: boolean, nowMs: number, output?: number): void {
  for (const candidate of cabinet.outputs) {
    if (output === undefined || candidate.index === output) candidate.override = manualOverride(on, nowMs);
  }
}
