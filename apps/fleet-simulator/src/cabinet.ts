import { type AttributeValues, maskCabinetConfiguration, type OutputMode, type OutputState } from '@farola/protocol';
import { breakerTripped, conditionActive, createConditions, expireConditions, inMaintenance } from './cabinet-alarms';
import { initialConfiguration } from './cabinet-config';
import { observeCabinet, startCabinetJournal } from './device-journal';
import {
  CONFIGURED_ASTRO,
  fixedScheduleLevel,
  minutesOfDayIn,
  type OutputSchedule,
  reportedSchedule,
} from './cabinet-schedule';
import type { DeviceSpec } from './device-spec';
import type { Cabinet, CabinetOutput } from './device-state';
import { activeOverride, driftVoltage, installationInstant, integrateMeter, manualOverride, round } from './metering';
import type { Random } from './random';
import { isNight, sunDay, type SunDay } from './schedule';

/** The controller's own electronics, in W, on top of the circuits it feeds. */
export const SELF_CONSUMPTION_W = 8;
/** What the AC input reads, as a share of the mains voltage, while a `controlGearCommFailure` drop lasts. */
const VOLTAGE_DROP_FACTOR = 0.8;

export function createCabinet(spec: DeviceSpec, nowMs: number, random: Random): Cabinet {
  const outputCount = spec.outputCount ?? 2;
  // The energy of past years: the electronics ran around the clock, the circuits shared the rest.
  const selfEnergyKWh = Math.min(spec.initialEnergyKWh, (SELF_CONSUMPTION_W * spec.initialOperatingHours) / 1000);
  const perOutputKWh = (spec.initialEnergyKWh - selfEnergyKWh) / outputCount;
  const outputs = Array.from({ length: outputCount }, (_, i) => ({
    index: i + 1,
    schedule: CONFIGURED_ASTRO,
    override: null,
    powerW: 0,
    energyKWh: perOutputKWh,
  }));
  const cabinet: Omit<Cabinet, 'journal'> = {
    kind: 'cabinet',
    spec,
    random,
    lightPoints: [],
    outputs,
    configuration: initialConfiguration(spec),
    configurationChanged: false,
    conditions: createConditions(nowMs),
    selfEnergyKWh,
    staleValues: null,
    firmwareVersion: spec.firmwareVersion,
    previousFirmware: null,
    powerW: SELF_CONSUMPTION_W,
    voltage: random.between(228, 232),
    energyKWh: spec.initialEnergyKWh,
    operatingHours: spec.initialOperatingHours,
    installedAtMs: installationInstant(spec.installationDate),
    lastAdvanceMs: nowMs,
    signalStrength: Math.round(random.between(-95, -60)),
  };
  return { ...cabinet, journal: startCabinetJournal(cabinet) };
}

/** Today's sunrise and sunset where the configuration says: the device's position or the Head End's. */
export function cabinetSun(cabinet: Cabinet, nowMs: number): SunDay {
  const { time, headEnd } = cabinet.configuration;
  const { latitude, longitude } = time.useDeviceLocation ? cabinet.spec : headEnd;
  cabinet.sun = sunDay(nowMs, latitude, longitude, cabinet.sun);
  return cabinet.sun;
}

/** The zone fixed rules run in: the configured one, or UTC when its Timezone State is off. */
export function cabinetTimeZone(cabinet: Cabinet): string {
  const { time } = cabinet.configuration;
  return time.timezoneState ? time.timezone : 'UTC';
}

function scheduledOn(cabinet: Cabinet, schedule: OutputSchedule, nowMs: number): boolean {
  if (schedule.kind === 'fixed') {
    return fixedScheduleLevel(schedule.rules, minutesOfDayIn(cabinetTimeZone(cabinet), nowMs)) > 0;
  }
  const { sunriseOffsetMinutes, sunsetOffsetMinutes } = cabinet.configuration.time;
  return isNight(nowMs, cabinetSun(cabinet, nowMs), schedule.offsets ?? { sunriseOffsetMinutes, sunsetOffsetMinutes });
}

const onBattery = (cabinet: Cabinet, nowMs: number) => conditionActive(cabinet, 'batteryMode', nowMs);

/**
 * Whether an output is on: never on battery; always in maintenance; else by manual switch, else
 * by a sensor, else by its schedule.
 */
