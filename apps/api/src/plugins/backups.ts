/**
 * Backups made by the running server. With the embedded database the server holds DATA_DIR, so
 * `npm run backup` asks it through a Unix socket in DATA_DIR (reachable only by whoever can already
 * read the data). With BACKUP_DIR set, one archive a day is written there (once across instances:
 * the day is claimed in the database) and only the newest BACKUP_KEEP are kept.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { writeBackup, type BackupManifest } from '../services/backup/backup-archive';

declare module 'fastify' {
  interface FastifyInstance {
    backups: {
      /** Writes one archive to `file`; one backup at a time per server. */
      write(file: string): Promise<BackupManifest>;
      /** The nightly pass: writes today's archive unless an instance already did. Tests call it. */
      runNightly(now?: Date): Promise<string | undefined>;
    };
  }
}

export const CONTROL_SOCKET = 'registrar.sock';
const NIGHTLY = /^registrar-\d{4}-\d{2}-\d{2}\.tar$/;
const CHECK_EVERY_MS = 15 * 60_000;

const localDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export default fp<{ nightly?: boolean }>(async function backups(app: FastifyInstance, options) {
  let queue: Promise<unknown> = Promise.resolve();
  const write = (file: string) => {
    const run = queue.then(() =>
      writeBackup({ db: app.database.db, storage: app.storage, dataDir: app.config.dataDir }, file),
    );
    queue = run.catch(() => undefined);
    return run;
  };

  const runNightly = async (now = new Date()): Promise<string | undefined> => {
    const dir = app.config.backupDir;
    if (!dir) return undefined;
    const day = localDate(now);
    // Claims the day: of the instances that try, exactly one sees its row come back.
    const claimed = (await app.database.db.execute(sql`
      insert into app_meta (key, value, updated_at) values ('nightlyBackup', ${JSON.stringify(day)}::jsonb, now())
      on conflict (key) do update set value = excluded.value, updated_at = now()
        where app_meta.value #>> '{}' < excluded.value #>> '{}'
      returning key`)) as unknown as { rows: unknown[] };
    if (claimed.rows.length === 0) return undefined;
    const file = path.join(dir, `registrar-${day}.tar`);
    try {
      await write(file);
    } catch (err) {
      // Give the day back so the next check (here or on another instance) tries again.
      await app.database.db
        .execute(sql`delete from app_meta where key = 'nightlyBackup' and value #>> '{}' = ${day}`)
        .catch(() => undefined);
      throw err;
    }
    const archives = fs
      .readdirSync(dir)
      .filter((f) => NIGHTLY.test(f))
      .sort();
    for (const old of archives.slice(0, Math.max(0, archives.length - app.config.backupKeep)))
      fs.rmSync(path.join(dir, old), { force: true });
    return file;
  };

  app.decorate('backups', { write, runNightly });

  let timer: NodeJS.Timeout | undefined;
  let control: net.Server | undefined;
  app.addHook('onReady', async () => {
    if (app.config.backupDir && options.nightly !== false) {
      fs.mkdirSync(app.config.backupDir, { recursive: true });
      const check = () =>
        void runNightly().then(
          (file) => file && app.log.info({ file }, 'nightly backup written'),
          (err: Error) => app.log.error({ err: err.message }, 'nightly backup failed'),
        );
      timer = setInterval(check, CHECK_EVERY_MS).unref();
      setTimeout(check, 5_000).unref();
    }
    if (app.database.kind === 'pglite') control = await listenForBackupRequests(app, write);
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    control?.close();
    await queue;
  });
});

/** One JSON line in (`{"backup": "/absolute/file"}`), one JSON line out. */
async function listenForBackupRequests(
  app: FastifyInstance,
  write: (file: string) => Promise<BackupManifest>,
): Promise<net.Server | undefined> {
  const socketPath = path.join(app.config.dataDir, CONTROL_SOCKET);
  fs.rmSync(socketPath, { force: true }); // left by a server that was killed; DATA_DIR's lock is ours
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (!input.includes('\n') || input.length > 10_000) return;
      let file: unknown;
      try {
        file = (JSON.parse(input.slice(0, input.indexOf('\n'))) as { backup?: unknown }).backup;
      } catch {
        file = undefined;
      }
      if (typeof file !== 'string' || !path.isAbsolute(file)) {
        socket.end(`${JSON.stringify({ ok: false, message: 'expected {"backup": "/absolute/path"}' })}\n`);
        return;
      }
      write(file).then(
        (manifest) => socket.end(`${JSON.stringify({ ok: true, manifest })}\n`),
        (err: Error) => socket.end(`${JSON.stringify({ ok: false, message: err.message })}\n`),
      );
    });
    socket.on('error', () => undefined);
  });
  const previous = process.umask(0o177); // the socket file: owner only
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } catch (err) {
    app.log.warn(
      { err: (err as Error).message },
      'backup requests socket unavailable: back up with the server stopped',
    );
    return undefined;
  } finally {
    process.umask(previous);
  }
  return server;
}
