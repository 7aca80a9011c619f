import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The end-to-end stack is the demo itself (scripts/start-demo.ts) on its own ports, with an
// in-memory database, a small fleet and no injected failures, so every run starts the same.
// E2E_PORT and E2E_MQTT_PORT move it, so that parallel runs (other worktrees, CI jobs) do not collide.
function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) throw new Error(`${name} must be a TCP port`);
  return value;
}
const PORT = port('E2E_PORT', 18080);
export const E2E_MQTT_PORT = port('E2E_MQTT_PORT', 18884);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env['CI']
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: '/usr/bin/chromium' },
  },
  webServer: {
    command: 'node --import tsx scripts/start-demo.ts',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/lighting/api/health`,
    reuseExistingServer: !process.env['CI'],
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      MQTT_PORT: String(E2E_MQTT_PORT),
      DATA_DIR: 'memory://',
      AUTH_DISABLED: 'true',
      LOG_LEVEL: 'warn',
      SIM_DEVICES: '60',
      SIM_ERROR_RATE: '0',
      SIM_DROP_RATE_PER_HOUR: '0',
      SIM_SERIAL_PREFIX: 'E2E',
      // The database lives in memory: credentials from an earlier run would only be refused and renewed.
      SIM_CREDENTIALS_FILE: path.join(tmpdir(), `farola-e2e-credentials-${Date.now()}.json`),
    },
  },
});
