/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`, with the server's configuration
 * (DATA_DIR / DATABASE_URL / S3_*).
 *   backup: while the server runs. On PostgreSQL this process reads the database in one snapshot
 *     itself; with the embedded database the running server holds it, so it is asked to write the
 *     archive (through DATA_DIR's socket); with no server running, the database is opened here.
 *   restore: fills an empty database and document store; refuses one that is not empty.
 */
import net from 'node:net';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { describeDatabaseError } from './lib/database-errors';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './lib/data-dir-lock';
import { CONTROL_SOCKET } from './plugins/backups';
import { BackupError, restoreBackup, writeBackup, type BackupManifest } from './services/backup/backup-archive';
import { localFileStorage, type FileStorage } from './services/uploads/file-storage';
import { prepareDatabase, StartupError } from './startup';

const USAGE = `Usage: npm run backup -- <archive.tar>
       npm run restore -- <archive.tar>`;

async function openStorage(config: Config): Promise<{ storage: FileStorage; close(): void }> {
  if (!config.s3) return { storage: localFileStorage(path.join(config.dataDir, 'uploads')), close: () => undefined };
  const { openS3FileStorage } = await import('./services/uploads/s3-file-storage');
  const storage = await openS3FileStorage(config.s3);
  return { storage, close: () => storage.close() };
}

/** Asks the server that holds DATA_DIR to write the archive. */
function askRunningServer(dataDir: string, file: string): Promise<BackupManifest> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path.join(dataDir, CONTROL_SOCKET));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ backup: file })}\n`));
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', (err) =>
      reject(new BackupError(`The server running on DATA_DIR ${dataDir} did not answer (${err.message}).`)),
    );
    socket.on('end', () => {
      try {
        const reply = JSON.parse(answer) as { ok: boolean; manifest?: BackupManifest; message?: string };
        if (reply.ok && reply.manifest) resolve(reply.manifest);
        else reject(new BackupError(`The server could not write the backup: ${reply.message ?? 'no answer'}`));
      } catch {
        reject(new BackupError('The server gave no readable answer.'));
      }
    });
  });
}

async function backup(config: Config, file: string): Promise<BackupManifest> {
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) return askRunningServer(config.dataDir, file);
      throw err;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolSize: 2,
  });
  const { storage, close } = await openStorage(config);
  try {
    return await writeBackup({ db: database.db, storage, dataDir: config.dataDir }, file);
  } finally {
    close();
    await database.close();
    lock?.release();
  }
}

async function restore(config: Config, file: string): Promise<BackupManifest> {
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) lock = lockDataDir(config.dataDir); // a running server must be stopped first
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolSize: 2,
  });
  const { storage, close } = await openStorage(config);
  try {
    // Migrations only: the first staff account comes from the archive.
    await prepareDatabase(database, { ...config, adminEmail: undefined, adminPassword: undefined }, () => undefined, {
      firstStaff: false,
    });
    return await restoreBackup({ db: database.db, storage, dataDir: config.dataDir }, file);
  } finally {
    close();
    await database.close();
    lock?.release();
  }
}

async function main(): Promise<number> {
  const [command, target] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !target) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  try {
    const config = loadConfig();
    const manifest = command === 'backup' ? await backup(config, file) : await restore(config, file);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    process.stdout.write(
      `${command === 'backup' ? 'Backed up' : 'Restored'} ${rows} records and ${manifest.documents} documents (${manifest.createdAt}) ${command === 'backup' ? 'to' : 'from'} ${file}\n`,
    );
    if (manifest.missingDocuments.length)
      process.stdout.write(`  ${manifest.missingDocuments.length} documents were deleted while the backup ran.\n`);
    return 0;
  } catch (err) {
    if (
      err instanceof ConfigError ||
      err instanceof BackupError ||
      err instanceof DataDirLockedError ||
      err instanceof StartupError
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
