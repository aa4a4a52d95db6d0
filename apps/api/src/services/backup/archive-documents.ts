/**
 * The documents of an archive and the master keys that open them: the archive's own keys (wrapped
 * with BACKUP_PASSPHRASE, or in the clear in first-format archives) and the configuration's
 * (DOCUMENTS_KEY / DOCUMENTS_KEY_PREVIOUS or DATA_DIR's key file). A check opens every document;
 * a restore also gives each one's key row under the target's current master key, and seals the
 * plain documents that first-format archives hold.
 */
import { decodeKey } from '../../lib/key-text';
import { MasterKeys, newDataKey } from '../documents/master-keys';
import { SealedStreamError, looksSealed, openSealed, sealBuffer } from '../documents/sealed-stream';
import { BACKUP_FORMAT_V1, LEGACY_KEY_ENTRY, type ArchiveContents } from './backup-archive';
import { PassphraseError, WRAPPED_KEYS_ENTRY, unwrapKeys } from './key-envelope';

const KEY_ROWS = 'database/document_keys.jsonl';

export interface KeysAtHand {
  /** The keys the archive itself carries (its current one first), once opened. */
  own: Buffer[];
  /** Every key that may open a document: the archive's and the configuration's. */
  all: MasterKeys | undefined;
  /** Why the archive's own keys could not be opened, when they could not. */
  problem: string | undefined;
}

export function keysAtHand(
  archive: ArchiveContents,
  passphrase: string | undefined,
  configured: MasterKeys | undefined,
): KeysAtHand {
  let own: Buffer[] = [];
  let problem: string | undefined;
  const wrapped = archive.entries.get(WRAPPED_KEYS_ENTRY);
  const legacy = archive.manifest.format === BACKUP_FORMAT_V1 ? archive.entries.get(LEGACY_KEY_ENTRY) : undefined;
  if (wrapped && !passphrase)
    problem = 'the archive holds the documents key wrapped with BACKUP_PASSPHRASE, which is not set';
  else if (wrapped) {
    try {
      own = unwrapKeys(wrapped, passphrase!);
    } catch (err) {
      if (!(err instanceof PassphraseError)) throw err;
      problem = err.message;
    }
  } else if (legacy) {
    const key = decodeKey(legacy.toString('utf8'));
    if (key) own = [key];
    else problem = `${LEGACY_KEY_ENTRY} in the archive is not a key`;
  }
  const list = [...own, ...(configured?.list() ?? [])];
  return { own, all: list.length ? new MasterKeys(list[0]!, list.slice(1)) : undefined, problem };
}

interface KeyRow {
  document_id: string;
  key_id: string;
  wrapped_key: string;
  [column: string]: unknown;
}

const keyRowsOf = (archive: ArchiveContents) =>
  new Map(
    (archive.entries.get(KEY_ROWS)?.toString('utf8').split('\n').filter(Boolean) ?? []).map((line) => {
      const row = JSON.parse(line) as KeyRow;
      return [row.document_id, row] as const;
    }),
  );

/** The ids of the archive's documents, from its manifest. */
export const documentIdsOf = (archive: ArchiveContents) =>
  Object.keys(archive.manifest.files)
    .filter((name) => name.startsWith('documents/'))
    .map((name) => name.slice('documents/'.length));

type Opened = { plain: true } | { plain: false; dataKey: Buffer } | { problem: string };

async function openDocument(
  archive: ArchiveContents,
  id: string,
  row: KeyRow | undefined,
  keys: MasterKeys | undefined,
): Promise<Opened> {
  const data = archive.entries.get(`documents/${id}`)!;
  if (!looksSealed(data))
    return archive.manifest.format === BACKUP_FORMAT_V1 ? { plain: true } : { problem: 'it is not sealed' };
  if (!row) return { problem: 'its key row is not in the archive' };
  if (!keys?.has(row.key_id)) return { problem: `it needs master key ${row.key_id}, which is not at hand` };
  let dataKey: Buffer;
  try {
    dataKey = keys.unwrap({ keyId: row.key_id, wrapped: row.wrapped_key }, id);
  } catch {
    return { problem: 'its data key failed its integrity check' };
  }
  try {
    for await (const segment of openSealed([data], dataKey)) void segment;
  } catch (err) {
    if (err instanceof SealedStreamError) return { problem: err.message };
    throw err;
  }
  return { plain: false, dataKey };
}

/** Opens every document of the archive but `skip`'s entries; one line per document that does not open. */
export async function checkDocuments(
  archive: ArchiveContents,
  keys: MasterKeys | undefined,
  skip: Set<string> = new Set(),
): Promise<string[]> {
  const rows = keyRowsOf(archive);
  const problems: string[] = [];
  for (const id of documentIdsOf(archive)) {
    if (skip.has(`documents/${id}`)) continue;
    const opened = await openDocument(archive, id, rows.get(id), keys);
    if ('problem' in opened) problems.push(`documents/${id}: ${opened.problem}`);
  }
  return problems;
}

export interface RestoredDocuments {
  /** Each document as the target store keeps it: sealed. */
  files: Map<string, Buffer>;
  /** `document_keys` as JSON lines, every data key of a document wrapped by the target's current master key. */
  keyRows: string[];
  /** Documents that do not open, one line each; nothing may be written then. */
  problems: string[];
  /** Plain documents (first-format archives) sealed on the way in. */
  sealed: number;
}

export async function documentsForRestore(
  archive: ArchiveContents,
  keys: MasterKeys | undefined,
  target: MasterKeys | undefined,
): Promise<RestoredDocuments> {
  const rows = keyRowsOf(archive);
  const files = new Map<string, Buffer>();
  const problems: string[] = [];
  let sealed = 0;
  for (const id of documentIdsOf(archive)) {
    const opened = await openDocument(archive, id, rows.get(id), keys);
    if ('problem' in opened) {
      problems.push(`documents/${id}: ${opened.problem}`);
      continue;
    }
    if (!target) {
      problems.push(`documents/${id}: there is no documents key to seal it under`);
      continue;
    }
    const dataKey = opened.plain ? newDataKey() : opened.dataKey;
    const data = archive.entries.get(`documents/${id}`)!;
    files.set(id, opened.plain ? sealBuffer(dataKey, data) : data);
    if (opened.plain) sealed += 1;
    const row = rows.get(id);
    if (row?.key_id === target.currentId && !opened.plain) continue;
    const { keyId, wrapped } = target.wrap(dataKey, id);
    rows.set(id, {
      ...(row ?? { created_at: new Date().toISOString() }),
      document_id: id,
      key_id: keyId,
      wrapped_key: wrapped,
    });
  }
  return { files, keyRows: [...rows.values()].map((r) => JSON.stringify(r)), problems, sealed };
}
