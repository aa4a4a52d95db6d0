/**
 * Backup while the server keeps taking enrolments, restore into an empty database and document
 * store, and compare: every record and every document byte for byte, on local disk and S3. The
 * archive holds the documents sealed, and their key only wrapped with BACKUP_PASSPHRASE.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { BackupError, readBackup, writeBackup } from '../src/services/backup/backup-archive';
import { WRAPPED_KEYS_ENTRY } from '../src/services/backup/key-envelope';
import { restoreBackup } from '../src/services/backup/restore-archive';
import { checkArchive } from '../src/services/backup/check-archive';
import { encryptedFileStorage } from '../src/services/documents/encrypted-storage';
import { MasterKeys, existingMasterKeys } from '../src/services/documents/master-keys';
import { looksSealed } from '../src/services/documents/sealed-stream';
import { localFileStorage, type FileStorage } from '../src/services/uploads/file-storage';
import { openS3FileStorage } from '../src/services/uploads/s3-file-storage';
import { build, createTestDatabase } from './build-app';
import { SIGNATURES, enrolWithDocuments, makeCourse } from './document-fixtures';
import { writeLegacyArchive } from './legacy-archive';
import { createCourse, enrolmentForm } from './fixtures/enrolments';
import { PNG, file } from './fixtures/files';
import { startS3Server } from './s3-server';
import { S3_TEST_BUCKET, storageKinds } from './storage-kinds';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const s3 = await startS3Server([S3_TEST_BUCKET]);
afterAll(() => s3.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every row of every table, as the database prints it. */
async function dump(db: Db, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of tables)
    out[t] = rowsOf<{ row: string }>(
      await db.execute(sql.raw(`select row_to_json(x)::text as row from "${t}" x order by 1`)),
    ).map((r) => r.row);
  return out;
}

