import { defineConfig, mergeConfig } from 'vitest/config';
import { consoleTestConfig, MOCKING_FILES } from './vitest.config';

/** The console's test files that mock a module, each in a fresh module cache (vitest.config.ts says why). */
export default mergeConfig(
  consoleTestConfig,
  defineConfig({ test: { name: 'console-mocks', include: MOCKING_FILES } }),
);
