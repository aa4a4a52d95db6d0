/**
 * Master keys, which wrap each document's own data key. They never enter the database: they come
 * from DOCUMENTS_KEY (and DOCUMENTS_KEY_PREVIOUS while a rotation is under way) or, with the
 * embedded database and no DOCUMENTS_KEY, from `DATA_DIR/documents.key`, generated once with
 * mode 0600 (and `documents.previous.key` during a rotation).
 * Each wrapped data key carries the id of the master key that wrapped it, so several master keys
 * can be in use at once while a rotation re-wraps them one by one.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { decodeKey, encodeKey } from '../../lib/key-text';

export const KEY_FILE = 'documents.key';
export const PREVIOUS_KEY_FILE = 'documents.previous.key';

export class MasterKeyError extends Error {}

/** A short public name for a key: a hash, which reveals nothing of the key. */
export const keyId = (key: Buffer) =>
  createHash('sha256').update('registrar documents key').update(key).digest('hex').slice(0, 16);

export interface WrappedKey {
  keyId: string;
  /** base64 of nonce ‖ encrypted data key ‖ tag */
  wrapped: string;
}

export class MasterKeys {
  readonly currentId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(current: Buffer, previous: Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== 32) throw new MasterKeyError('a documents key is 32 bytes');
      this.keys.set(keyId(key), key);
    }
    this.currentId = keyId(current);
  }

  has(id: string) {
    return this.keys.has(id);
  }

  /** Every loaded key, the current one first (a backup carries them all, wrapped). */
  list(): Buffer[] {
    const current = this.keys.get(this.currentId)!;
    return [current, ...[...this.keys.values()].filter((k) => k !== current)];
  }

  /** Wraps a data key under the current master key, bound to the document it belongs to. */
  wrap(dataKey: Buffer, documentId: string): WrappedKey {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv);
    cipher.setAAD(Buffer.from(documentId));
    const sealed = Buffer.concat([cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
    return { keyId: this.currentId, wrapped: Buffer.concat([iv, sealed]).toString('base64') };
  }

  unwrap(key: WrappedKey, documentId: string): Buffer {
    const master = this.keys.get(key.keyId);
    if (!master) throw new MasterKeyError(`document ${documentId} is wrapped by key ${key.keyId}, which is not loaded`);
    const raw = Buffer.from(key.wrapped, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', master, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(documentId));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    try {
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
    } catch {
      throw new MasterKeyError(`the data key of document ${documentId} failed its integrity check`);
    }
  }
}

export const newDataKey = () => randomBytes(32);
export const newMasterKey = () => randomBytes(32);

function fsyncDir(dir: string) {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes a key file with mode 0600 durably and atomically: it appears whole or not at all. */
export function writeKeyFile(file: string, key: Buffer, { replace }: { replace: boolean }) {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.writeFileSync(fd, `${encodeKey(key)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    if (replace) fs.renameSync(tmp, file);
    else fs.linkSync(tmp, file); // fails if another process created the file meanwhile
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  fsyncDir(path.dirname(file));
}

export function readKeyFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const key = decodeKey(text);
  if (!key) throw new MasterKeyError(`${file} does not hold a 32-byte base64 key`);
  // Only the server's user may read it, even if it was copied in with a wider mode.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return key;
}

export interface MasterKeySource {
  documentsKey: Buffer | undefined;
  documentsKeyPrevious: Buffer[];
  databaseUrl: string | undefined;
  dataDir: string;
}

/** The master keys the configuration names, creating the key file on the first start without one. */
export function loadMasterKeys(config: MasterKeySource): MasterKeys {
  if (config.documentsKey) return new MasterKeys(config.documentsKey, config.documentsKeyPrevious);
  if (config.databaseUrl)
    throw new MasterKeyError('DOCUMENTS_KEY must be set when DATABASE_URL is set (every instance needs the same key)');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, KEY_FILE);
  let current = readKeyFile(file);
  if (!current) {
    try {
      writeKeyFile(file, newMasterKey(), { replace: false });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    current = readKeyFile(file)!;
  }
  const previous = readKeyFile(path.join(config.dataDir, PREVIOUS_KEY_FILE));
  return new MasterKeys(current, [...(previous ? [previous] : []), ...config.documentsKeyPrevious]);
}

/** The keys the configuration names, without creating a key file; undefined when there is none. */
export function existingMasterKeys(config: MasterKeySource): MasterKeys | undefined {
  if (config.documentsKey) return new MasterKeys(config.documentsKey, config.documentsKeyPrevious);
  const current = readKeyFile(path.join(config.dataDir, KEY_FILE));
  if (!current) return undefined;
  const previous = readKeyFile(path.join(config.dataDir, PREVIOUS_KEY_FILE));
  return new MasterKeys(current, [...(previous ? [previous] : []), ...config.documentsKeyPrevious]);
}
