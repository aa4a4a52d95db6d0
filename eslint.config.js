// One lint setup for the whole repository (issue 2): TypeScript rules, React hooks, kebab-case
// file names, and imports that flow one way — web: shared → features → app;
// api: routes → services → repositories (and db below them all).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'off',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,css}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,bench}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/shared',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'shared code cannot depend on features or the app (shared → features → app)',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'features cannot depend on the app layer (shared → features → app)',
            },
            {
              target: './apps/web/src',
              from: './apps/api',
              message: 'the browser shares only packages/contract with the server',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/api/src/repositories',
              from: ['./apps/api/src/services', './apps/api/src/routes', './apps/api/src/plugins'],
              message: 'repositories sit below services and routes (routes → services → repositories)',
            },
            {
              target: './apps/api/src/services',
              from: ['./apps/api/src/routes'],
              message: 'services cannot depend on routes (routes → services → repositories)',
            },
            {
              target: './apps/api/src/db',
              from: ['./apps/api/src/services', './apps/api/src/routes', './apps/api/src/repositories'],
              message: 'the database layer depends on nothing above it',
            },
            {
              target: './apps/api/src',
              from: './apps/web',
              message: 'the server shares only packages/contract with the browser',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/contract',
              from: ['./apps'],
              message: 'the contract depends on nothing of ours',
            },
          ],
        },
      ],
    },
  },
);
