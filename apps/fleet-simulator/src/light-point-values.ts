import type { AttributeKey, AttributeValues } from '@farola/protocol';
import { writeAxes } from './accelerometer';
import type { LightPoint } from './device-state';
import { FAMILIES } from './families';
import { hasUnreportedFix, writeGpsValues } from './gps';
import { activeFault } from './light-faults';
import { NODE_STANDBY_W } from './light-point';
import { driverPowerFactor, powerShareAt, ratedPowerAt, stringVoltageAt } from './luminaires';
import { type MeteredState, round, sunOf } from './metering';
import type { SunDay } from './schedule';
import { TIMEZONE } from './schedule';

/** Measured on the mains side; a node whose circuit is dead cannot measure them and leaves them out. */
export const LIGHT_POINT_ELECTRICAL_KEYS = [
  'instantaneousActivePower',
  'instantaneousReactivePower',
  'voltage',
  'powerFactor',
  'current',
  'driverOutputVoltage',
  'driverOutputCurrent',
] as const satisfies readonly AttributeKey[];

/** Reported only with a GPS fix. */
export const GPS_POSITION_KEYS = [
  'latitude',
  'longitude',
  'altitude',
  'uncertainty',
] as const satisfies readonly AttributeKey[];

/** Everything a light point reports in a full report (with mains and a GPS fix). */
export const LIGHT_POINT_ATTRIBUTE_KEYS = [
  'dimming',
  'dimmer',
  'poweredOn',
  'connected',
  'operateMode',
  'shouldBeConnectedByGroup',
  'totalActiveEnergy',
  'operatingHours',
  ...LIGHT_POINT_ELECTRICAL_KEYS,
  'estimatedTotalActiveEnergy',
  'estimatedCumulativePower',
  'estimatedOperatingHours',
  'estimatedOperatingMinutes',
  'lifetime',
  'identifiedLuminaireType',
  'minPower',
  'maxPower',
  'remoteManagementEnabled',
  'networkConnectionTime',
  'connectionTime',
  'registrationUpdateTrigger',
  'cellId',
  'signalStrength',
  'apn',
  ...GPS_POSITION_KEYS,
  'satellites',
  'gpsTime',
  'xAxis',
  'yAxis',
  'zAxis',
  'firmwareVersion',
  'modelNumber',
  'timezone',
  'astronomicalInfo',
] as const satisfies readonly AttributeKey[];

/** PF of the node alone (a small switch-mode supply), and of a driver switched on without its LEDs. */
const NODE_POWER_FACTOR = 0.45;
const NO_LOAD_POWER_FACTOR = 0.3;
/** A driver without its LED load rises to its open-circuit clamp. */
const OPEN_CIRCUIT_FACTOR = 1.25;

function powerFactorOf(lightPoint: LightPoint): number {
  const { held, random } = lightPoint;
  let powerFactor = NODE_POWER_FACTOR;
  if (held.lit) powerFactor = driverPowerFactor(powerShareAt(held.outputLevel));
  else if (held.relayClosed) powerFactor = NO_LOAD_POWER_FACTOR;
  const aged = activeFault(lightPoint.faults, 'lowPowerFactor');
  if (aged) powerFactor *= aged.powerFactor / driverPowerFactor(1);
  return Math.min(0.995, Math.max(0.05, powerFactor + random.between(-0.008, 0.008)));
}

/** The mains-side measures, and the driver's output whose V × A is the luminaire's share of the power. */
function writeElectrical(lightPoint: LightPoint, values: AttributeValues): void {
  const { held, luminaire, random } = lightPoint;
  const power = lightPoint.powerW;
  const powerFactor = powerFactorOf(lightPoint);
  values.instantaneousActivePower = round(power, 2);
  values.instantaneousReactivePower = round(power * Math.tan(Math.acos(powerFactor)), 2);
  values.voltage = round(lightPoint.voltage, 1);
  values.powerFactor = round(powerFactor, 3);
  values.current = round(power / (lightPoint.voltage * powerFactor), 4);
  let driverVoltage = 0;
  let driverCurrent = 0;
  if (held.lit) {
    driverVoltage = round(stringVoltageAt(luminaire, held.outputLevel) * random.between(0.995, 1.005), 1);
    driverCurrent = round((power - NODE_STANDBY_W) / driverVoltage, 3);
  } else if (held.relayClosed && lightPoint.faults.active.has('lampFailure')) {
    driverVoltage = round(luminaire.stringVoltage * OPEN_CIRCUIT_FACTOR, 1);
  }
  values.driverOutputVoltage = driverVoltage;
  values.driverOutputCurrent = driverCurrent;
}

