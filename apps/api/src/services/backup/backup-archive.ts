/**
 * One backup archive (tar): every table of the database as JSON lines, every document's stored
 * bytes, the documents key file when there is one, and `manifest.json` with a SHA-256 of each
 * entry. The database is read in one REPEATABLE READ, read-only transaction, so the copy is one
 * consistent moment while the server keeps writing; the same code reads PGlite and PostgreSQL, and
 * an archive from either restores into either.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { Db } from '../../db/database';
import { migrationsFolder } from '../../db/database';
import type { FileStorage } from '../uploads/file-storage';
import { APP_VERSION } from '../../lib/version';

export const BACKUP_FORMAT = 'registrar-backup/1';
export const KEY_FILE = 'documents.key';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  appVersion: string;
  /** The last migration the database had: a restore needs the same schema. */
  migration: string;
  tables: Record<string, number>;
  documents: number;
  /** Documents whose row was in the snapshot but whose file was deleted before it was copied. */
  missingDocuments: string[];
  files: Record<string, { size: number; sha256: string }>;
}

export class BackupError extends Error {}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The newest migration this code ships. */
export function currentMigration(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)!.tag;
}

/** The application's tables (the migrator's own bookkeeping lives in the `drizzle` schema). */
async function tableNames(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  return rows.map((r) => r.name);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface BackupSources {
  db: Db;
  storage: FileStorage;
  /** Where the documents key file would be (DATA_DIR). */
  dataDir: string;
}

/** Writes the archive to `file` (through a temporary name, so a failed backup leaves nothing half-written). */
export async function writeBackup({ db, storage, dataDir }: BackupSources, file: string): Promise<BackupManifest> {
  // One snapshot for every table: rows written meanwhile are either all in or all out.
  const snapshot = await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const applied = rowsOf<{ found: string | null }>(
      await tx.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`),
    ).filter((r) => r.found);
    const tables: Record<string, string[]> = {};
    for (const name of await tableNames(tx as unknown as Db)) {
      const rows = rowsOf<{ row: string }>(
        await tx.execute(sql.raw(`select row_to_json(t)::text as row from ${quoteIdent(name)} t order by 1`)),
      );
      tables[name] = rows.map((r) => r.row);
    }
    return { tables, migrated: applied.length > 0 };
  });
  if (!snapshot.migrated) throw new BackupError('The database has no migrations applied: nothing to back up.');

  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(temp, { mode: 0o600 }));
  const files: BackupManifest['files'] = {};
  const add = async (name: string, data: Buffer) => {
    files[name] = { size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex') };
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: data.length, mode: 0o600 }, data, (err) => (err ? reject(err) : resolve())),
    );
  };

  try {
    const counts: Record<string, number> = {};
    for (const [name, rows] of Object.entries(snapshot.tables)) {
      counts[name] = rows.length;
      await add(`database/${name}.jsonl`, Buffer.from(rows.map((r) => `${r}\n`).join('')));
    }
    const documentIds = (snapshot.tables.enrollment_documents ?? []).map((r) => (JSON.parse(r) as { id: string }).id);
    const missingDocuments: string[] = [];
    for (const id of documentIds) {
      const opened = await storage.open(id);
      if (!opened) {
        missingDocuments.push(id);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      await add(`documents/${id}`, Buffer.concat(chunks));
    }
    const keyFile = path.join(dataDir, KEY_FILE);
    if (fs.existsSync(keyFile)) await add(KEY_FILE, await fsp.readFile(keyFile));

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      appVersion: APP_VERSION,
      migration: currentMigration(),
      tables: counts,
      documents: documentIds.length - missingDocuments.length,
      missingDocuments,
      files,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: 'manifest.json', size: manifestBytes.length }, manifestBytes, (err) =>
        err ? reject(err) : resolve(),
      ),
    );
    pack.finalize();
    await written;
    await fsp.rename(temp, file);
    return manifest;
  } catch (err) {
    pack.destroy();
    await written.catch(() => undefined);
    await fsp.rm(temp, { force: true });
    throw err;
  }
}

/** Reads every entry of an archive into memory, checking each against the manifest's checksum. */
export async function readBackup(file: string): Promise<{ manifest: BackupManifest; entries: Map<string, Buffer> }> {
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  await reading;
  const raw = entries.get('manifest.json');
  if (!raw) throw new BackupError(`${file} is not a Registrar backup (no manifest.json).`);
  const manifest = JSON.parse(raw.toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Registrar backup this version reads.`);
  for (const [name, { size, sha256 }] of Object.entries(manifest.files)) {
    const data = entries.get(name);
    if (!data || data.length !== size || crypto.createHash('sha256').update(data).digest('hex') !== sha256)
      throw new BackupError(`${file} is damaged: ${name} does not match its checksum.`);
  }
  return { manifest, entries };
}

/** Tables in an order where every foreign key points at a table already filled. */
async function insertionOrder(db: Db, tables: string[]): Promise<string[]> {
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`),
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const ordered: string[] = [];
  const visit = (name: string, trail: Set<string>) => {
    if (ordered.includes(name) || trail.has(name)) return;
    trail.add(name);
    for (const e of edges) if (unquote(e.child) === name && unquote(e.parent) !== name) visit(unquote(e.parent), trail);
    ordered.push(name);
  };
  for (const t of tables) visit(t, new Set());
  return ordered.filter((t) => tables.includes(t));
}

export interface RestoreTarget {
  /** A migrated database with no rows. */
  db: Db;
  /** An empty document store. */
  storage: FileStorage;
  dataDir: string;
}

/** Fills an empty database and document store from an archive; refuses anything not empty. */
export async function restoreBackup({ db, storage, dataDir }: RestoreTarget, file: string): Promise<BackupManifest> {
  const { manifest, entries } = await readBackup(file);
  if (manifest.migration !== currentMigration())
    throw new BackupError(
      `${file} was made at schema ${manifest.migration}, this version is at ${currentMigration()}: restore it with the Registrar version that made it, then upgrade.`,
    );
  const tables = await tableNames(db);
  for (const name of tables) {
    const [row] = rowsOf<{ any: boolean }>(
      await db.execute(sql.raw(`select exists (select 1 from ${quoteIdent(name)}) as any`)),
    );
    if (row?.any)
      throw new BackupError(`The database is not empty (table ${name} has rows): restore needs an empty one.`);
  }
  const documentIds = [...entries.keys()].filter((n) => n.startsWith('documents/')).map((n) => n.slice(10));
  for (const id of documentIds)
    if (await storage.open(id)) throw new BackupError('The document store is not empty: restore needs an empty one.');
  const keyFile = path.join(dataDir, KEY_FILE);
  const key = entries.get(KEY_FILE);
  if (key && fs.existsSync(keyFile) && !fs.readFileSync(keyFile).equals(key))
    throw new BackupError(`${keyFile} exists and differs from the archive's key: restore needs an empty DATA_DIR.`);

  // Documents first: a database row never points at a file that is not there yet.
  for (const id of documentIds) {
    await storage.writeStaged(id, entries.get(`documents/${id}`)!);
    await storage.commit(id);
  }
  if (key && !fs.existsSync(keyFile)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(keyFile, key, { mode: 0o600, flag: 'wx' });
  }
  const order = await insertionOrder(
    db,
    tables.filter((t) => entries.has(`database/${t}.jsonl`)),
  );
  await db.transaction(async (tx) => {
    // The archive already holds what triggers derive (e.g. the dashboard's counters): they must not
    // fire again while the rows go back. Disabled for this transaction's inserts only.
    for (const name of order) await tx.execute(sql.raw(`alter table ${quoteIdent(name)} disable trigger user`));
    for (const name of order) {
      const lines = entries.get(`database/${name}.jsonl`)!.toString('utf8').split('\n').filter(Boolean);
      for (let i = 0; i < lines.length; i += 500) {
        // The rows' own JSON text goes back through json_populate_recordset: numbers, dates and
        // text reach the column types exactly as they were read, never through JavaScript values.
        const batch = `[${lines.slice(i, i + 500).join(',')}]`;
        await tx.execute(
          sql`${sql.raw(`insert into ${quoteIdent(name)} select * from json_populate_recordset(null::${quoteIdent(name)}, `)}${batch}::json)`,
        );
      }
    }
    for (const name of order) await tx.execute(sql.raw(`alter table ${quoteIdent(name)} enable trigger user`));
  });
  return manifest;
}
