import { type CabinetConfiguration, DEFAULT_CABINET_CONFIGURATION } from '@farola/protocol';
import { setMaintenance } from './cabinet-alarms';
import { CONFIGURED_ASTRO } from './cabinet-schedule';
import type { Cabinet } from './device-state';
import { FAMILIES } from './families';
import type { DeviceSpec } from './device-spec';

/**
 * A factory-fresh cabinet's parameters: the protocol's defaults, with the APN of the family's SIM
 * cards (which is what keeps a reset cabinet reachable).
 */
export function factoryConfiguration(spec: DeviceSpec): CabinetConfiguration {
  const config = structuredClone(DEFAULT_CABINET_CONFIGURATION);
  config.mobile.apn = FAMILIES[spec.vendor].apn;
  return config;
}

/** A cabinet as installed: factory parameters, with its installation position entered at the Head End. */
export function initialConfiguration(spec: DeviceSpec): CabinetConfiguration {
  const config = factoryConfiguration(spec);
  config.headEnd.latitude = spec.latitude;
  config.headEnd.longitude = spec.longitude;
  return config;
}

const sunPlace = ({ time, headEnd }: CabinetConfiguration) =>
  time.useDeviceLocation ? 'device' : `${headEnd.latitude},${headEnd.longitude}`;

/**
 * Puts a validated configuration into effect at `nowMs`: sunrise and sunset move with the offsets and
 * the location they are computed at, fixed rules follow the timezone, and maintenance starts or
 * ends. Intervals, file paths and the other parameters are stored and reported.
 */
export function applyConfiguration(cabinet: Cabinet, next: CabinetConfiguration, nowMs: number): void {
  const previous = cabinet.configuration;
  const config = structuredClone(next);
  // setMaintenance owns the flag, so that entering or leaving maintenance raises or clears its alarm.
  config.other.maintenanceMode = previous.other.maintenanceMode;
  cabinet.configuration = config;
  cabinet.configurationChanged = true;
  if (sunPlace(previous) !== sunPlace(config)) delete cabinet.sun;
  // Unchanged, a maintenance visit keeps its end.
  if (next.other.maintenanceMode !== previous.other.maintenanceMode) {
    setMaintenance(cabinet, next.other.maintenanceMode, nowMs);
  }
}

/** factoryReset: factory parameters, every output back to the astronomical schedule, manual mode ended. */
export function factoryResetCabinet(cabinet: Cabinet, nowMs: number): void {
  for (const output of cabinet.outputs) {
    output.override = null;
    output.schedule = CONFIGURED_ASTRO;
  }
  applyConfiguration(cabinet, factoryConfiguration(cabinet.spec), nowMs);
}
