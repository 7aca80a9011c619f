import { defineConfig } from 'vitest/config';

// Integration tests start real servers, brokers and simulators: run files one at a time on 2 cores.
export default defineConfig({
  test: {
    name: 'integration',
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
