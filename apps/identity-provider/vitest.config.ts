import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'identity-provider', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30000 },
});