export function cabinetOutputOn(cabinet: Cabinet, index: number, nowMs: number): boolean {
  const output = cabinet.outputs.find((candidate) => candidate.index === index);
  if (!output || onBattery(cabinet, nowMs)) return false;
  if (inMaintenance(cabinet, nowMs)) return true;
  const override = activeOverride(output, nowMs);
  if (override) return override.on;
  if (conditionActive(cabinet, 'sensorOutputOn', nowMs) && cabinet.configuration.timing.sensorLightOutputLevel > 0) {
    return true;
  }
  return scheduledOn(cabinet, output.schedule, nowMs);
}

/**
 * Whether a light point on `output` has power: not when the cabinet lost mains or the output's
 * breaker tripped; a `switched` one (operate mode 006) only while the output is on.
 */
export function cabinetSupplies(cabinet: Cabinet, output: number, switched: boolean, nowMs: number): boolean {
  if (onBattery(cabinet, nowMs) || breakerTripped(cabinet, output, nowMs)) return false;
  return !switched || cabinetOutputOn(cabinet, output, nowMs);
}

/** A level the cabinet imposes on the light points it feeds: 100 % while the crew tests in maintenance. */
export function cabinetImposedLevel(cabinet: Cabinet, nowMs: number): number | null {
  return inMaintenance(cabinet, nowMs) ? 100 : null;
}

function outputMode(cabinet: Cabinet, output: CabinetOutput, nowMs: number): OutputMode {
  if (inMaintenance(cabinet, nowMs)) return 3;
  if (activeOverride(output, nowMs)) return 2;
  return output.schedule.kind === 'fixed' ? 1 : 0;
}

/**
 * Integrates each output's energy, its own and the total up to `nowMs`, then takes the power of the
 * light points on each output as its new load: none on battery or through a tripped breaker.
 */
export function advanceCabinet(cabinet: Cabinet, nowMs: number): void {
  observeCabinet(cabinet, nowMs);
  const hours = Math.max(0, nowMs - cabinet.lastAdvanceMs) / 3_600_000;
  let circuitsW = 0;
  for (const output of cabinet.outputs) {
    output.energyKWh += (output.powerW * hours) / 1000;
    circuitsW += output.powerW;
  }
  cabinet.selfEnergyKWh += ((cabinet.powerW - circuitsW) * hours) / 1000;
  // The controller's electronics run around the clock (on battery too), so every hour counts as operating.
  integrateMeter(cabinet, nowMs, true);
  expireConditions(cabinet, nowMs);
  driftVoltage(cabinet, 0.3);
  const mains = !onBattery(cabinet, nowMs);
  circuitsW = 0;
  for (const output of cabinet.outputs) {
    const fed = cabinet.lightPoints.filter((lightPoint) => lightPoint.spec.output === output.index);
    const flowing = mains && !breakerTripped(cabinet, output.index, nowMs);
    output.powerW = flowing ? fed.reduce((sum, lightPoint) => sum + lightPoint.powerW, 0) : 0;
    circuitsW += output.powerW;
  }
  // On battery the mains meter sees nothing: the electronics draw from the battery.
  cabinet.powerW = mains ? SELF_CONSUMPTION_W + circuitsW : 0;
}

/** Each output's state, load, schedule and, while manual, when it goes back to its schedule. */
function outputStates(cabinet: Cabinet, nowMs: number): OutputState[] {
  const metered = !conditionActive(cabinet, 'MRcommunicationFailure', nowMs);
  return cabinet.outputs.map((output) => {
    const mode = outputMode(cabinet, output, nowMs);
    const manualUntil = mode === 2 && output.override ? new Date(output.override.until).toISOString() : undefined;
    return {
      index: output.index,
      on: cabinetOutputOn(cabinet, output.index, nowMs),
      mode,
      ...(metered ? { activePower: round(output.powerW, 2), activeEnergy: round(output.energyKWh, 3) } : {}),
      schedule: reportedSchedule(output.schedule, cabinet.configuration.time),
      ...(manualUntil ? { manualUntil } : {}),
    };
  });
}

