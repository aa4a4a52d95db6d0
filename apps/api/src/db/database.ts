/**
 * Opens the database: PGlite in `DATA_DIR/db` by default, a PostgreSQL server when DATABASE_URL
 * is set. Everything above this file sees one type, `Db`, whatever the engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema';
import { PGLITE_SETTINGS } from './pglite-settings';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** `db` or a transaction: both run the same queries. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The rows a raw statement answers: both drivers answer `{ rows }`, which drizzle types per driver. */
export async function sqlRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
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
  /**
   * Hears `NOTIFY`s on `channel` (a plain identifier): on PostgreSQL over a connection of its own,
   * connected again a second after it drops; on PGlite from the one in-process connection.
   * `onLive(false)` says notifications may be missed until the next `onLive(true)`. Resolves to a stop function.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLive: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const RELISTEN_MS = 1000;

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
  /** A PGlite data directory's dump to start from: tests copy one migrated database instead of initialising their own. */
  pgliteDump?: Blob | undefined;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.pgliteDump);
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
    async listen(channel, onPayload, onLive) {
      let current: InstanceType<typeof pg.Client> | undefined;
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      const retry = () => {
        if (stopped) return;
        timer = setTimeout(() => void connect(), RELISTEN_MS);
        timer.unref();
      };
      const connect = async () => {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
        const lost = () => {
          if (current !== client) return;
          current = undefined;
          onLive(false);
          client.end().catch(() => undefined);
          retry();
        };
        client.on('error', lost);
        client.on('end', lost);
        client.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        try {
          await client.connect();
          await client.query(`listen ${channel}`);
        } catch {
          client.end().catch(() => undefined);
          retry();
          return;
        }
        if (stopped) {
          await client.end().catch(() => undefined);
          return;
        }
        current = client;
        onLive(true);
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        const client = current;
        current = undefined;
        onLive(false);
        await client?.end().catch(() => undefined);
      };
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string | undefined, dump: Blob | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The staff lists' search indexes are pg_trgm's (migration 0009); PostgreSQL ships it in contrib.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const options = {
    ...(dump ? { loadDataDir: dump } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
  };
  const client = await PGlite.create(dir ? { dataDir: dir, ...options } : options);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () => timedVersion(db),
    migrate: () => migrate(db as never, { migrationsFolder: migrationsFolder() }),
    exclusive: inProcessQueue(),
    async listen(channel, onPayload, onLive) {
      // The only connection is this process's own: every change is made through it and heard at once.
      const unlisten = await client.listen(channel, onPayload);
      onLive(true);
      return async () => {
        onLive(false);
        if (!client.closed) await unlisten().catch(() => undefined);
      };
    },
    close: () => client.close(),
  };
}

async function timedVersion(db: Db): Promise<{ serverVersion: string; latencyMs: number }> {
  const started = performance.now();
  const result = await db.execute<{ server_version: string }>(sql`show server_version`);
  const rows = (result as unknown as { rows: { server_version: string }[] }).rows;
  return { serverVersion: rows[0]?.server_version ?? 'unknown', latencyMs: Math.round(performance.now() - started) };
}
