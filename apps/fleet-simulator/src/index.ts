// The simulator's public API: used by npm start's launcher, the integration tests and the benchmark.
export {
  DEFAULT_FLEET_OPTIONS,
  type FleetOptions,
  type LatLng,
  loadSimulatorConfig,
  SimulatorConfigError,
} from './config';
export { type LoadedScenario, loadScenario } from './control/scenarios';
export { type Fleet, startFleet } from './fleet';
export type { FleetDeviceInfo } from './fleet-device';
export { buildFleetLayout, type DeviceSpec, type LayoutOptions } from './layout';
export { sunDay, type SunDay } from './schedule';
