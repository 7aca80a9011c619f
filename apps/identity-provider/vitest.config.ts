import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'identity-provider',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30000,
    // One worker and module cache for every file (see the server's vitest.config.ts).
    isolate: false,
  },
});
