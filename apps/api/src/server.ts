/**
 * Starts Registrar: validate configuration, lock DATA_DIR (PGlite), open and migrate the
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
    pgliteDir: path.join(config.dataDir, 'db'),
  }).catch((err: Error) => fail(`Cannot open the database: ${err.message.split('\n')[0]}`));
  await prepareDatabase(database, config, (text) => process.stdout.write(`${text}\n`)).catch((err: Error) => {
    if (err instanceof StartupError) fail(err.message);
    throw err;
  });

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
  app.log.info(`Registrar is ready on ${config.publicUrl} (database: ${db})`);
}

void main();
