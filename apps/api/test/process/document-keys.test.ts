/**
 * The documents' keys under interruption, with real processes killed by SIGKILL (PGlite in
 * DATA_DIR): sealing the files stored before encryption at start, and `rotate-documents-key`.
 * Neither may lose a file or make one unreadable, wherever the kill lands.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/database';
import { encryptedFileStorage } from '../../src/services/documents/encrypted-storage';
import {
  KEY_FILE,
  PREVIOUS_KEY_FILE,
  keyId,
  loadMasterKeys,
  newDataKey,
} from '../../src/services/documents/master-keys';
import { localFileStorage } from '../../src/services/uploads/file-storage';
import { ORIGINALS, enrolWithDocuments, makeCourse, rowsOf } from '../document-fixtures';
import { PNG } from '../fixtures/files';
import { bearer, makeStaff, tokenFor } from '../staff-fixtures';
import { apiDir, freePort, migratedDataDir, signInAt, startServer } from './server-process';

const MAGIC = Buffer.from('RGD1');
const STAFF = { email: 'keys@institute.in', password: 'Keys-Test-Pass-1' };

const openDb = async (dataDir: string) => {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  return database;
};
const configFor = (dataDir: string) => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

/** A DATA_DIR with `people` enrolments of three documents each; the documents' ids and contents. */
async function seed(people: number, photo: Buffer): Promise<{ dataDir: string; files: Map<string, Buffer> }> {
  const dataDir = migratedDataDir('keys');
  const database = await openDb(dataDir);
  const app = await buildApp({ config: configFor(dataDir), database, outbox: { autoStart: false }, reminders: false });
  await app.ready();
  await makeStaff(database.db, { ...STAFF, name: 'Keys' });
  const auth = bearer(await tokenFor(app, STAFF.email, STAFF.password));
  const courseId = await makeCourse(app, auth);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < people; i += 1) {
    const detail = await enrolWithDocuments(app, auth, courseId, photo);
    for (const d of detail.documents) files.set(d._id, d.field === 'profilePicture' ? photo : ORIGINALS[d.field]!);
  }
  await app.close();
  await database.close();
  return { dataDir, files };
}

const fileOf = (dataDir: string, id: string) => path.join(dataDir, 'uploads', id.slice(0, 2), id);
const isSealed = (file: string) => {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    fs.readSync(fd, head, 0, 4, 0);
    return head.equals(MAGIC);
  } finally {
    fs.closeSync(fd);
  }
};

/** Reads every document through the app's own storage, as the server would. */
async function readAllDocuments(database: Database, dataDir: string, ids: string[]) {
  const storage = encryptedFileStorage(
    localFileStorage(path.join(dataDir, 'uploads')),
    database.db,
    loadMasterKeys(configFor(dataDir)),
  );
  const out = new Map<string, Buffer>();
  for (const id of ids) {
    const file = await storage.open(id);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    out.set(id, Buffer.concat(chunks));
  }
  return out;
}

