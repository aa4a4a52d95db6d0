/**
 * The monthly drill as an operator runs it, every step a separate process from one build. With the
 * embedded database the server holds DATA_DIR, so `npm run backup` and `npm run staff` go through
 * its control socket; with PostgreSQL (when TEST_DATABASE_URL is set) the command reads the
 * database itself. Then the nightly archive, `npm run restore -- --check`, restore into an empty
 * place, start, and download every document byte for byte.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackup } from '../../src/services/backup/backup-archive';
import { WRAPPED_KEYS_ENTRY } from '../../src/services/backup/key-envelope';
import { SIGNATURES } from '../document-fixtures';
import {
  buildOnce,
  children,
  command,
  downloadAll,
  enrolAt,
  freshPostgres,
  newDocumentsKey,
  nightlyArchive,
  startBuilt,
  stop,
  tempDir,
} from './built-commands';
import { ADMIN, createCourseAt, migratedDataDir, signInAt } from './server-process';

const PASSPHRASE = 'monthly drill passphrase';
const admin = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

beforeAll(buildOnce, 120_000);
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

/** Document entries that begin like a readable JPEG, PNG or PDF, and any key carried as it is. */
async function exposed(archive: string) {
  const { entries } = await readBackup(archive);
  const readable = [...entries]
    .filter(([name]) => name.startsWith('documents/'))
    .filter(([, data]) => SIGNATURES.some(([, sig]) => data.subarray(0, sig.length).equals(sig)))
    .map(([name]) => name);
  return { readable, clearKey: entries.has('documents.key'), wrappedKey: entries.has(WRAPPED_KEYS_ENTRY), entries };
}

/** Restores `archive` into `dataDir`, starts the built server there, downloads every document. */
async function restoreAndDownload(archive: string, dataDir: string, env: Record<string, string> = {}) {
  const restored = await command('backup-cli', ['restore', archive], { DATA_DIR: dataDir, ...env });
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
  expect(restored.stdout).toMatch(/^Restored \d+ records and \d+ documents .*; every document opens\.\n$/);
  const { server, base } = await startBuilt({ DATA_DIR: dataDir });
  const documents = await downloadAll(base, await signInAt(base, ADMIN.email, ADMIN.password));
  await stop(server);
  return documents;
}

