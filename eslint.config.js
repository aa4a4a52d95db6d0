// One lint setup for the whole repository: TypeScript rules, React hooks, kebab-case
// file names, and imports that flow one way — web: shared → features → app;
// api: routes → services → repositories (and db below them all).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { noRestrictedPaths } from './scripts/eslint-restricted-paths.js';

// Imports flow one way. Flat config lets a later block replace a rule, so each layer lists every
// restriction it needs in one block. Patterns are gitignore-style, matched against the specifier.
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const webToApi = {
  group: ['**/api/src/**', '@registrar/api*'],
  message: 'the browser shares only packages/contract with the server',
};
const apiToWeb = {
  group: ['**/web/src/**', '@registrar/web*'],
  message: 'the server shares only packages/contract with the browser',
};

const layerRules = [
  restrict(
    ['apps/web/src/shared/**'],
    [
      {
        group: ['**/features/**', '**/app/**'],
        message: 'shared code cannot depend on features or the app (shared → features → app)',
      },
      webToApi,
    ],
  ),
  restrict(
    ['apps/web/src/features/**'],
    [{ group: ['**/app/**'], message: 'features cannot depend on the app layer (shared → features → app)' }, webToApi],
  ),
  restrict(['apps/web/src/app/**'], [webToApi]),
  restrict(
    ['apps/api/src/repositories/**'],
    [
      {
        group: ['**/services/**', '**/routes/**', '**/plugins/**'],
        message: 'repositories sit below services and routes (routes → services → repositories)',
      },
      apiToWeb,
    ],
  ),
  restrict(
    ['apps/api/src/db/**'],
    [
      {
        group: ['**/services/**', '**/routes/**', '**/repositories/**', '**/plugins/**'],
        message: 'the database layer depends on nothing above it',
      },
      apiToWeb,
    ],
  ),
  restrict(
    ['apps/api/src/plugins/**'],
    [
      {
        group: ['**/db/schema', 'drizzle-orm', 'drizzle-orm/*', '**/routes/**'],
        message: 'a plugin reads and writes through a service or a repository, never the database directly',
      },
      apiToWeb,
    ],
  ),
  restrict(['apps/api/src/lib/**'], [apiToWeb]),
  restrict(
    ['packages/contract/**'],
    [
      {
        group: ['**/apps/**', '@registrar/api*', '@registrar/web*'],
        message: 'the contract depends on nothing of ours',
      },
    ],
  ),
];

// Routes reach data through services only: a route that imports the schema, a repository or the
// query builder would put SQL (and the rules around it) where the next reader does not look for it.
const routesUseServicesOnly = restrict(
  ['apps/api/src/routes/**'],
  [
    {
      group: ['**/db/**', '**/repositories/**', 'drizzle-orm', 'drizzle-orm/*'],
      message: 'routes reach the database through a service (routes → services → repositories → db)',
    },
    apiToWeb,
  ],
);

// Services reach the database through repositories: they hold the handle they are handed (its type
// from db/database) to pass on and to open transactions, and write no SQL of their own.
const servicesAboveRoutes = {
  group: ['**/routes/**', '**/plugins/**'],
  message: 'services cannot depend on routes (routes → services → repositories)',
};
const servicesWriteNoSql = [
  servicesAboveRoutes,
  apiToWeb,
  {
    group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema'],
    message: 'a service queries through a repository (services → repositories → db)',
  },
  {
    group: ['**/db/database'],
    allowTypeImports: true,
    message: 'a service takes only the handle types from db/database; its queries live in a repository',
  },
];
// Services that still query the database themselves, to move into repositories/ one at a time.
// This list only shrinks: a file leaves it when its SQL has moved.
const servicesStillQuerying = [
  'apps/api/src/services/collections-service.ts',
  'apps/api/src/services/refund-voucher.ts',
  'apps/api/src/services/student-links.ts',
  'apps/api/src/services/student-messages.ts',
  'apps/api/src/services/student-page-service.ts',
];
const servicesUseRepositories = [
  {
    files: ['apps/api/src/services/**'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: servicesWriteNoSql }],
    },
  },
  {
    files: servicesStillQuerying,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [servicesAboveRoutes, apiToWeb] }] },
  },
];

// Services are built once, in plugins/services.ts: a route or another plugin takes them from the app,
// and a service is handed the services it uses instead of building them (one instance each, wired
// in one place). A route never holds the database handle: what it needs is a service's to do.
// Workers and the digest are services too (they read and write), whatever their names end with.
const newService = (message) => ({
  selector: 'NewExpression[callee.name=/(Service|Worker|Digest)$/]',
  message,
});
const databaseHandle = (message) => ({
  selector: "MemberExpression[property.name='db'][object.property.name='database']",
  message,
});
const builtOnce = (files, selectors, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-syntax': ['error', ...selectors] },
});
const servicesBuiltOnce = [
  builtOnce(
    ['apps/api/src/routes/**'],
    [
      newService('a route takes its services from the app (plugins/services.ts)'),
      databaseHandle('a route hands no database handle: bind the work in plugins/services.ts and call it from the app'),
    ],
  ),
  builtOnce(
    ['apps/api/src/plugins/**'],
    [
      newService('a plugin takes its services from the app (plugins/services.ts builds each once)'),
      databaseHandle('a plugin hands no database handle: plugins/services.ts builds what needs one'),
    ],
    ['apps/api/src/plugins/services.ts'],
  ),
  builtOnce(
    ['apps/api/src/services/**'],
    [newService('a service is handed the services it uses (plugins/services.ts)')],
  ),
];

// Web feature zones, as bulletproof-react draws them: a feature imports only shared/, the contract
// and what the app hands it (props, store, router); never another feature. Features that work
// together are composed by the route that holds them (app/router.tsx). One zone a feature folder.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeatureZones = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  plugins: { 'web-zones': { rules: { 'no-restricted-paths': noRestrictedPaths } } },
  rules: {
    'web-zones/no-restricted-paths': [
      'error',
      {
        basePath: import.meta.dirname,
        zones: webFeatures.map((feature) => ({
          target: `apps/web/src/features/${feature}`,
          from: 'apps/web/src/features',
          except: [feature],
          message: 'a feature imports only shared/, the contract and what the app hands it: compose features in app/',
        })),
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...layerRules,
  routesUseServicesOnly,
  ...servicesUseRepositories,
  webFeatureZones,
  ...servicesBuiltOnce,
);
