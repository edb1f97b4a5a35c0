// One lint set-up for the whole repository: TypeScript strict, imports (type-only, no cycles, the
// layers), React hooks, accessibility and TanStack Query rules; prettier formats.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';
import { boundaryZones } from './lint/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'web/dist/**',
      'functions/lib/**',
      '.dev-data/**',
      '.bench/**',
      '**/coverage/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Without these, import-x reads no TypeScript file's imports and no-cycle finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves the web app's path aliases too, so import-x/no-cycle sees through them.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'functions/tsconfig.json',
            'dev/tsconfig.json',
            'tests/tsconfig.json',
            'web/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones(import.meta.dirname) }],
      'no-console': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Says where the React Compiler would skip a component (TanStack Table and Virtual hand
      // back functions it cannot memoize). The app is not built with the compiler, so there is
      // nothing to act on.
      'react-hooks/incompatible-library': 'off',
    },
  },
  { files: ['web/**/*.{ts,tsx}'], ...jsxA11y.flatConfigs.recommended },
  ...pluginQuery.configs['flat/recommended'].map((c) => ({ ...c, files: ['web/**/*.{ts,tsx}'] })),
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      // The app's services (the API client, the Firebase runtime, push settings) are fixed for
      // its life: they are what a query runs on, never an input that names its data.
      '@tanstack/query/exhaustive-deps': [
        'error',
        {
          allowlist: {
            variables: ['api', 'services', 'firebase'],
            types: ['ApiClient', 'Services'],
          },
        },
      ],
    },
  },
  {
    // What the browser loads is built on zod/mini, whose checks tree-shake: classic zod would
    // add about 20 kB gzip to every first load (the bundle budget's margin). Node code keeps
    // classic zod; the two compose (a classic object may hold a mini schema).
    files: ['web/src/**/*.{ts,tsx}', 'functions/src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "The browser's code imports zod/mini." }] },
      ],
    },
  },
  {
    // Command-line entry points of the local stack and the benchmarks talk to a terminal.
    files: ['dev/start.ts', 'dev/**/cli.ts', 'bench/**/*.ts', 'tests/support/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