/**
 * The switching state and the electrical values, as sent on every report. A cabinet-supplied light
 * point whose output is off has no mains: it draws nothing, and its node, kept alive by its backup
 * cell, reports its state but no electrical measures.
 */
export function lightPointLiveValues(lightPoint: LightPoint): AttributeValues {
  const { held } = lightPoint;
  const values: AttributeValues = {
    dimming: held.dimming,
    dimmer: held.lit
      ? round(Math.min(100, Math.max(0, held.outputLevel + lightPoint.random.between(-0.5, 0.5))), 1)
      : 0,
    poweredOn: held.mains && held.relayClosed,
    connected: true,
    operateMode: lightPoint.operateMode,
    shouldBeConnectedByGroup: held.mains,
    totalActiveEnergy: round(lightPoint.energyKWh, 3),
    operatingHours: round(lightPoint.operatingHours, 2),
  };
  if (held.mains) writeElectrical(lightPoint, values);
  return values;
}

/** Today's sunrise and sunset as ISO strings, formatted once per device and day. */
const astronomicalInfos = new WeakMap<SunDay, { sunrise: string; sunset: string }>();

function astronomicalInfoOf(state: MeteredState, nowMs: number): { sunrise: string; sunset: string } {
  const sun = sunOf(state, nowMs);
  let info = astronomicalInfos.get(sun);
  if (!info) {
    info = { sunrise: new Date(sun.sunrise).toISOString(), sunset: new Date(sun.sunset).toISOString() };
    astronomicalInfos.set(sun, info);
  }
  return info;
}

/** The node's counters: estimated from the luminaire's rated curve, not metered. */
function writeEstimates(lightPoint: LightPoint, nowMs: number, values: AttributeValues): void {
  const { luminaire, switchedOnSinceMs } = lightPoint;
  values.estimatedTotalActiveEnergy = round(lightPoint.estimatedKWh, 3);
  values.estimatedCumulativePower = round(lightPoint.luminaireWh, 1);
  values.estimatedOperatingHours = round(lightPoint.switchedOnHours, 2);
  // A clock set back (the control interface's PUT /clock) can put the switch-on in the node's future: 0 then.
  values.estimatedOperatingMinutes =
    switchedOnSinceMs === null ? 0 : round(Math.max(0, nowMs - switchedOnSinceMs) / 60_000, 1);
  values.lifetime = round(Math.max(0, luminaire.ratedLifeHours - lightPoint.switchedOnHours), 1);
  values.identifiedLuminaireType = luminaire.name;
  values.minPower = round(ratedPowerAt(luminaire, luminaire.minLevel), 1);
  values.maxPower = luminaire.ratedPowerW;
}

/** Everything a light point reports: live values plus estimates, identity, modem, GPS and orientation. */
export function lightPointFullValues(lightPoint: LightPoint, nowMs: number): AttributeValues {
  const { spec, cellular, random } = lightPoint;
  const values = lightPointLiveValues(lightPoint);
  writeEstimates(lightPoint, nowMs, values);
  lightPoint.signalStrength = Math.min(-50, Math.max(-115, lightPoint.signalStrength + random.int(-2, 2)));
  values.remoteManagementEnabled = lightPoint.remoteManagementDisabled !== true;
  values.networkConnectionTime = cellular.networkConnectionIso;
  values.connectionTime = cellular.connectionIso;
  values.registrationUpdateTrigger = cellular.registrationUpdates;
  values.cellId = cellular.cellId;
  values.signalStrength = lightPoint.signalStrength;
  values.apn = FAMILIES[spec.vendor].apn;
  writeGpsValues(lightPoint.gps, values);
  writeAxes(lightPoint.mounting, random, values);
  values.firmwareVersion = lightPoint.firmwareVersion;
  values.modelNumber = spec.modelNumber;
  values.timezone = TIMEZONE;
  values.astronomicalInfo = astronomicalInfoOf(lightPoint, nowMs);
  return values;
}

/** After a command: the live values and firmware, and a GPS fix not reported yet (after `readLocation`). */
export function lightPointChangeValues(lightPoint: LightPoint): AttributeValues {
  const values = lightPointLiveValues(lightPoint);
  values.firmwareVersion = lightPoint.firmwareVersion;
  values.remoteManagementEnabled = lightPoint.remoteManagementDisabled !== true;
  if (hasUnreportedFix(lightPoint.gps)) writeGpsValues(lightPoint.gps, values);
  return values;
}
