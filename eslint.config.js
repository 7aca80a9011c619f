import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Console features never import each other: app/ composes them (bulletproof-react's rule).
const FEATURES = [
  'map',
  'device',
  'inventory',
  'alarms',
  'dashboard',
  'scheduling',
  'projects',
  'users',
  'traceability',
  'updates',
  'imports',
  'queue',
  'preferences',
  'home',
  'errors',
];
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`apps/console/src/features/${feature}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `(^|/)features/(?!${feature}/)`,
            message: 'Features do not import each other; compose them in src/app/.',
          },
          {
            regex: `^(\\.\\./)+(${FEATURES.filter((other) => other !== feature).join('|')})(/|$)`,
            message: 'Features do not import each other; compose them in src/app/.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...featureBoundaries,
  prettier,
);
