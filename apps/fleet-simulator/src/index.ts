// The simulator's public API: used by npm start's launcher, the integration tests and the benchmark.
export { loadSimulatorConfig, type SimulatorConfig, SimulatorConfigError } from './config';
export { type LoadedScenario, loadScenario } from './control/scenarios';
export type { DeviceSpec, LatLng } from './device-spec';
export { type Fleet, startFleet } from './fleet';
export type { FleetDeviceInfo } from './fleet-device';
export { DEFAULT_FLEET_OPTIONS, type FleetOptions } from './fleet-options';
export { buildFleetLayout, type LayoutOptions } from './layout';
export { sunDay, type SunDay } from './schedule';
export { startupOptions } from './startup';
