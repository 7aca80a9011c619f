import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'realtime-server',
    environment: 'node',
    // The files share one worker and its module cache (each test builds its own server, database and
    // broker): a fresh process per file cost more than the tests themselves.
    isolate: false,
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/pglite-template.global.ts'],
    setupFiles: ['src/testing/use-pglite-template.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    // On a loaded 2-core CI machine an awaited message can take more than poll's default second.
    expect: { poll: { timeout: 10_000 } },
  },
});