/** The main meter's readings; none while it is unreachable, zero on battery. */
function mainsMeasures(cabinet: Cabinet, nowMs: number): AttributeValues {
  if (conditionActive(cabinet, 'ecometerCommunicationFailure', nowMs)) return {};
  const energy = { totalActiveEnergy: round(cabinet.energyKWh, 3) };
  if (onBattery(cabinet, nowMs))
    return { ...energy, instantaneousActivePower: 0, instantaneousReactivePower: 0, voltage: 0, current: 0 };
  const voltage =
    cabinet.voltage * (conditionActive(cabinet, 'controlGearCommFailure', nowMs) ? VOLTAGE_DROP_FACTOR : 1);
  const loaded = cabinet.powerW > SELF_CONSUMPTION_W * 2;
  const powerFactor = loaded ? cabinet.random.between(0.93, 0.97) : cabinet.random.between(0.6, 0.7);
  return {
    ...energy,
    instantaneousActivePower: round(cabinet.powerW, 2),
    instantaneousReactivePower: round(cabinet.powerW * Math.tan(Math.acos(powerFactor)), 2),
    voltage: round(voltage, 1),
    powerFactor: round(powerFactor, 3),
    current: round(cabinet.powerW / (voltage * powerFactor), 3),
  };
}

function measuredValues(cabinet: Cabinet, nowMs: number): AttributeValues {
  const outputs = outputStates(cabinet, nowMs);
  return {
    outputs,
    poweredOn: outputs.some((output) => output.on),
    connected: true,
    ...mainsMeasures(cabinet, nowMs),
    operatingHours: round(cabinet.operatingHours, 2),
  };
}

/** The measures and switching state, as sent on every report; the configuration once after it changed. */
export function cabinetLiveValues(cabinet: Cabinet, nowMs: number): AttributeValues {
  const stale = conditionActive(cabinet, 'staleData', nowMs);
  const values = (stale ? cabinet.staleValues : null) ?? measuredValues(cabinet, nowMs);
  cabinet.staleValues = stale ? values : null;
  if (!cabinet.configurationChanged) return values;
  cabinet.configurationChanged = false;
  return { ...values, configuration: maskCabinetConfiguration(cabinet.configuration) };
}

export function cabinetFullValues(cabinet: Cabinet, nowMs: number): AttributeValues {
  cabinet.signalStrength = Math.min(-50, Math.max(-110, cabinet.signalStrength + cabinet.random.int(-1, 1)));
  const sun = cabinetSun(cabinet, nowMs);
  return {
    ...cabinetLiveValues(cabinet, nowMs),
    ipAddresses: cabinet.spec.ip ? [cabinet.spec.ip] : [],
    apn: cabinet.configuration.mobile.apn,
    signalStrength: cabinet.signalStrength,
    firmwareVersion: cabinet.firmwareVersion,
    modelNumber: cabinet.spec.modelNumber,
    latitude: cabinet.spec.latitude,
    longitude: cabinet.spec.longitude,
    timezone: cabinetTimeZone(cabinet),
    astronomicalInfo: { sunrise: new Date(sun.sunrise).toISOString(), sunset: new Date(sun.sunset).toISOString() },
    configuration: maskCabinetConfiguration(cabinet.configuration),
    remoteManagementEnabled: cabinet.remoteManagementDisabled !== true,
  };
}

/** The outputs a command addresses: `output`, or every output when it is absent. */
export function outputsOf(cabinet: Cabinet, output?: number): CabinetOutput[] {
  return cabinet.outputs.filter((candidate) => output === undefined || candidate.index === output);
}

/** switchOn/switchOff of one output, or all of them when `output` is absent; manual mode for 6 hours. */
export function switchCabinet(cabinet: Cabinet, on: boolean, nowMs: number, output?: number): void {
  for (const target of outputsOf(cabinet, output)) target.override = manualOverride(on, nowMs);
}

/** restoreCalendar: manual mode ends at once and the outputs follow their schedules again. */
export function restoreCabinetCalendar(cabinet: Cabinet, output?: number): void {
  for (const target of outputsOf(cabinet, output)) target.override = null;
}

/** createCalendar / createAstroCalendar: a new schedule for one output, or for all of them. */
export function scheduleCabinet(cabinet: Cabinet, schedule: OutputSchedule, output?: number): void {
  for (const target of outputsOf(cabinet, output)) target.schedule = schedule;
}
