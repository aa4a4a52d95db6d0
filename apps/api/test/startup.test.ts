/**
 * Starting against a database: instances that start together take turns at the migrations and the
 * first staff account, and a start fails with one line that says what is wrong, without secrets.
 */
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, migrationsFolder, type Database } from '../src/db/database';
import { describeDatabaseError } from '../src/lib/database-errors';
import { prepareDatabase } from '../src/startup';
import { dbKind, postgresUrl } from './build-app';
import { freePort, startServer } from './process/server-process';
import pg from 'pg';

const migrationCount = (
  JSON.parse(fs.readFileSync(`${migrationsFolder()}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }
).entries.length;

async function admin(text: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const atDatabase = (name: string) => {
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A fresh database and four instances' connections to it (four pools on PostgreSQL). */
async function freshInstances(round: number): Promise<{ instances: Database[]; drop(): Promise<void> }> {
  if (dbKind === 'postgres') {
    const name = `registrar_start_${process.pid}_${round}_${Math.random().toString(36).slice(2, 8)}`;
    await admin(`create database ${name}`);
    const instances = await Promise.all(
      [0, 1, 2, 3].map(() => openDatabase({ databaseUrl: atDatabase(name), poolSize: 3 })),
    );
    return {
      instances,
      async drop() {
        await Promise.all(instances.map((d) => d.close()));
        await admin(`drop database if exists ${name} with (force)`);
      },
    };
  }
  // The embedded database serves one process: its "instances" are four starts sharing it.
  const database = await openDatabase({});
  return { instances: [database, database, database, database], drop: () => database.close() };
}

const adminConfig = { databaseUrl: undefined, adminEmail: 'head@institute.in', adminPassword: 'Configured-Pass-8' };

describe('instances starting together', () => {
  it('four at once on a fresh database, ten times: all come up, migrated once, one first account', async () => {
    // The race is PostgreSQL's (separate connections); the embedded database's slow creation gets two rounds.
    for (let round = 0; round < (dbKind === 'postgres' ? 10 : 2); round += 1) {
      const { instances, drop } = await freshInstances(round);
      try {
        const printed: string[] = [];
        const results = await Promise.allSettled(
          instances.map((database) => prepareDatabase(database, adminConfig, (t) => printed.push(t))),
        );
        expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'up'))).toEqual([
          'up',
          'up',
          'up',
          'up',
        ]);
        const db = instances[0]!.db;
        const staff = await db.execute<{ n: number }>(sql`select count(*)::int as n from staff`);
        expect((staff as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
        const applied = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect((applied as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(migrationCount);
        expect(printed).toHaveLength(1);
      } finally {
        await drop();
      }
    }
  }, 240_000);
});

if (dbKind === 'postgres') {
  describe('four server processes started at once on a fresh PostgreSQL database', () => {
    it('all four come up and serve, with one first staff account', async () => {
      const name = `registrar_procs_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      await admin(`create database ${name}`);
      const ports = await Promise.all([0, 1, 2, 3].map(() => freePort()));
      const servers = ports.map((port, i) =>
        startServer({
          DATABASE_URL: atDatabase(name),
          // Instances on one database share one documents key.
          DOCUMENTS_KEY: Buffer.alloc(32, 7).toString('base64'),
          DATA_DIR: fs.mkdtempSync(`${os.tmpdir()}/registrar-procs-${i}-`),
          PORT: String(port),
          ADMIN_EMAIL: 'head@institute.in',
          ADMIN_PASSWORD: 'Configured-Pass-8',
        }),
      );
      try {
        await Promise.all(servers.map((s) => s.ready()));
        for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
        const created = servers.filter((s) => s.output().stdout.includes('First staff account created'));
        expect(created).toHaveLength(1);
      } finally {
        servers.forEach((s) => s.child.kill('SIGTERM'));
        await Promise.all(servers.map((s) => s.exited));
        await admin(`drop database if exists ${name} with (force)`);
      }
    }, 400_000);
  });
}

describe('start-up errors', () => {
  const secret = 'S3cret-Pass-42';

  it('a refused port names host:port, in one line without the credentials', async () => {
    const port = await freePort();
    const url = `postgres://registrar:${secret}@127.0.0.1:${port}/registrar`;
    const database = await openDatabase({ databaseUrl: url });
    const failure = await prepareDatabase(database, { ...adminConfig, databaseUrl: url }, () => undefined).catch(
      (e: Error) => e.message,
    );
    await database.close();
    expect(failure).toBe(
      `Cannot connect to PostgreSQL at 127.0.0.1:${port}: connection refused (is the server running and listening there?).`,
    );
  });

  it('an unknown host is named as such', async () => {
    const url = `postgres://registrar:${secret}@no-such-host.invalid:5432/registrar`;
    const database = await openDatabase({ databaseUrl: url });
    const failure = await prepareDatabase(database, { ...adminConfig, databaseUrl: url }, () => undefined).catch(
      (e: Error) => e.message,
    );
    await database.close();
    expect(failure).toBe('Cannot connect to PostgreSQL: unknown host "no-such-host.invalid" in DATABASE_URL.');
  });

  if (dbKind === 'postgres') {
    it('on a real server: a missing database and a refused sign-in say so', async () => {
      const server = new URL(postgresUrl!);
      const at = `${server.hostname}:${server.port || '5432'}`;
      const missing = new URL(postgresUrl!);
      missing.pathname = '/registrar_no_such_database';
      missing.password = secret;
      const unknownRole = new URL(postgresUrl!);
      unknownRole.username = 'registrar_no_such_role';
      unknownRole.password = secret;
      for (const [url, expected] of [
        [
          missing.toString(),
          `The database "registrar_no_such_database" does not exist on the PostgreSQL server at ${at}; create it (createdb registrar_no_such_database) or fix DATABASE_URL.`,
        ],
        [
          unknownRole.toString(),
          `PostgreSQL at ${at} refused the sign-in: authentication failed (check the user and password in DATABASE_URL).`,
        ],
      ] as const) {
        const database = await openDatabase({ databaseUrl: url });
        const failure = await prepareDatabase(database, { ...adminConfig, databaseUrl: url }, () => undefined).catch(
          (e: Error) => e.message,
        );
        await database.close();
        expect(failure).toBe(expected);
      }
    });
  } else {
    // This PostgreSQL trusts every local sign-in, so a wrong password cannot be provoked: the
    // server's error codes (what pg reports) are mapped instead.
    it('maps the server’s codes: missing database, wrong password, unknown role', () => {
      const url = `postgres://registrar:${secret}@db.internal:6543/admissions`;
      const wrapped = (code: string) =>
        Object.assign(new Error('Failed query: select 1'), { cause: { code, message: 'x' } });
      expect(describeDatabaseError(wrapped('3D000'), url)).toBe(
        'The database "admissions" does not exist on the PostgreSQL server at db.internal:6543; create it (createdb admissions) or fix DATABASE_URL.',
      );
      for (const code of ['28P01', '28000'])
        expect(describeDatabaseError(wrapped(code), url)).toBe(
          'PostgreSQL at db.internal:6543 refused the sign-in: authentication failed (check the user and password in DATABASE_URL).',
        );
      const unknown = describeDatabaseError(new Error(`could not parse postgres://registrar:${secret}@db`), url);
      expect(unknown).not.toContain(secret);
    });
  }
});
