/**
 * `npm run backup -- <file>`, `npm run restore -- <file>` and `npm run restore -- --check <file>`,
 * with the server's configuration (DATA_DIR / DATABASE_URL / S3_* / DOCUMENTS_KEY / BACKUP_PASSPHRASE).
 *   backup: while the server runs. On PostgreSQL this process reads the database in one snapshot
 *     itself; with the embedded database the running server holds it, so it is asked to write the
 *     archive (through DATA_DIR's socket); with no server running, the database is opened here.
 *     Either way the documents go in as stored, sealed.
 *   restore: fills an empty database and document store; refuses one that is not empty, and
 *     writes nothing unless every document opens.
 *   restore --check: reads the archive, writes nothing; exit 1 naming each problem.
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { describeDatabaseError } from './lib/database-errors';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './lib/data-dir-lock';
import { BackupError, writeBackup, type BackupManifest } from './services/backup/backup-archive';
import { checkArchive } from './services/backup/check-archive';
import { ControlSocketError, lockDataDirOrAskServer } from './services/backup/control-socket';
import { keyAdvice } from './services/backup/key-envelope';
import { restoreBackup, type RestoreResult } from './services/backup/restore-archive';
import { MasterKeyError, existingMasterKeys } from './services/documents/master-keys';
import { localFileStorage, type FileStorage } from './services/uploads/file-storage';
import { prepareDatabase, StartupError } from './startup';

const USAGE = `Usage: npm run backup -- <archive.tar>
       npm run restore -- <archive.tar>
       npm run restore -- --check <archive.tar>`;

/** The store itself (sealed files), never a decrypting view. */
async function openStore(config: Config): Promise<{ store: FileStorage; close(): void }> {
  if (!config.s3) return { store: localFileStorage(path.join(config.dataDir, 'uploads')), close: () => undefined };
  const { openS3FileStorage } = await import('./services/uploads/s3-file-storage');
  const store = await openS3FileStorage(config.s3);
  return { store, close: () => store.close() };
}

/** The keys the configuration names, never creating one; PostgreSQL reads only DOCUMENTS_KEY. */
const configuredKeys = (config: Config) =>
  config.databaseUrl && !config.documentsKey ? undefined : existingMasterKeys(config);

/** Opens the database and the document store for `work`; after it, closes both and frees the data folder. */
async function withData<T>(
  config: Config,
  lock: DataDirLock | undefined,
  work: (database: Database, store: FileStorage) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolSize: 2,
  });
  const { store, close } = await openStore(config);
  try {
    return await work(database, store);
  } finally {
    close();
    await database.close();
    lock?.release();
  }
}

async function backup(config: Config, file: string): Promise<BackupManifest> {
  const request = { backup: file, ...(config.backupPassphrase ? { passphrase: config.backupPassphrase } : {}) };
  const held = await lockDataDirOrAskServer<{ manifest: BackupManifest }>(config, request);
  if ('answer' in held) return held.answer.manifest;
  return withData(config, held.lock, (database, store) =>
    writeBackup({ db: database.db, store, keys: configuredKeys(config), passphrase: config.backupPassphrase }, file),
  );
}

async function restore(config: Config, file: string): Promise<RestoreResult> {
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) lock = lockDataDir(config.dataDir); // a running server must be stopped first
  return withData(config, lock, async (database, store) => {
    // Migrations only: the first staff account comes from the archive.
    await prepareDatabase(database, { ...config, adminEmail: undefined, adminPassword: undefined }, () => undefined, {
      firstStaff: false,
    });
    return await restoreBackup(
      {
        db: database.db,
        store,
        dataDir: config.dataDir,
        keys: configuredKeys(config),
        keyFileAllowed: !config.databaseUrl && !config.documentsKey,
        passphrase: config.backupPassphrase,
      },
      file,
    );
  });
}

async function check(config: Config, file: string): Promise<number> {
  const result = await checkArchive(file, { passphrase: config.backupPassphrase, configured: configuredKeys(config) });
  for (const line of result.problems) process.stdout.write(`damaged: ${line}\n`);
  if (result.problems.length) {
    process.stdout.write(`${result.problems.length} problem(s) found in ${file}: it would not restore as it is.\n`);
    return 1;
  }
  const entries = Object.keys(result.manifest.files).length;
  process.stdout.write(
    `${file} (${result.manifest.createdAt}): all ${entries} entries match their checksums, all ${result.documents} documents open with the documents key, schema ${result.manifest.migration} restores with this version.\n`,
  );
  return 0;
}

const summary = (manifest: BackupManifest) =>
  `${Object.values(manifest.tables).reduce((a, b) => a + b, 0)} records and ${manifest.documents} documents (${manifest.createdAt})`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const command = args[0];
  const checking = command === 'restore' && args[1] === '--check';
  const target = checking ? args[2] : args[1];
  if ((command !== 'backup' && command !== 'restore') || !target || args.length > (checking ? 3 : 2)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  try {
    const config = loadConfig();
    if (checking) return await check(config, file);
    if (command === 'backup') {
      const manifest = await backup(config, file);
      process.stdout.write(`Backed up ${summary(manifest)} to ${file}\n`);
      if (manifest.missingDocuments.length)
        process.stdout.write(`  ${manifest.missingDocuments.length} documents were deleted while the backup ran.\n`);
      process.stdout.write(`${keyAdvice(config, Boolean(manifest.keysWrapped))}\n`);
      return 0;
    }
    const result = await restore(config, file);
    process.stdout.write(`Restored ${summary(result)} from ${file}; every document opens.\n`);
    if (result.sealedOnRestore)
      process.stdout.write(
        `  ${result.sealedOnRestore} documents the archive held unencrypted were encrypted on the way in.\n`,
      );
    return 0;
  } catch (err) {
    if (
      err instanceof ConfigError ||
      err instanceof BackupError ||
      err instanceof DataDirLockedError ||
      err instanceof StartupError ||
      err instanceof ControlSocketError ||
      err instanceof MasterKeyError
    ) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    // Anything else (the database or the bucket failing mid-way): one line, without credentials.
    const url = process.env.DATABASE_URL;
    process.stderr.write(
      `${command} failed: ${url ? describeDatabaseError(err, url) : String((err as Error).message).split('\n')[0]}\n`,
    );
    return 1;
  }
}

process.exitCode = await main();
