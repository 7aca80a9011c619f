import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'realtime-server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/pglite-template.global.ts'],
    setupFiles: ['src/testing/use-pglite-template.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    // On a loaded 2-core CI machine an awaited message can take more than poll's default second.
    expect: { poll: { timeout: 10_000 } },
  },
});
