import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

const TEST_FILE = /\.test\.tsx?$/;
const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The test files that replace a module with `vi.mock`: a module cache shared with the other files
 * would keep whichever version was imported first (the realtime client, for one, holds its socket),
 * so these run in a fresh module cache each — the `console-mocks` project.
 */
export const MOCKING_FILES = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => TEST_FILE.test(file) && readFileSync(`${src}/${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);

export const consoleTestConfig = mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['src/test-setup.ts'],
      // Page tests render Fluent UI in jsdom, which is slow on a busy machine: `npm test` runs them
      // at a lower priority beside the browser tests (a list's 25 rows ticked one by one took 15 s there).
      testTimeout: 30_000,
    },
  }),
);

export default mergeConfig(
  consoleTestConfig,
  defineConfig({
    test: {
      name: 'console',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: MOCKING_FILES,
      // The files share one module cache and jsdom: a fresh one per file cost 4:05 against 2:36 for all of them.
      isolate: false,
    },
  }),
);
