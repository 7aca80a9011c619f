import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts naming its project (the console two); `--project` picks them.
export default defineConfig({
  test: {
    projects: [
      'packages/protocol',
      'apps/realtime-server',
      'apps/fleet-simulator',
      'apps/identity-provider',
      'apps/console/vitest.config.ts',
      'apps/console/vitest.mocks.config.ts',
      'tests/integration',
    ],
  },
});
