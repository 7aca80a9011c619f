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
    // On a loaded 2-core CI machine an awaited message can take more than poll's default second.
    expect: { poll: { timeout: 10_000 } },
  },
});
