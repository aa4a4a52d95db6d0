/**
 * `build(t)`-style helper (fastify/demo): a fresh database per test file — an in-memory PGlite,
 * or a new PostgreSQL database when the project runs as `api:postgres` — migrated (a copy of the
 * run's migrated database, global-setup.ts), wrapped in the real app, and dropped afterwards. No
 * mocks of our server or database.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { adminQuery, postgresUrl, withDatabase } from './database-admin';

export { adminQuery, postgresUrl, withDatabase };

export const dbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

export interface TestDatabase {
  database: Database;
  /** The connection string of the fresh PostgreSQL database, when there is one. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh database of the kind this project run tests: a copy of the run's migrated database, or
 * an empty one that the test migrates itself.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  if (dbKind === 'postgres') {
    const name = `registrar_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(
      migrated ? `create database ${name} template ${inject('postgresTemplate')}` : `create database ${name}`,
    );
    const url = withDatabase(postgresUrl!, name);
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    return {
      database,
      url,
      async drop() {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const dump = fs.readFileSync(inject(migrated ? 'pgliteTemplate' : 'pgliteEmpty'));
  const database = await openDatabase({ pgliteDump: new Blob([dump]) });
  return { database, url: undefined, drop: () => database.close() };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-test-'));
  return { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), ...overrides };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/** Builds the real app on a fresh database and tears both down after the file's tests. */
export async function build(
  options: {
    config?: Partial<Config>;
    webRoot?: string;
    logger?: Parameters<typeof buildApp>[0]['logger'];
    /** Extra routes a test needs (e.g. to exercise the error handler), registered before ready. */
    extend?: (app: FastifyInstance) => Promise<void>;
    /** Outbox worker options; by default tests drive `app.outbox.runOnce()` themselves. */
    outbox?: Parameters<typeof buildApp>[0]['outbox'];
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config = testConfig(options.config);
  const app = await buildApp({
    config,
    database: testDb.database,
    webRoot: options.webRoot,
    logger: options.logger,
    outbox: options.outbox ?? { autoStart: false },
    reminders: false,
    nightlyBackups: false,
  });
  if (options.extend) await options.extend(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await testDb.drop();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });
  return { app, database: testDb.database, config };
}

/**
 * Two instances of the real app on one fresh database, as a deployment runs them: on PostgreSQL
 * each with its own pool and listening connection, on PGlite in one process (the embedded
 * database is single-process). Torn down after the file's tests.
 */
export async function buildTwo(): Promise<{ a: FastifyInstance; b: FastifyInstance; testDb: TestDatabase }> {
  const testDb = await createTestDatabase();
  const databaseB = testDb.url ? await openDatabase({ databaseUrl: testDb.url, poolSize: 5 }) : testDb.database;
  const configs = [testConfig(), testConfig()];
  const [a, b] = await Promise.all(
    [testDb.database, databaseB].map(async (database, i) => {
      const app = await buildApp({
        config: configs[i]!,
        database,
        outbox: { autoStart: false },
        reminders: false,
        nightlyBackups: false,
      });
      await app.ready();
      return app;
    }),
  );
  afterAll(async () => {
    await a!.close();
    await b!.close();
    if (databaseB !== testDb.database) await databaseB.close();
    await testDb.drop();
    for (const c of configs) fs.rmSync(c.dataDir, { recursive: true, force: true });
  });
  return { a: a!, b: b!, testDb };
}
