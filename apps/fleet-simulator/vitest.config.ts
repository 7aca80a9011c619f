import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'fleet-simulator', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30000 },
});