describe('backup drill with the embedded database', () => {
  const dataDir = migratedDataDir('drill');
  const env = { DATA_DIR: dataDir };
  const out = tempDir('drill-archives');
  const plain = path.join(out, 'no-passphrase.tar');
  const wrapped = path.join(out, 'passphrase.tar');
  let running: Awaited<ReturnType<typeof startBuilt>>;
  let token: string;
  let courseId: string;
  let originals: Map<string, Buffer | number>;
  let nightly: string;

  beforeAll(async () => {
    running = await startBuilt({ DATA_DIR: dataDir, ...admin });
    token = await signInAt(running.base, ADMIN.email, ADMIN.password);
    courseId = ((await (await createCourseAt(running.base, token)).json()) as { data: { _id: string } }).data._id;
    await enrolAt(running.base, courseId);
    await enrolAt(running.base, courseId);
  }, 180_000);

  it('runs every staff command while the server holds DATA_DIR, answered as without it', async () => {
    const { base } = running;
    const ledger = await command('staff-cli', ['verify-ledger'], env);
    expect(ledger).toEqual({ code: 0, stdout: 'The ledger balances: no difference found.\n', stderr: '' });
    const created = await command(
      'staff-cli',
      ['create', '--email', 'meera@institute.in', '--password', 'Drill-Created-Pass-7', '--role', 'counsellor'],
      env,
    );
    expect(created).toMatchObject({ code: 0, stdout: 'Created staff account meera@institute.in (counsellor)\n' });
    expect((await command('staff-cli', ['list'], env)).stdout).toMatch(
      /^meera@institute\.in\tmeera\tcounsellor\tactive\t/m,
    );
    const reset = await command('staff-cli', ['reset-password', '--email', 'meera@institute.in'], env);
    expect(reset.code).toBe(0);
    const generated = /Password \(shown only now\): (\S+)\n/.exec(reset.stdout)![1]!;
    await signInAt(base, 'meera@institute.in', generated);
    const duplicate = await command('staff-cli', ['create', '--email', 'meera@institute.in'], env);
    expect(duplicate).toMatchObject({ code: 1, stderr: 'A staff account with meera@institute.in already exists\n' });

    const before = await downloadAll(base, token);
    const oldKey = fs.readFileSync(path.join(dataDir, 'documents.key'), 'utf8');
    const rotated = await command('staff-cli', ['rotate-documents-key'], env);
    expect(rotated.stderr).toBe('');
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toMatch(/Re-wrapped 6 document keys under master key \w+\n$/);
    expect(fs.readFileSync(path.join(dataDir, 'documents.key'), 'utf8')).not.toBe(oldKey);
    expect(fs.existsSync(path.join(dataDir, 'documents.previous.key'))).toBe(false);
    // Uploads after the rotation are wrapped under the new key by the running server.
    await enrolAt(base, courseId);
    const after = await downloadAll(base, token);
    expect(after.size).toBe(9);
    for (const [id, data] of before) expect(after.get(id)).toEqual(data);
  }, 180_000);

  it('npm run backup through the socket keeps every document sealed, and the key only wrapped', async () => {
    originals = await downloadAll(running.base, token);
    for (const data of originals.values()) expect(Buffer.isBuffer(data)).toBe(true);
    const backup = await command('backup-cli', ['backup', plain], env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(await exposed(plain)).toMatchObject({ readable: [], clearKey: false, wrappedKey: false });
    expect(backup.stdout).toContain(
      `The documents key is not in the archive: keep ${path.join(dataDir, 'documents.key')} apart from the archives`,
    );
    const withPassphrase = await command('backup-cli', ['backup', wrapped], { ...env, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(withPassphrase.code).toBe(0);
    expect(await exposed(wrapped)).toMatchObject({ readable: [], clearKey: false, wrappedKey: true });
    expect(withPassphrase.stdout).toContain('The documents key is in the archive, wrapped with BACKUP_PASSPHRASE');
  }, 120_000);

  it('writes the nightly archive sealed, and its start-up line says where the key must be kept', async () => {
    await stop(running.server);
    const backupDir = tempDir('drill-nightly');
    running = await startBuilt({ DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    token = await signInAt(running.base, ADMIN.email, ADMIN.password);
    expect(await downloadAll(running.base, token)).toEqual(originals); // the rotated key survives a restart
    nightly = await nightlyArchive(backupDir);
    await stop(running.server);
    expect(await exposed(nightly)).toMatchObject({ readable: [], clearKey: false, wrappedKey: false });
    expect(running.server.output().stdout).toContain(
      `keep ${path.join(dataDir, 'documents.key')} apart from the archives`,
    );
  }, 180_000);

  it('restore --check writes nothing and names every entry that would not restore', async () => {
    const empty = tempDir('drill-check');
    const blind = await command('backup-cli', ['restore', '--check', plain], { DATA_DIR: empty });
    expect(blind.code).toBe(1);
    for (const id of originals.keys()) expect(blind.stdout).toContain(`damaged: documents/${id}: it needs master key`);
    expect(fs.readdirSync(empty)).toEqual([]);
    const wrong = await command('backup-cli', ['restore', '--check', wrapped], {
      DATA_DIR: empty,
      BACKUP_PASSPHRASE: 'not the drill passphrase',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('damaged: BACKUP_PASSPHRASE does not open the documents key in this archive\n');
    const good = await command('backup-cli', ['restore', '--check', wrapped], {
      DATA_DIR: empty,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(good.stdout).toContain(`all ${originals.size} documents open with the documents key`);
    expect(good.code).toBe(0);
    expect(fs.readdirSync(empty)).toEqual([]);

    const damaged = path.join(out, 'damaged.tar');
    const bytes = fs.readFileSync(wrapped);
    const [firstId] = originals.keys();
    bytes[bytes.indexOf(Buffer.from(`documents/${firstId}`)) + 512 + 40]! ^= 0xff; // inside the entry's sealed bytes
    fs.writeFileSync(damaged, bytes);
    const bad = await command('backup-cli', ['restore', '--check', damaged], {
      DATA_DIR: empty,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe(
      `damaged: documents/${firstId}: does not match its checksum\n1 problem(s) found in ${damaged}: it would not restore as it is.\n`,
    );
  }, 120_000);

  it('restores each archive into an empty DATA_DIR, and the restored server opens every document', async () => {
    expect(await restoreAndDownload(wrapped, tempDir('drill-restored'), { BACKUP_PASSPHRASE: PASSPHRASE })).toEqual(
      originals,
    );
    // Without the passphrase the key kept apart goes into the new DATA_DIR first.
    const keyed = tempDir('drill-restored-nightly');
    fs.copyFileSync(path.join(dataDir, 'documents.key'), path.join(keyed, 'documents.key'));
    expect((await command('backup-cli', ['restore', '--check', plain], { DATA_DIR: keyed })).code).toBe(0);
    expect(await restoreAndDownload(nightly, keyed)).toEqual(originals);
    // A second restore into the now-filled place is refused with one line.
    const again = await command('backup-cli', ['restore', nightly], { DATA_DIR: keyed });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^The database is not empty \(table \w+ has rows\): restore needs an empty one\.\n$/);
  }, 240_000);
});

// Several instances share one PostgreSQL and DOCUMENTS_KEY; `npm run backup` reads the database itself.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl)
  describe('backup drill with PostgreSQL', () => {
    const key = newDocumentsKey();
    const dataDir = tempDir('pg-drill');
    const databases: { drop(): Promise<void> }[] = [];
    const fresh = async () => {
      const db = await freshPostgres();
      databases.push(db);
      return db.url;
    };
    let env: Record<string, string>;
    let running: Awaited<ReturnType<typeof startBuilt>>;
    let originals: Map<string, Buffer | number>;
    const out = tempDir('pg-drill-archives');
    const plain = path.join(out, 'no-passphrase.tar');
    const wrapped = path.join(out, 'passphrase.tar');
    let nightly: string;

    beforeAll(async () => {
      env = { DATABASE_URL: await fresh(), DOCUMENTS_KEY: key, DATA_DIR: dataDir };
      running = await startBuilt({ ...env, ...admin });
      const token = await signInAt(running.base, ADMIN.email, ADMIN.password);
      const course = (await (await createCourseAt(running.base, token)).json()) as { data: { _id: string } };
      await enrolAt(running.base, course.data._id);
      await enrolAt(running.base, course.data._id);
      originals = await downloadAll(running.base, token);
      expect(originals.size).toBe(6);
    }, 180_000);
    afterAll(async () => {
      for (const db of databases) await db.drop();
    });

    it('npm run backup keeps every document sealed, and the key only wrapped', async () => {
      const backup = await command('backup-cli', ['backup', plain], env);
      expect(backup.code).toBe(0);
      expect(await exposed(plain)).toMatchObject({ readable: [], clearKey: false, wrappedKey: false });
      expect(backup.stdout).toContain('The documents key is not in the archive: keep DOCUMENTS_KEY apart');
      const withPassphrase = await command('backup-cli', ['backup', wrapped], {
        ...env,
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(withPassphrase.code).toBe(0);
      expect(await exposed(wrapped)).toMatchObject({ readable: [], clearKey: false, wrappedKey: true });
    }, 120_000);

    it('writes the nightly archive sealed from a second instance', async () => {
      const backupDir = tempDir('pg-drill-nightly');
      const second = await startBuilt({ ...env, BACKUP_DIR: backupDir });
      nightly = await nightlyArchive(backupDir);
      await stop(second.server);
      await stop(running.server);
      expect(await exposed(nightly)).toMatchObject({ readable: [], clearKey: false, wrappedKey: false });
      expect(second.server.output().stdout).toContain('keep DOCUMENTS_KEY apart from the archives');
    }, 180_000);

    it('restores each archive into an empty database, under the same or another DOCUMENTS_KEY', async () => {
      const noKey = await command('backup-cli', ['restore', '--check', plain], { DATABASE_URL: env.DATABASE_URL! });
      expect(noKey.code).toBe(1);
      const otherKey = newDocumentsKey();
      for (const [archive, keys] of [
        [plain, { DOCUMENTS_KEY: key }],
        [nightly, { DOCUMENTS_KEY: key }],
        // The archive's own key, opened with the passphrase, re-wraps every document under the new one.
        [wrapped, { DOCUMENTS_KEY: otherKey, BACKUP_PASSPHRASE: PASSPHRASE }],
      ] as const) {
        const target = { DATABASE_URL: await fresh(), DATA_DIR: tempDir('pg-drill-restored'), ...keys };
        const check = await command('backup-cli', ['restore', '--check', archive], target);
        expect(check.stdout).toContain('documents open with the documents key');
        expect(check.code).toBe(0);
        const restored = await command('backup-cli', ['restore', archive], target);
        expect(restored.stderr).toBe('');
        expect(restored.code).toBe(0);
        const { server, base } = await startBuilt(target);
        expect(await downloadAll(base, await signInAt(base, ADMIN.email, ADMIN.password))).toEqual(originals);
        await stop(server);
      }
    }, 300_000);
  });
