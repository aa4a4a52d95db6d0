/**
 * Opens the database: PGlite in `DATA_DIR/db` by default, a PostgreSQL server when DATABASE_URL
 * is set. Everything above this file sees one type, `Db`, whatever the engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** `db` or a transaction: both run the same queries. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Round-trips to the server; throws when it cannot be reached. */
  ping(): Promise<{ serverVersion: string; latencyMs: number }>;
  migrate(): Promise<void>;
  /**
   * Runs `task` while no other instance runs its own: on PostgreSQL under a session advisory lock
   * (instances starting together take turns), on PGlite one after another in this process.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key that start-up work (migrations, the first staff account) runs under. */
const STARTUP_LOCK_KEY = 734_210_023;

/** One task at a time, in call order: PGlite's single connection has no advisory locks to share. */
function inProcessQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** The migrations folder, found from this module whether it runs from `src/` or the `dist/` bundle. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

export interface OpenOptions {
  /** postgres://… to use a server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's directory; undefined means in memory (tests). */
  pgliteDir?: string | undefined;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () => timedVersion(db),
    migrate: () => migrate(db as never, { migrationsFolder: migrationsFolder() }),
    async exclusive(task) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await task();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => (broken = true));
        }
      } finally {
        // A connection whose unlock failed may still hold the lock: destroy it rather than reuse it.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The staff lists' search indexes are pg_trgm's (migration 0009); PostgreSQL ships it in contrib.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const extensions = { pg_trgm };
  const client = await PGlite.create(dir ? { dataDir: dir, extensions } : { extensions });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () => timedVersion(db),
    migrate: () => migrate(db as never, { migrationsFolder: migrationsFolder() }),
    exclusive: inProcessQueue(),
    close: () => client.close(),
  };
}

async function timedVersion(db: Db): Promise<{ serverVersion: string; latencyMs: number }> {
  const started = performance.now();
  const result = await db.execute<{ server_version: string }>(sql`show server_version`);
  const rows = (result as unknown as { rows: { server_version: string }[] }).rows;
  return { serverVersion: rows[0]?.server_version ?? 'unknown', latencyMs: Math.round(performance.now() - started) };
}
