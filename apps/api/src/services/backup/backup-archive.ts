/**
 * One backup archive (tar): every table of the database as JSON lines, every document exactly as
 * the store holds it (sealed; the archive never holds a readable document), the master keys only
 * when wrapped with BACKUP_PASSPHRASE, and `manifest.json` with a SHA-256 of each entry. The database is read in one REPEATABLE READ, read-only transaction, so the copy is one
 * consistent moment while the server keeps writing; the same code reads PGlite and PostgreSQL, and
 * an archive from either restores into either.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type TarStream from 'tar-stream';
import { lazyPackage } from '../../lib/lazy-package';
import type { Db } from '../../db/database';
import { backupRepository } from '../../repositories/backup-repository';
import type { FileStorage } from '../uploads/file-storage';
import { APP_VERSION } from '../../lib/version';
import type { MasterKeys } from '../documents/master-keys';
import { looksSealed } from '../documents/sealed-stream';
import { WRAPPED_KEYS_ENTRY, wrapKeys } from './key-envelope';

const tar = lazyPackage<typeof TarStream>('tar-stream');

export const BACKUP_FORMAT = 'registrar-backup/2';
/** Archives of the first format: documents as the server read them (often plain), the key file in the clear. */
export const BACKUP_FORMAT_V1 = 'registrar-backup/1';
/** Where a first-format archive kept `DATA_DIR/documents.key`, as it was. */
export const LEGACY_KEY_ENTRY = 'documents.key';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT | typeof BACKUP_FORMAT_V1;
  createdAt: string;
  appVersion: string;
  /** The last migration the database had: a restore needs the same schema. */
  migration: string;
  tables: Record<string, number>;
  documents: number;
  /** Documents whose row was in the snapshot but whose file was deleted before it was copied. */
  missingDocuments: string[];
  files: Record<string, { size: number; sha256: string }>;
  /** The master keys (by id) that wrap the documents' data keys: what a restore needs. */
  documentKeyIds?: string[];
  /** Whether the archive carries those keys, wrapped with BACKUP_PASSPHRASE. */
  keysWrapped?: boolean;
}

export class BackupError extends Error {}

/** The newest migration this code ships. */
export const currentMigration = (): string => backupRepository.shippedMigration();

export interface BackupSources {
  db: Db;
  /** The store itself, whose files are sealed (never the decrypting view the routes read through). */
  store: FileStorage;
  /** The master keys: carried in the archive only when wrapped with `passphrase`. */
  keys: MasterKeys | undefined;
  passphrase: string | undefined;
}

/** Writes the archive to `file` (through a temporary name, so a failed backup leaves nothing half-written). */
export async function writeBackup(
  { db, store, keys, passphrase }: BackupSources,
  file: string,
): Promise<BackupManifest> {
  // One snapshot for every table: rows written meanwhile are either all in or all out.
  const snapshot = await backupRepository.snapshot(db);
  if (!snapshot.migrated) throw new BackupError('The database has no migrations applied: nothing to back up.');

  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.partial`;
  const pack = tar().pack();
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
      const opened = await store.open(id);
      if (!opened) {
        missingDocuments.push(id);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      // One rule for every path: a document leaves the store sealed or not at all.
      if (!looksSealed(data))
        throw new BackupError(
          `Document ${id} is not encrypted yet: start the server once (it encrypts documents stored before encryption), then back up again.`,
        );
      await add(`documents/${id}`, data);
    }
    const documentKeyIds = [
      ...new Set((snapshot.tables.document_keys ?? []).map((r) => (JSON.parse(r) as { key_id: string }).key_id)),
    ].sort();
    const keysWrapped = Boolean(passphrase && keys);
    if (keysWrapped) await add(WRAPPED_KEYS_ENTRY, wrapKeys(keys!.list(), passphrase!));

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      appVersion: APP_VERSION,
      migration: currentMigration(),
      tables: counts,
      documents: documentIds.length - missingDocuments.length,
      missingDocuments,
      files,
      documentKeyIds,
      keysWrapped,
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

export interface ArchiveContents {
  manifest: BackupManifest;
  entries: Map<string, Buffer>;
  /** Entries of the manifest that are missing or do not match their size and SHA-256, one line each. */
  damaged: string[];
}

/** Reads every entry of an archive into memory and checks each against the manifest's checksum. */
export async function readArchive(file: string): Promise<ArchiveContents> {
  const entries = new Map<string, Buffer>();
  const extract = tar().extract();
  const reading = pipeline(fs.createReadStream(file), extract);
  try {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.set(entry.header.name, Buffer.concat(chunks));
    }
    await reading;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') throw new BackupError(`${file} cannot be read (${code}).`);
    throw new BackupError(`${file} is not a readable tar archive (${(err as Error).message}).`);
  }
  const raw = entries.get('manifest.json');
  if (!raw) throw new BackupError(`${file} is not a Registrar backup (no manifest.json).`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(raw.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${file} is damaged: manifest.json is not readable.`);
  }
  if (manifest.format !== BACKUP_FORMAT && manifest.format !== BACKUP_FORMAT_V1)
    throw new BackupError(`${file} is not a Registrar backup this version reads.`);
  const damaged: string[] = [];
  for (const [name, { size, sha256 }] of Object.entries(manifest.files)) {
    const data = entries.get(name);
    if (!data) damaged.push(`${name}: missing from the archive`);
    else if (data.length !== size || crypto.createHash('sha256').update(data).digest('hex') !== sha256)
      damaged.push(`${name}: does not match its checksum`);
  }
  return { manifest, entries, damaged };
}

/** readArchive, refusing an archive with any damaged entry. */
export async function readBackup(file: string): Promise<ArchiveContents> {
  const archive = await readArchive(file);
  if (archive.damaged.length)
    throw new BackupError(
      `${file} is damaged: ${archive.damaged[0]}${archive.damaged.length > 1 ? ` (and ${archive.damaged.length - 1} more)` : ''}.`,
    );
  return archive;
}

/** Why an archive cannot be restored by this version (its schema), or undefined. */
export function schemaProblem(manifest: BackupManifest, file: string): string | undefined {
  if (manifest.migration === currentMigration()) return undefined;
  return `${file} was made at schema ${manifest.migration}, this version is at ${currentMigration()}: restore it with the Registrar version that made it, then upgrade.`;
}
