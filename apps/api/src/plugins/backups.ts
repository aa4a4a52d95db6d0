/**
 * Backups made by the running server. With the embedded database the server holds DATA_DIR, so
 * `npm run backup` and `npm run staff` ask it through the control socket in DATA_DIR. With
 * BACKUP_DIR set, one archive a day is written there (once across instances: the day is claimed
 * in the database) and only the newest BACKUP_KEEP are kept. Every archive holds the documents as
 * stored (sealed), the key only when wrapped with BACKUP_PASSPHRASE.
 */
import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BackupManifest } from '../services/backup/backup-archive';
import { listenForControlRequests, type ControlRequest } from '../services/backup/control-socket';
import { keyAdvice } from '../services/backup/key-envelope';
import { staffErrorLine } from '../staff-commands';

declare module 'fastify' {
  interface FastifyInstance {
    backups: {
      /** Writes one archive to `file`; one backup at a time per server. */
      write(file: string, passphrase?: string): Promise<BackupManifest>;
      /** The nightly pass: writes today's archive unless an instance already did. Tests call it. */
      runNightly(now?: Date): Promise<string | undefined>;
    };
  }
}

const NIGHTLY = /^registrar-\d{4}-\d{2}-\d{2}\.tar$/;
const CHECK_EVERY_MS = 15 * 60_000;

const localDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export default fp<{ nightly?: boolean }>(async function backups(app: FastifyInstance, options) {
  let queue: Promise<unknown> = Promise.resolve();
  const write = (file: string, passphrase = app.config.backupPassphrase) => {
    const run = queue.then(() => app.backupService.write(file, passphrase));
    queue = run.catch(() => undefined);
    return run;
  };

  const runNightly = async (now = new Date()): Promise<string | undefined> => {
    const dir = app.config.backupDir;
    if (!dir) return undefined;
    const day = localDate(now);
    // One instance a day writes the archive: the database lets exactly one claim the day.
    if (!(await app.backupService.claimNight(day))) return undefined;
    const file = path.join(dir, `registrar-${day}.tar`);
    try {
      await write(file);
    } catch (err) {
      // Give the day back so the next check (here or on another instance) tries again.
      await app.backupService.releaseNight(day).catch(() => undefined);
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
      const advice = keyAdvice(app.config, Boolean(app.config.backupPassphrase));
      if (app.config.backupPassphrase) app.log.info({ backupDir: app.config.backupDir }, `nightly backups: ${advice}`);
      else app.log.warn({ backupDir: app.config.backupDir }, `nightly backups: ${advice}`);
    }
    if (app.database.kind === 'pglite') control = await listenForControl(app, write);
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    control?.close();
    await queue;
  });
});

/** Backups and staff commands asked for by `npm run backup` / `npm run staff` while this server holds DATA_DIR. */
async function listenForControl(
  app: FastifyInstance,
  write: (file: string, passphrase?: string) => Promise<BackupManifest>,
): Promise<net.Server | undefined> {
  const handle = async (request: ControlRequest) => {
    if ('backup' in request) return { manifest: await write(request.backup, request.passphrase) };
    app.log.info({ command: request.staff[0] }, 'staff command through the control socket');
    const stdout: string[] = [];
    const stderr: string[] = [];
    const output = { out: (l: string) => stdout.push(`${l}\n`), err: (l: string) => stderr.push(`${l}\n`) };
    let code: number;
    try {
      code = await app.backupService.staffCommand(request.staff, output);
    } catch (err) {
      output.err(staffErrorLine(err as Error));
      code = 1;
    }
    return { code, stdout: stdout.join(''), stderr: stderr.join('') };
  };
  try {
    return await listenForControlRequests(app.config.dataDir, handle);
  } catch (err) {
    app.log.warn(
      { err: (err as Error).message },
      'control socket unavailable: back up and run staff commands with the server stopped',
    );
    return undefined;
  }
}
