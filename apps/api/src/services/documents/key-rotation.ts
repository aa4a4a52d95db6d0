/**
 * Re-wraps every document's data key under the current master key. Files are never touched: only
 * the wrapped keys in `document_keys` change, one row at a time, so an interruption leaves every
 * row readable (under the old key or the new one) and running again carries on where it stopped.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database';
import { documentKeyRepository } from '../../repositories/document-key-repository';
import {
  KEY_FILE,
  MasterKeyError,
  PREVIOUS_KEY_FILE,
  keyId,
  newMasterKey,
  readKeyFile,
  writeKeyFile,
  type MasterKeys,
} from './master-keys';

export interface RotationResult {
  /** Data keys re-wrapped by this run. */
  rewrapped: number;
  /** Data keys under a master key that is not loaded (left as they are). */
  unknown: number;
}

export async function rewrapDocumentKeys(
  db: Db,
  keys: MasterKeys,
  options: { batch?: number; onProgress?: (rewrapped: number) => void } = {},
): Promise<RotationResult> {
  const batch = options.batch ?? 100;
  let rewrapped = 0;
  let unknown = 0;
  for (let after: string | undefined; ;) {
    const rows = await documentKeyRepository.notWrappedBy(db, keys.currentId, after, batch);
    if (!rows.length) break;
    for (const row of rows) {
      if (!keys.has(row.keyId)) {
        unknown += 1;
        continue;
      }
      const dataKey = keys.unwrap({ keyId: row.keyId, wrapped: row.wrappedKey }, row.documentId);
      const to = keys.wrap(dataKey, row.documentId);
      if (await documentKeyRepository.rewrap(db, row, { keyId: to.keyId, wrappedKey: to.wrapped })) rewrapped += 1;
    }
    after = rows[rows.length - 1]!.documentId;
    options.onProgress?.(rewrapped);
  }
  return { rewrapped, unknown };
}

/**
 * With the key file: makes a new `documents.key`, keeping the one it replaces as
 * `documents.previous.key` until every data key is re-wrapped. Each step is atomic and the steps
 * are recognised on a second run, so an interrupted rotation is finished, never started over.
 */
export function prepareKeyFileRotation(dataDir: string): void {
  const current = path.join(dataDir, KEY_FILE);
  const previous = path.join(dataDir, PREVIOUS_KEY_FILE);
  const currentKey = readKeyFile(current);
  if (!currentKey) throw new MasterKeyError(`${current} does not exist: there is no key to rotate`);
  const previousKey = readKeyFile(previous);
  if (previousKey && keyId(previousKey) !== keyId(currentKey)) return; // a rotation to finish
  if (!previousKey) fs.linkSync(current, previous);
  writeKeyFile(current, newMasterKey(), { replace: true });
}

/** After a complete key-file rotation: the previous key is no longer needed by any document. */
export function finishKeyFileRotation(dataDir: string): void {
  fs.rmSync(path.join(dataDir, PREVIOUS_KEY_FILE), { force: true });
}
