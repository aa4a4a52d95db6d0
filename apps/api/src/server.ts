/**
 * Starts Registrar: validate configuration, migrate a new or upgraded embedded database in a
 * process that exits (src/lib/prepare-apart.ts), lock DATA_DIR (PGlite), open and migrate the
 * database, build the app, listen. SIGTERM/SIGINT finish requests in flight, then exit 0.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { prepareDatabase, StartupError } from './startup';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './lib/data-dir-lock';
import { loggerOptions } from './lib/logger';
import { markPrepared, PREPARE_ONLY_FLAG, preparedAlready, prepareInChild } from './lib/prepare-apart';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  const pgliteDir = path.join(config.dataDir, 'db');
  const prepareOnly = process.argv.includes(PREPARE_ONLY_FLAG);
  // An embedded database this build has migrated (the marker), or one a child has just
  // prepared, needs no migration check of its own here.
  const migrated = !config.databaseUrl && !prepareOnly;
  if (migrated && !preparedAlready(config.dataDir, pgliteDir)) prepareInChild(fileURLToPath(import.meta.url));

  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) fail(err.message);
      throw err;
    }
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir,
  }).catch((err: Error) => fail(`Cannot open the database: ${err.message.split('\n')[0]}`));
  await prepareDatabase(database, config, (text) => process.stdout.write(`${text}\n`), { migrated }).catch(
    (err: Error) => {
      if (err instanceof StartupError) fail(err.message);
      throw err;
    },
  );
  if (!config.databaseUrl) markPrepared(config.dataDir);
  if (prepareOnly) {
    process.stdout.write(`The database in ${pgliteDir} is ready.\n`);
    await database.close();
    lock?.release();
    process.exit(0);
  }

  const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const app = await buildApp({ config, database, logger: loggerOptions(config.logLevel), webRoot });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      lock?.release();
    }
    app.log.info('shutdown complete');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    lock?.release();
    fail(`Cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`);
  }
  const db = database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL';
  const payments = config.payments
    ? config.payments.gateway === 'simulator'
      ? ', payments: SIMULATOR (no real money moves)'
      : `, payments: ${config.payments.gateway}`
    : '';
  app.log.info(`Registrar is ready on ${config.publicUrl} (database: ${db}${payments})`);
}

void main();
