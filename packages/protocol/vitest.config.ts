import { defineConfig } from 'vitest/config';

// One worker and module cache for every file (see the server's vitest.config.ts).
export default defineConfig({
  test: { name: 'protocol', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
