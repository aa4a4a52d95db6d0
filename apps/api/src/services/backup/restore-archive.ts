/**
 * Restores an archive into an empty database and document store. Every document is opened before
 * anything is written: a restore that succeeds gives back documents the restored server can read,
 * each data key re-wrapped under the target's master key when the archive's differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database';
import { KEY_FILE, MasterKeys, writeKeyFile } from '../documents/master-keys';
import type { FileStorage } from '../uploads/file-storage';
import { documentIdsOf, documentsForRestore, keysAtHand } from './archive-documents';
import { backupRepository } from '../../repositories/backup-repository';
import { BackupError, readBackup, schemaProblem, type BackupManifest } from './backup-archive';

/** Tables in an order where every foreign key points at a table already filled. */
async function insertionOrder(db: Db, tables: string[]): Promise<string[]> {
  const edges = await backupRepository.foreignKeys(db);
  const ordered: string[] = [];
  const visit = (name: string, trail: Set<string>) => {
    if (ordered.includes(name) || trail.has(name)) return;
    trail.add(name);
    for (const e of edges) if (e.child === name && e.parent !== name) visit(e.parent, trail);
    ordered.push(name);
  };
  for (const t of tables) visit(t, new Set());
  return ordered.filter((t) => tables.includes(t));
}

export interface RestoreTarget {
  /** A migrated database with no rows. */
  db: Db;
  /** An empty document store: the store itself (files go in sealed, as they are kept). */
  store: FileStorage;
  dataDir: string;
  /** The master keys the configuration already names (DOCUMENTS_KEY, or DATA_DIR's key file). */
  keys: MasterKeys | undefined;
  /** With none configured: whether the archive's key may become `DATA_DIR/documents.key` (embedded database). */
  keyFileAllowed: boolean;
  passphrase: string | undefined;
}

export interface RestoreResult extends BackupManifest {
  /** Plain documents of a first-format archive that were sealed on the way in. */
  sealedOnRestore: number;
}

/** Fills an empty database and document store from an archive; refuses anything not empty. */
export async function restoreBackup(target: RestoreTarget, file: string): Promise<RestoreResult> {
  const { db, store, dataDir } = target;
  const archive = await readBackup(file);
  const { manifest, entries } = archive;
  const wrongSchema = schemaProblem(manifest, file);
  if (wrongSchema) throw new BackupError(wrongSchema);
  const tables = await backupRepository.tableNames(db);
  const filled = await backupRepository.firstWithRows(db, tables);
  if (filled)
    throw new BackupError(`The database is not empty (table ${filled} has rows): restore needs an empty one.`);
  const documentIds = documentIdsOf(archive);
  for (const id of documentIds)
    if (await store.open(id)) throw new BackupError('The document store is not empty: restore needs an empty one.');

  const keys = keysAtHand(archive, target.passphrase, target.keys);
  // With no key configured, the archive's own becomes the new installation's.
  const newKeyFile = !target.keys && target.keyFileAllowed && keys.own.length > 0;
  const targetKeys = target.keys ?? (newKeyFile ? new MasterKeys(keys.own[0]!) : undefined);
  const documents = await documentsForRestore(archive, keys.all, targetKeys);
  if (documents.problems.length) {
    const where = target.keyFileAllowed
      ? `set BACKUP_PASSPHRASE, or copy the documents.key kept apart from the archives into ${dataDir}, or set DOCUMENTS_KEY`
      : 'set BACKUP_PASSPHRASE, or DOCUMENTS_KEY (and DOCUMENTS_KEY_PREVIOUS) to the key the documents were stored under';
    const noTargetKey = target.keyFileAllowed
      ? `no documents key is at hand: ${where}`
      : 'DOCUMENTS_KEY must be set when DATABASE_URL is set: the restored documents are kept under it';
    const reason = keys.problem ?? (targetKeys ? undefined : noTargetKey);
    throw new BackupError(
      [`Nothing was restored: ${documents.problems.length} document(s) do not open${reason ? ` (${reason})` : ''}.`]
        .concat(documents.problems.slice(0, 20).map((p) => `  ${p}`))
        .join('\n'),
    );
  }

  // Documents first: a database row never points at a file that is not there yet.
  for (const [id, data] of documents.files) {
    await store.writeStaged(id, data);
    await store.commit(id);
  }
  if (newKeyFile) {
    fs.mkdirSync(dataDir, { recursive: true });
    writeKeyFile(path.join(dataDir, KEY_FILE), keys.own[0]!, { replace: false });
  }
  if (documentIds.length || entries.has('database/document_keys.jsonl'))
    entries.set('database/document_keys.jsonl', Buffer.from(documents.keyRows.map((r) => `${r}\n`).join('')));
  const order = await insertionOrder(
    db,
    tables.filter((t) => entries.has(`database/${t}.jsonl`)),
  );
  await backupRepository.insertAll(db, order, (name) =>
    entries.get(`database/${name}.jsonl`)!.toString('utf8').split('\n').filter(Boolean),
  );
  return { ...manifest, sealedOnRestore: documents.sealed };
}
