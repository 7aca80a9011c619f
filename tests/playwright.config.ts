import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_EXECUTABLE, HEADLESS_CHROMIUM_ARGS } from './headless-chromium';

// The end-to-end stacks are the demo itself (scripts/start-demo.ts) on their own ports, with an
// in-memory database, a small fleet and no injected failures, so every run starts the same: the
// `demo` and `devices` projects' with authentication disabled, the `signed-in` project's with
// sign-in through the development identity provider (a third process). Each project has a stack
// of its own and runs one test at a time on it, so that no test sees another's commands; two
// projects run side by side. E2E_PORT, E2E_MQTT_PORT, E2E_DEVICES_PORT, E2E_DEVICES_MQTT_PORT,
// E2E_AUTH_PORT, E2E_AUTH_MQTT_PORT and E2E_IDP_PORT move them, so that parallel runs (other
// worktrees, CI jobs) do not collide.
function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) throw new Error(`${name} must be a TCP port`);
  return value;
}
const PORT = port('E2E_PORT', 18080);
const MQTT_PORT = port('E2E_MQTT_PORT', 18884);
const DEVICES_PORT = port('E2E_DEVICES_PORT', 18070);
const DEVICES_MQTT_PORT = port('E2E_DEVICES_MQTT_PORT', 18874);
const AUTH_PORT = port('E2E_AUTH_PORT', 18090);
const AUTH_MQTT_PORT = port('E2E_AUTH_MQTT_PORT', 18894);
const IDP_PORT = port('E2E_IDP_PORT', 18180);
/** The signed-in stack's identity provider; the console and it are both 127.0.0.1, so same-site for cookies. */
export const E2E_IDP_URL = `http://127.0.0.1:${IDP_PORT}`;
/** Short-lived access tokens, so that a test sees keycloak-js refresh one. */
export const E2E_ACCESS_TOKEN_TTL_S = 20;

// Playwright starts every webServer whatever `--project` selects: start a stack only for a run that
// includes its project, so running one project does not wait for (or share the CPU with) the other.
function selectedProjects(): string[] {
  const selected: string[] = [];
  process.argv.forEach((arg, index) => {
    if (arg === '--project') selected.push(process.argv[index + 1] ?? '');
    else if (arg.startsWith('--project=')) selected.push(arg.slice('--project='.length));
  });
  return selected;
}
const runs = (project: string) => selectedProjects().length === 0 || selectedProjects().includes(project);

/**
 * The stacks with authentication disabled count every request against one address, and one test
 * after another drives them faster than a presenter would (a map load per test): no writes or
 * expensive reads limit there. The signed-in stack keeps the defaults, counted per user.
 */
const ONE_ADDRESS_LIMITS = { RATE_LIMIT_WRITES: '0', RATE_LIMIT_EXPENSIVE_READS: '0' };

const commonStackEnv = {
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'warn',
  SIM_DEVICES: '60',
  SIM_ERROR_RATE: '0',
  SIM_DROP_RATE_PER_HOUR: '0',
  // Installations run their seven steps once, without a passing fault that would start them over.
  SIM_INSTALL_FAILURE_RATE: '0',
};

/** `npm start`'s demo on its own ports, with `env` on top of the common settings. */
function demoStack(port: number, env: Record<string, string>) {
  return {
    command: 'node --import tsx scripts/start-demo.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/lighting/api/health`,
    reuseExistingServer: !process.env['CI'],
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      ...commonStackEnv,
      PORT: String(port),
      // The simulator's control interface beside each stack, so tests can act on the devices.
      SIM_CONTROL_PORT: String(port + 5),
      // The database lives in memory: credentials from an earlier run would only be refused and renewed.
      SIM_CREDENTIALS_FILE: path.join(tmpdir(), `farola-e2e-credentials-${port}-${Date.now()}.json`),
      ...env,
    },
  };
}

/** The specs of the `devices` project: those that command, break or reconfigure devices. */
const DEVICE_SPECS = [
  'cabinet-outputs.spec.ts',
  'device-layout.spec.ts',
  'device-panel.spec.ts',
  'device-records.spec.ts',
  'inventory.spec.ts',
  'offline-commands.spec.ts',
  'request-errors.spec.ts',
  'schedule-follow.spec.ts',
  'switch-without-mains.spec.ts',
  'user-management.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two stacks' tests at once; each project one at a time (its `workers`).
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env['CI']
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    // Recording a trace costs about a fifth of a test's time (every action snapshots the page): CI
    // records a failed test's retry only; a local run, without retries, keeps a failed test's.
    trace: process.env['CI'] ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: HEADLESS_CHROMIUM_ARGS },
  },
  // `metadata.mqttPort`: the stack's broker, for tests that connect a device of their own (simulator.ts).
  projects: [
    {
      name: 'demo',
      testIgnore: ['sign-in.spec.ts', ...DEVICE_SPECS],
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${PORT}` },
      metadata: { mqttPort: MQTT_PORT },
    },
    {
      name: 'devices',
      testMatch: DEVICE_SPECS,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${DEVICES_PORT}` },
      metadata: { mqttPort: DEVICES_MQTT_PORT },
    },
    {
      name: 'signed-in',
      testMatch: 'sign-in.spec.ts',
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${AUTH_PORT}` },
      metadata: { mqttPort: AUTH_MQTT_PORT },
    },
  ],
  webServer: [
    ...(runs('demo')
      ? [
          demoStack(PORT, {
            MQTT_PORT: String(MQTT_PORT),
            AUTH_DISABLED: 'true',
            SIM_SERIAL_PREFIX: 'E2E',
            ...ONE_ADDRESS_LIMITS,
          }),
        ]
      : []),
    ...(runs('devices')
      ? [
          demoStack(DEVICES_PORT, {
            MQTT_PORT: String(DEVICES_MQTT_PORT),
            AUTH_DISABLED: 'true',
            SIM_SERIAL_PREFIX: 'E2EDEV',
            ...ONE_ADDRESS_LIMITS,
          }),
        ]
      : []),
    ...(runs('signed-in')
      ? [
          // start-demo starts the server once the identity provider answers: its health means both are up.
          demoStack(AUTH_PORT, {
            MQTT_PORT: String(AUTH_MQTT_PORT),
            AUTH_DISABLED: 'false',
            // Whatever the caller's environment says, this stack runs its own provider.
            OAUTH_URL: '',
            IDP_PORT: String(IDP_PORT),
            IDP_PUBLIC_URL: E2E_IDP_URL,
            IDP_ACCESS_TOKEN_TTL_S: String(E2E_ACCESS_TOKEN_TTL_S),
            SIM_SERIAL_PREFIX: 'E2EAUTH',
          }),
        ]
      : []),
  ],
});