describe('documents keys under kill -9', () => {
  it('seals the files stored before encryption at start, losing none when killed mid-way', async () => {
    const photo = Buffer.concat([PNG, Buffer.alloc(1024 * 1024, 0x33)]);
    const { dataDir, files } = await seed(12, photo);
    const ids = [...files.keys()];
    // Turn it into an installation from before encryption: plain files, no keys, not marked done.
    const database = await openDb(dataDir);
    for (const [id, data] of files) fs.writeFileSync(fileOf(dataDir, id), data);
    await database.db.execute(sql`delete from document_keys`);
    await database.db.execute(sql`delete from app_meta where key = 'documents_sealed_v1'`);
    await database.close();

    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port) };
    let killedMidway = 0;
    for (let attempt = 0; attempt < 6 && killedMidway < 3; attempt += 1) {
      const server = startServer(env);
      // Kill as soon as some files, but not all, are sealed.
      for (;;) {
        const sealed = ids.filter((id) => isSealed(fileOf(dataDir, id))).length;
        if (sealed > 0 && sealed < ids.length) {
          server.child.kill('SIGKILL');
          killedMidway += 1;
          break;
        }
        if (
          sealed === ids.length ||
          server.child.exitCode !== null ||
          server.output().stdout.includes('Registrar is ready')
        ) {
          server.child.kill('SIGKILL');
          break;
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      await server.exited;
      // Whatever the moment: every file is whole, either still plain or sealed.
      for (const [id, data] of files) {
        const bytes = fs.readFileSync(fileOf(dataDir, id));
        expect(bytes.equals(data) || bytes.subarray(0, 4).equals(MAGIC), id).toBe(true);
      }
    }
    expect(killedMidway).toBeGreaterThan(0);

    const server = startServer(env);
    await server.ready();
    try {
      const base = `http://127.0.0.1:${port}`;
      const token = await signInAt(base, STAFF.email, STAFF.password);
      for (const [id, data] of files) {
        expect(isSealed(fileOf(dataDir, id)), id).toBe(true);
        const res = await fetch(`${base}/api/files/${id}`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
      }
      const leftovers = fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).map(String);
      expect(leftovers.filter((n) => n.endsWith('.replacing'))).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 300_000);

  it('rotate-documents-key re-wraps every key under a new master key, and finishes after a kill', async () => {
    const { dataDir, files } = await seed(3, PNG);
    const oldKey = fs.readFileSync(path.join(dataDir, KEY_FILE), 'utf8');
    // Many more keys, so that the kill lands mid-way (keys of no file, as an upload in flight has).
    const database = await openDb(dataDir);
    const keys = loadMasterKeys(configFor(dataDir));
    const extra = Array.from({ length: 1500 }, () => crypto.randomUUID());
    for (let i = 0; i < extra.length; i += 250) {
      const rows = extra.slice(i, i + 250).map((id) => {
        const w = keys.wrap(newDataKey(), id);
        return sql`(${id}::uuid, ${w.keyId}, ${w.wrapped})`;
      });
      await database.db.execute(
        sql`insert into document_keys (document_id, key_id, wrapped_key) values ${sql.join(rows, sql`, `)}`,
      );
    }
    await database.close();

    const rotate = () =>
      spawn(process.execPath, ['--import', 'tsx', 'src/staff-cli.ts', 'rotate-documents-key', '--batch', '5'], {
        cwd: apiDir,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const first = rotate();
    await new Promise<void>((resolve) => {
      first.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('so far')) {
          first.kill('SIGKILL');
          resolve();
        }
      });
      first.on('exit', () => resolve());
    });
    await new Promise((r) => first.on('exit', r).exitCode !== null && r(undefined));

    // Interrupted: the new key is in place, the old one kept, the keys split between the two.
    const newKey = fs.readFileSync(path.join(dataDir, KEY_FILE), 'utf8');
    expect(newKey).not.toBe(oldKey);
    expect(fs.readFileSync(path.join(dataDir, PREVIOUS_KEY_FILE), 'utf8')).toBe(oldKey);
    const newId = keyId(Buffer.from(newKey.trim(), 'base64'));
    const oldId = keyId(Buffer.from(oldKey.trim(), 'base64'));
    let db = await openDb(dataDir);
    const split = await db.db.execute<{ key_id: string; n: number }>(
      sql`select key_id, count(*)::int as n from document_keys group by key_id`,
    );
    const counts = Object.fromEntries(rowsOf<{ key_id: string; n: number }>(split).map((r) => [r.key_id, Number(r.n)]));
    expect(counts[newId]).toBeGreaterThan(0);
    expect(counts[oldId]).toBeGreaterThan(0);
    // Every document still reads, with the new and the previous key both loaded.
    for (const [id, data] of await readAllDocuments(db, dataDir, [...files.keys()]))
      expect(data.equals(files.get(id)!)).toBe(true);
    await db.close();

    const second = rotate();
    let out = '';
    second.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise((r) => second.on('exit', r));
    expect(code, out).toBe(0);
    expect(out).toContain(`under master key ${newId}`);
    expect(fs.readFileSync(path.join(dataDir, KEY_FILE), 'utf8')).toBe(newKey); // finished, not started over
    expect(fs.existsSync(path.join(dataDir, PREVIOUS_KEY_FILE))).toBe(false);

    db = await openDb(dataDir);
    const after = await db.db.execute<{ key_id: string }>(sql`select distinct key_id from document_keys`);
    expect(rowsOf<{ key_id: string }>(after).map((r) => r.key_id)).toEqual([newId]);
    for (const [id, data] of await readAllDocuments(db, dataDir, [...files.keys()]))
      expect(data.equals(files.get(id)!)).toBe(true);
    await db.close();
  }, 300_000);
});
