import path from 'node:path';
import { z } from 'zod';
import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID } from '@farola/protocol';
import type { GatewayGrouping } from './connections';
import { DEFAULT_SERIAL_PREFIX } from './layout';
import { type LoadedScenario, loadScenario, ScenarioError } from './control/scenarios';
import type { ProvisioningOptions } from './provisioner';

/** A point on the map in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Everything that shapes a simulated fleet; `loadSimulatorConfig` builds it from SIM_* variables. */
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

const numberFrom = (schema: z.ZodNumber) => z.coerce.number<string>().pipe(schema);

const CenterSchema = z
  .string()
  .regex(/^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/, "Expected 'lat,lng', e.g. '41.3874,2.1686'")
  .transform((text) => text.split(',').map(Number))
  .pipe(z.tuple([z.number().min(-85).max(85), z.number().min(-180).max(180)]))
  .transform(([lat, lng]) => ({ lat, lng }));

const ProjectIdsSchema = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.uuid()).min(1));

/** SIM_* variables; every one is optional and falls back to DEFAULT_FLEET_OPTIONS. */
const EnvSchema = z.object({
  SIM_MQTT_URL: z.url({ protocol: /^(mqtts?|wss?|tcp)$/ }).optional(),
  SIM_DEVICES: numberFrom(z.number().int().min(1).max(1_000_000)).optional(),
  SIM_SEED: z.string().min(1).max(200).optional(),
  SIM_CENTER: CenterSchema.optional(),
  SIM_SPEED: numberFrom(z.number().positive().max(10_000)).optional(),
  SIM_REPORT_INTERVAL_S: numberFrom(z.number().min(0.1).max(86_400)).optional(),
  SIM_GATEWAY_SIZE: z.union([z.literal('cabinet'), numberFrom(z.number().int().min(1).max(100_000))]).optional(),
  SIM_PROJECT_IDS: ProjectIdsSchema.optional(),
  SIM_SERIAL_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,40}$/, 'Expected 1-40 letters, digits, . _ : -')
    .optional(),
  SIM_ERROR_RATE: numberFrom(z.number().min(0).max(1)).optional(),
  SIM_INSTALL_FAILURE_RATE: numberFrom(z.number().min(0).max(1)).optional(),
  SIM_DROP_RATE_PER_HOUR: numberFrom(z.number().min(0).max(3600)).optional(),
  SIM_CABINET_EVENT_RATE: numberFrom(z.number().min(0).max(10_000)).optional(),
  SIM_FAULT_RATE_PER_YEAR: numberFrom(z.number().min(0).max(10_000)).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  PORT: numberFrom(z.number().int().min(0).max(65_535)).optional(),
  SIM_PROVISION: z.enum(['true', 'false']).optional(),
  SIM_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  SIM_OAUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
  SIM_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  SIM_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  SIM_CREDENTIALS_FILE: z.string().min(1).optional(),
  SIM_CONTROL_PORT: numberFrom(z.number().int().min(0).max(65_535)).optional(),
  SIM_CONTROL_HOST: z.string().min(1).max(255).optional(),
  SIM_SCENARIO: z.string().min(1).max(1000).optional(),
});

type Env = z.infer<typeof EnvSchema>;

/** Provisioning through the API unless SIM_PROVISION=false; a token by the client-credentials grant when SIM_OAUTH_* are set. */
function provisioningOf(e: Env): FleetOptions['provisioning'] {
  if (e.SIM_PROVISION === 'false') return null;
  const oauthSet = [e.SIM_OAUTH_URL, e.SIM_OAUTH_CLIENT_ID, e.SIM_OAUTH_CLIENT_SECRET].filter(Boolean).length;
  if (oauthSet !== 0 && oauthSet !== 3) {
    throw new SimulatorConfigError(
      'Invalid simulator configuration:\n  SIM_OAUTH_URL, SIM_OAUTH_CLIENT_ID and SIM_OAUTH_CLIENT_SECRET go together',
    );
  }
  return {
    apiUrl: (e.SIM_API_URL ?? `http://127.0.0.1:${e.PORT ?? 8080}/lighting/api`).replace(/\/+$/, ''),
    oauth:
      oauthSet === 3
        ? { tokenUrl: e.SIM_OAUTH_URL!, clientId: e.SIM_OAUTH_CLIENT_ID!, clientSecret: e.SIM_OAUTH_CLIENT_SECRET! }
        : null,
    credentialsFile: path.resolve(e.SIM_CREDENTIALS_FILE ?? '.data/simulator-credentials.json'),
  };
}

export class SimulatorConfigError extends Error {}

/** SIM_SCENARIO, loaded and validated now, so that a bad one stops start-up naming the file and step. */
function scenarioOf(reference: string | undefined): LoadedScenario | null {
  if (reference === undefined) return null;
  try {
    return loadScenario(reference);
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw new SimulatorConfigError(
      `Invalid simulator configuration:\n  SIM_SCENARIO: ${error.message.replaceAll('\n', '\n  ')}`,
    );
  }
}

/**
 * Reads the simulator's configuration from environment variables. Empty values count as unset.
 * Throws SimulatorConfigError naming every bad variable.
 *
 * @example
 * loadSimulatorConfig({ SIM_DEVICES: '500', SIM_SPEED: '10' }).devices; // 500
 */
export function loadSimulatorConfig(env: Record<string, string | undefined>): FleetOptions {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new SimulatorConfigError(`Invalid simulator configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const d = DEFAULT_FLEET_OPTIONS;
  return {
    mqttUrl: e.SIM_MQTT_URL ?? d.mqttUrl,
    devices: e.SIM_DEVICES ?? d.devices,
    seed: e.SIM_SEED ?? d.seed,
    center: e.SIM_CENTER ?? d.center,
    speed: e.SIM_SPEED ?? d.speed,
    reportIntervalSeconds: e.SIM_REPORT_INTERVAL_S ?? d.reportIntervalSeconds,
    gatewaySize: e.SIM_GATEWAY_SIZE ?? d.gatewaySize,
    projectIds: e.SIM_PROJECT_IDS ?? d.projectIds,
    serialPrefix: e.SIM_SERIAL_PREFIX ?? d.serialPrefix,
    errorRate: e.SIM_ERROR_RATE ?? d.errorRate,
    installFailureRate: e.SIM_INSTALL_FAILURE_RATE ?? d.installFailureRate,
    dropRatePerHour: e.SIM_DROP_RATE_PER_HOUR ?? d.dropRatePerHour,
    cabinetEventRate: e.SIM_CABINET_EVENT_RATE ?? d.cabinetEventRate,
    faultRatePerYear: e.SIM_FAULT_RATE_PER_YEAR ?? d.faultRatePerYear,
    logLevel: e.LOG_LEVEL ?? d.logLevel,
    provisioning: provisioningOf(e),
    control:
      e.SIM_CONTROL_PORT === undefined ? null : { port: e.SIM_CONTROL_PORT, host: e.SIM_CONTROL_HOST ?? '127.0.0.1' },
    scenario: scenarioOf(e.SIM_SCENARIO),
  };
}
