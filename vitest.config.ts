import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { compiledCatalogues } from './apps/web/build/compiled-catalogues';

// One runner for every unit and API test. The API suite runs once per database:
// always on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. REQUIRE_POSTGRES=1 turns a
// missing TEST_DATABASE_URL into a failure instead of leaving the PostgreSQL run out.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
  console.warn('TEST_DATABASE_URL is not set: the API tests run on PGlite only.');
}

const apiProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    root: 'apps/api',
    include: ['test/**/*.test.ts'],
    exclude,
    env,
    // One migrated database per run, which every test file's fresh database copies.
    globalSetup: ['test/global-setup.ts'],
    // A worker keeps the modules it loaded for its next file: every file builds its own app on its
    // own database (build-app.ts), so nothing a test touches is shared, and loading Fastify, the
    // routes and the drivers again for each file was half the suite's CPU time.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Every core runs test files (vitest's default leaves one for itself: on a 2-core CI machine, one
    // worker). The files wait on databases and sockets as much as on the CPU; measured on 2 cores,
    // the whole run took 1,562 s with two workers against 1,778 s with one.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'tooling', root: '.', include: ['scripts/test/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'contract', root: 'packages/contract', include: ['test/**/*.test.ts'] } },
      {
        // The students' catalogues are compiled as the app's build compiles them.
        plugins: [compiledCatalogues()],
        // A screen test renders MUI in jsdom: on a loaded 2-core machine one takes over the default 5 s.
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 30_000,
        },
      },
      apiProject('api:pglite', { TEST_DB: 'pglite' }),
      // Process-level tests (DATA_DIR lock, signals) do not depend on the database: PGlite run only.
      ...(postgresUrl ? [apiProject('api:postgres', { TEST_DB: 'postgres' }, ['test/process/**'])] : []),
    ],
  },
});
