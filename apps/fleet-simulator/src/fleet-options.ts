import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID } from '@farola/protocol';
import type { GatewayGrouping } from './connections';
import type { LoadedScenario } from './control/scenarios';
import type { LatLng } from './device-spec';
import { DEFAULT_SERIAL_PREFIX } from './layout';
import type { ProvisioningOptions } from './provisioner';

/** Everything that shapes a simulated fleet; `loadSimulatorConfig` reads it from SIM_* variables. */
export interface FleetOptions {
  mqttUrl: string;
  devices: number;
  seed: string;
  center: LatLng;
  /** Multiplies simulated time for command latencies and energy integration. */
  speed: number;
  reportIntervalSeconds: number;
  /** Devices per MQTT connection (above 1 a gateway connection carries them), or `cabinet`: each cabinet carries its light points. */
  gatewaySize: GatewayGrouping;
  /** Project hints sent at registration: the first for most districts, the second for the old town, the third for the north districts. */
  projectIds: readonly string[];
  serialPrefix: string;
  errorRate: number;
  /** Probability that an installation attempt meets a passing fault. */
  installFailureRate: number;
  dropRatePerHour: number;
  /** Multiplies the rates of rare cabinet events (door opened, mains lost, meter silent, …); 0: none. */
  cabinetEventRate: number;
  /** Spontaneous faults of each kind per light point and simulated year (lamp failure, day-burner, …). */
  faultRatePerYear: number;
  logLevel: string;
  /** The control interface's address (SIM_CONTROL_PORT, SIM_CONTROL_HOST); null: none. */
  control: { port: number; host: string } | null;
  /** A scenario to run once every device has reported (SIM_SCENARIO: a shipped name or a .json file); null: none. */
  scenario: LoadedScenario | null;
  /** Provision the fleet through the server's API and connect with credentials; null for a broker without auth. */
  provisioning: ProvisioningOptions | null;
}

export const DEFAULT_FLEET_OPTIONS: FleetOptions = {
  mqttUrl: 'mqtt://127.0.0.1:1884',
  devices: 120,
  seed: 'farola',
  center: { lat: 41.3874, lng: 2.1686 },
  speed: 1,
  reportIntervalSeconds: 10,
  gatewaySize: 1,
  projectIds: [DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID, DEMO_NORTH_PROJECT_ID],
  serialPrefix: DEFAULT_SERIAL_PREFIX,
  errorRate: 0.03,
  installFailureRate: 0.1,
  dropRatePerHour: 0.5,
  cabinetEventRate: 1,
  faultRatePerYear: 0.02,
  logLevel: 'info',
  provisioning: null,
  control: null,
  scenario: null,
};
