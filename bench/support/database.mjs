// A fresh PostgreSQL database for a bench run: BENCH_DATABASE_URL names a server the bench may
// create databases on; the database itself is dropped and created anew, so every run starts empty.
import pg from 'pg';

/**
 * BENCH_DATABASE_URL, and BENCH_DB_NAME (else `defaultName`), checked: exits 2 with one line when
 * the server is not given or the name is not a plain identifier (it goes into SQL as it is).
 * @param {string} defaultName @returns {{ admin: string, dbName: string }}
 */
export function benchDatabase(defaultName) {
  const admin = process.env.BENCH_DATABASE_URL;
  const dbName = process.env.BENCH_DB_NAME ?? defaultName;
  if (!admin) {
    console.error(`Set BENCH_DATABASE_URL to a PostgreSQL server (a database ${dbName} is created there).`);
    process.exit(2);
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) {
    console.error('BENCH_DB_NAME must be a plain lower-case identifier.');
    process.exit(2);
  }
  return { admin, dbName };
}

/**
 * Drops `dbName` (closing its connections) on the server `admin` points at, creates it empty, and
 * returns its connection string. @param {string} admin @param {string} dbName @returns {Promise<string>}
 */
export async function recreateDatabase(admin, dbName) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`drop database if exists ${dbName} with (force)`);
    await client.query(`create database ${dbName}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  return url.toString();
}
