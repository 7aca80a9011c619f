import { readdirSync } from 'node:fs';
import path from 'node:path';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
const CONSOLE_SRC = 'apps/console/src';

// The console's features are the folders under src/features: a new one is fenced in the moment it exists.
const FEATURES = readdirSync(path.join(ROOT, CONSOLE_SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Shared code is everything in src/ except app/, features/ and the entry point that mounts app/.
const SHARED = readdirSync(path.join(ROOT, CONSOLE_SRC))
  .filter((name) => !['app', 'features', 'main.tsx'].includes(name))
  .map((name) => `${CONSOLE_SRC}/${name}`);

// One-way imports in the console: app → features → shared code (bulletproof-react's rule).
const CONSOLE_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `${CONSOLE_SRC}/features/${feature}`,
    from: `${CONSOLE_SRC}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in src/app/, or move the shared piece to shared code.',
  })),
  {
    target: `${CONSOLE_SRC}/features`,
    from: `${CONSOLE_SRC}/app`,
    message: 'Features never import app/: app/ composes them.',
  },
  {
    target: SHARED,
    from: [`${CONSOLE_SRC}/app`, `${CONSOLE_SRC}/features`],
    message: 'Shared code never imports a feature or app/.',
  },
];

const SERVER_SRC = 'apps/realtime-server/src';
const SERVER_PLATFORM = ['platform', 'auth', 'db', 'http', 'realtime', 'device-link'].map(
  (layer) => `${SERVER_SRC}/${layer}`,
);

// The server: platform layers hold no feature, and a feature's domain code knows nothing of HTTP.
const SERVER_ZONES = [
  {
    target: SERVER_PLATFORM,
    from: `${SERVER_SRC}/modules`,
    message: 'Platform layers never import a feature module: modules register with the platform instead.',
  },
  {
    target: [`${SERVER_SRC}/modules/**/*.service.ts`, `${SERVER_SRC}/modules/**/*.repository.ts`],
    from: `${SERVER_SRC}/http`,
    message: 'Services and repositories throw DomainError; only routes and the HTTP layer speak HTTP.',
  },
];

// Server modules talk through contracts: a module imports another only through its contract.ts
// (its service types and the events it emits). Tests may reach further, to assemble real parts.
const SERVER_MODULES = readdirSync(path.join(ROOT, SERVER_SRC, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const MODULE_CONTRACT_ZONES = SERVER_MODULES.map((module) => ({
  target: `${SERVER_SRC}/modules/${module}`,
  from: `${SERVER_SRC}/modules`,
  except: [
    `./${module}`,
    ...SERVER_MODULES.filter((other) => other !== module).map((other) => `./${other}/contract.ts`),
  ],
  message: "Modules import each other only through contract.ts: add what you need to the other module's contract.",
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  comments.recommended,
  {
    // An unused eslint-disable is an error: ESLint's own check, which replaced eslint-comments/no-unused-disable.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@eslint-community/eslint-comments/require-description': 'error',
      // kebab-case file and folder names; a file's name is its part before the first dot (`x.styles.ts`, `x.test.ts`).
      'check-file/filename-naming-convention': ['error', { '**/*': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Type-aware rules: every .ts/.tsx file belongs to its workspace's tsconfig.json or the root one;
    // JavaScript files (this config) are linted without type information.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves `@/` and `@farola/*` as TypeScript does, from each file's own tsconfig.json.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'].map((glob) => path.join(ROOT, glob)),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [`${CONSOLE_SRC}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: CONSOLE_ZONES }] },
  },
  {
    files: [`${SERVER_SRC}/**/*.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: SERVER_ZONES }] },
  },
  {
    files: [`${SERVER_SRC}/modules/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...SERVER_ZONES, ...MODULE_CONTRACT_ZONES] }],
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  prettier,
);
