import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_FLEET_OPTIONS, type FleetOptions } from './fleet-options';

/**
 * The simulator's settings from SIM_* variables: the fleet's options, with the scenario SIM_SCENARIO
 * names still to be loaded (`startupOptions` does, so that a bad one stops start-up).
 */
export interface SimulatorConfig extends Omit<FleetOptions, 'scenario'> {
  /** SIM_SCENARIO: a shipped scenario's name or a `.json` file; null: none. */
  scenarioReference: string | null;
}

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

/** Every environment variable this app reads, by name (docs/configuration.md lists each: a test compares). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

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

/**
 * Reads the simulator's configuration from environment variables. Empty values count as unset.
 * Throws SimulatorConfigError naming every bad variable.
 *
 * @example
 * loadSimulatorConfig({ SIM_DEVICES: '500', SIM_SPEED: '10' }).devices; // 500
 */
export function loadSimulatorConfig(env: Record<string, string | undefined>): SimulatorConfig {
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
    scenarioReference: e.SIM_SCENARIO ?? null,
  };
}