async function bytes(storage: FileStorage, id: string): Promise<Buffer | undefined> {
  const opened = await storage.open(id);
  if (!opened) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of opened.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

let ip = 0;
const PASSPHRASE = 'correct horse battery staple';

/** Document entries of an archive that begin like a readable JPEG, PNG or PDF. */
const readableDocuments = (entries: Map<string, Buffer>) =>
  [...entries].filter(
    ([name, data]) =>
      name.startsWith('documents/') && SIGNATURES.some(([, sig]) => data.subarray(0, sig.length).equals(sig)),
  );

describe.each(storageKinds(s3))('backup and restore, documents on $name storage', async (kind) => {
  const { app, database, config } = await build({ config: { ...kind.config, uploadMaxBytes: 1024 * 1024 } });
  const staff = await makeStaff(database.db);
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const course = await createCourse(app, auth, {
    name: 'Full Stack',
    price: 30000,
    emiPrice: [10000, 10000, 10000.5],
  });
  const enrol = (n: number) => {
    const form = enrolmentForm(
      {
        name: `Student ${n}`,
        currentAddress: '12 MG Road, Pune',
        permanentAddress: '4 Civil Lines, Nagpur',
        phoneNumber: `98765${String(n).padStart(5, '0')}`,
        email: `student${n}@example.in`,
        courseId: course._id,
        currentlyWorking: 'college',
        currentlyWorkingPlace: 'COEP',
        currentSem: '5',
        emiPrice: JSON.stringify([10000, 10000, 10000.5]),
      },
      { profilePicture: file('profilePicture', Buffer.concat([PNG, Buffer.from(`#${n}`)]), 'me.png', 'image/png') },
    );
    ip += 1;
    return app.inject({
      method: 'POST',
      url: '/api/student-enrollment',
      ...form,
      remoteAddress: `10.77.${Math.floor(ip / 250)}.${ip % 250}`,
    });
  };
  for (let n = 0; n < 4; n += 1) expect((await enrol(n)).statusCode).toBe(201);
  const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-backup-')), 'backup.tar');

  it('backs up under load, restores into an empty place, and every record and document matches', async () => {
    // Enrolments keep arriving while the backup runs.
    let stop = false;
    let acknowledgedDuring = 0;
    const load = (async () => {
      for (let n = 100; !stop; n += 1) if ((await enrol(n)).statusCode === 201) acknowledgedDuring += 1;
    })();
    await new Promise((r) => setTimeout(r, 50));
    const keys = existingMasterKeys(config);
    const manifest = await writeBackup(
      { db: database.db, store: app.storage.sealed, keys, passphrase: PASSPHRASE },
      archive,
    );
    stop = true;
    await load;
    expect(acknowledgedDuring).toBeGreaterThan(0);
    expect(manifest.missingDocuments).toEqual([]);

    const { entries } = await readBackup(archive);
    // Sealed as stored; the key only wrapped, never as it is.
    expect(readableDocuments(entries)).toEqual([]);
    expect(entries.has('documents.key')).toBe(false);
    expect(entries.has(WRAPPED_KEYS_ENTRY)).toBe(true);
    expect(
      entries
        .get(WRAPPED_KEYS_ENTRY)!
        .includes(fs.readFileSync(path.join(config.dataDir, 'documents.key')).subarray(0, 20)),
    ).toBe(false);
    const archived: Record<string, string[]> = {};
    for (const t of Object.keys(manifest.tables))
      archived[t] = entries.get(`database/${t}.jsonl`)!.toString('utf8').split('\n').filter(Boolean);
    // One moment: every enrolment in the copy has its three documents and its schedule, no more.
    const enrolled = archived.enrollments!.length;
    expect(enrolled).toBeGreaterThanOrEqual(4);
    expect(archived.enrollment_documents).toHaveLength(enrolled * 3);
    expect(manifest.documents).toBe(enrolled * 3);

    const target = await createTestDatabase();
    const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-restored-'));
    const targetPrefix = `restored-${Date.now()}/`;
    const targetStorage =
      kind.name === 's3'
        ? await openS3FileStorage({ ...config.s3!, prefix: targetPrefix })
        : localFileStorage(path.join(targetDir, 'uploads'));
    const into = { db: target.database.db, store: targetStorage, dataDir: targetDir, keys: undefined };
    try {
      // Without the passphrase (and no key at hand) nothing is restored.
      await expect(restoreBackup({ ...into, keyFileAllowed: true, passphrase: undefined }, archive)).rejects.toThrow(
        /^Nothing was restored: \d+ document\(s\) do not open \(the archive holds the documents key wrapped with BACKUP_PASSPHRASE, which is not set\)/,
      );
      expect(await dump(target.database.db, ['staff', 'enrollments'])).toEqual({ staff: [], enrollments: [] });
      await restoreBackup({ ...into, keyFileAllowed: true, passphrase: PASSPHRASE }, archive);
      // The archive's key becomes the new installation's key file.
      expect(existingMasterKeys({ ...config, dataDir: targetDir })!.currentId).toBe(keys!.currentId);
      expect(await dump(target.database.db, Object.keys(manifest.tables))).toEqual(archived);

      // The restored installation opens every document, byte for byte.
      const { buildApp } = await import('../src/app');
      const restoredApp = await buildApp({
        config: {
          ...config,
          dataDir: targetDir,
          s3: kind.name === 's3' ? { ...config.s3!, prefix: targetPrefix } : undefined,
        },
        database: target.database,
        outbox: { autoStart: false },
        reminders: false,
        nightlyBackups: false,
      });
      await restoredApp.ready();
      for (const line of archived.enrollment_documents!) {
        const { id } = JSON.parse(line) as { id: string };
        const original = await bytes(app.storage, id);
        expect(original).toBeDefined();
        expect((await bytes(restoredApp.storage, id))?.equals(original!)).toBe(true);
      }
      await restoredApp.close();

      // A second restore into the now-filled place is refused and changes nothing.
      await expect(restoreBackup({ ...into, keyFileAllowed: true, passphrase: PASSPHRASE }, archive)).rejects.toThrow(
        BackupError,
      );
      expect(await dump(target.database.db, Object.keys(manifest.tables))).toEqual(archived);
    } finally {
      await target.drop();
    }
  }, 180_000);

  it('restores an archive of the first format (plain documents, key in the clear): sealed on the way in', async () => {
    const legacy = `${archive}.v1`;
    await writeLegacyArchive(
      archive,
      legacy,
      async (id) => (await bytes(app.storage, id))!,
      fs.readFileSync(path.join(config.dataDir, 'documents.key')),
    );
    const { entries, manifest } = await readBackup(legacy);
    expect(readableDocuments(entries)).toHaveLength(manifest.documents);

    const target = await createTestDatabase();
    const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-restored-v1-'));
    const store = localFileStorage(path.join(targetDir, 'uploads'));
    try {
      // The target already has its own key: every document ends up under it.
      const own = new MasterKeys(crypto.randomBytes(32));
      const into = { db: target.database.db, store, dataDir: targetDir, keyFileAllowed: false, passphrase: undefined };
      const result = await restoreBackup({ ...into, keys: own }, legacy);
      expect(result.sealedOnRestore).toBe(manifest.documents);
      const opened = encryptedFileStorage(store, target.database.db, own);
      for (const name of entries.keys()) {
        if (!name.startsWith('documents/')) continue;
        const id = name.slice('documents/'.length);
        expect(looksSealed((await bytes(store, id))!)).toBe(true);
        expect((await bytes(opened, id))!.equals(entries.get(name)!)).toBe(true);
      }
    } finally {
      await target.drop();
    }
  }, 120_000);

  it('refuses a damaged archive, and the check names every damaged entry', async () => {
    const damaged = `${archive}.damaged`;
    const data = fs.readFileSync(archive);
    data[data.indexOf(Buffer.from('Student 0'))] = 'X'.charCodeAt(0);
    const { manifest } = await readBackup(archive);
    const document = Object.keys(manifest.files).find((n) => n.startsWith('documents/'))!;
    data[data.indexOf(Buffer.from(document)) + 512 + 20]! ^= 0xff;
    fs.writeFileSync(damaged, data);
    await expect(readBackup(damaged)).rejects.toThrow(/does not match its checksum/);
    const { problems } = await checkArchive(damaged, { passphrase: PASSPHRASE, configured: undefined });
    expect(problems).toEqual([
      'database/enrollments.jsonl: does not match its checksum',
      `${document}: does not match its checksum`,
    ]);
    expect((await checkArchive(archive, { passphrase: PASSPHRASE, configured: undefined })).problems).toEqual([]);
  });
});

describe.each(storageKinds(s3))(
  'nightly backups (BACKUP_DIR, BACKUP_KEEP), documents on $name storage',
  async (kind) => {
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-nightly-'));
    const { app, database, config } = await build({ config: { ...kind.config, backupDir, backupKeep: 2 } });
    const staff = await makeStaff(database.db);
    const auth = bearer(await tokenFor(app, staff.email, staff.password));
    await enrolWithDocuments(app, auth, await makeCourse(app, auth));

    it('writes one archive a day however many instances try, and keeps the newest BACKUP_KEEP', async () => {
      for (const day of ['2026-11-20', '2026-11-21', '2026-11-22'])
        fs.writeFileSync(path.join(backupDir, `registrar-${day}.tar`), 'older');
      const { buildApp } = await import('../src/app');
      // A second instance on the same database.
      const other = await buildApp({ config, database, outbox: { autoStart: false }, reminders: false });
      try {
        const now = new Date(2026, 10, 23, 2, 0);
        const written = await Promise.all([app.backups.runNightly(now), other.backups.runNightly(now)]);
        expect(written.filter(Boolean)).toEqual([path.join(backupDir, 'registrar-2026-11-23.tar')]);
        expect(await app.backups.runNightly(now)).toBeUndefined(); // later the same day: nothing more
        expect(fs.readdirSync(backupDir).sort()).toEqual(['registrar-2026-11-22.tar', 'registrar-2026-11-23.tar']);
        const { manifest, entries } = await readBackup(path.join(backupDir, 'registrar-2026-11-23.tar'));
        expect(manifest.tables.staff).toBe(1);
        // The same sealed documents as every other archive.
        expect(manifest.documents).toBe(3);
        expect(readableDocuments(entries)).toEqual([]);
        expect(entries.has('documents.key')).toBe(false);

        const next = await other.backups.runNightly(new Date(2026, 10, 24, 0, 30));
        expect(next).toBe(path.join(backupDir, 'registrar-2026-11-24.tar'));
        expect(fs.readdirSync(backupDir).sort()).toEqual(['registrar-2026-11-23.tar', 'registrar-2026-11-24.tar']);
      } finally {
        await other.close();
      }
    });
  },
);
