import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'fleet-simulator',
    environment: 'node',
    // One worker and module cache for every file (see the server's vitest.config.ts).
    isolate: false,
    include: ['src/**/*.test.ts'],
    testTimeout: 30000,
    // On a loaded 2-core CI machine a report can take more than poll's default second to arrive.
    expect: { poll: { timeout: 10_000 } },
  },
});
