import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts naming its project; `--project` picks them.
export default defineConfig({
  test: {
    projects: [
      'packages/protocol',
      'apps/realtime-server',
      'apps/fleet-simulator',
      'apps/identity-provider',
      'apps/console',
      'tests/integration',
    ],
  },
});
