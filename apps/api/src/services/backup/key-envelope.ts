/**
 * The documents' master keys inside an archive, wrapped with BACKUP_PASSPHRASE: scrypt (memory-hard,
 * so guessing the passphrase from a stolen archive is slow) derives a key that seals the master keys
 * with AES-256-GCM. Without the passphrase the archive carries no key at all.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import path from 'node:path';
import { decodeKey, encodeKey } from '../../lib/key-text';
import { KEY_FILE } from '../documents/master-keys';

export const WRAPPED_KEYS_ENTRY = 'documents.keys.json';

/** 2^15 × 8 × 128 bytes: 32 MiB and a fraction of a second per attempt. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
const AAD = Buffer.from('registrar-backup documents keys');

interface Envelope {
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  iv: string;
  tag: string;
  sealed: string;
}

export class PassphraseError extends Error {}

const derive = (passphrase: string, salt: Buffer, { N, r, p }: { N: number; r: number; p: number }) =>
  scryptSync(passphrase.normalize('NFC'), salt, 32, { N, r, p, maxmem: 256 * N * r });

/** The entry's bytes: every master key (the current one first), sealed under the passphrase. */
export function wrapKeys(keys: Buffer[], passphrase: string): Buffer {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(passphrase, salt, SCRYPT), iv);
  cipher.setAAD(AAD);
  const plain = Buffer.from(JSON.stringify(keys.map(encodeKey)));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  const envelope: Envelope = {
    kdf: 'scrypt',
    ...SCRYPT,
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    sealed: sealed.toString('base64'),
  };
  return Buffer.from(`${JSON.stringify(envelope, null, 2)}\n`);
}

/** The master keys of an entry written by wrapKeys; PassphraseError when the passphrase is not the one. */
export function unwrapKeys(entry: Buffer, passphrase: string): Buffer[] {
  let envelope: Envelope;
  try {
    envelope = JSON.parse(entry.toString('utf8')) as Envelope;
  } catch {
    throw new PassphraseError(`${WRAPPED_KEYS_ENTRY} is not readable`);
  }
  if (envelope.kdf !== 'scrypt' || envelope.N > 2 ** 20 || envelope.r > 32 || envelope.p > 16)
    throw new PassphraseError(`${WRAPPED_KEYS_ENTRY} uses parameters this version does not read`);
  const decipher = createDecipheriv(
    'aes-256-gcm',
    derive(passphrase, Buffer.from(envelope.salt, 'base64'), envelope),
    Buffer.from(envelope.iv, 'base64'),
  );
  decipher.setAAD(AAD);
  decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(Buffer.from(envelope.sealed, 'base64')), decipher.final()]);
  } catch {
    throw new PassphraseError('BACKUP_PASSPHRASE does not open the documents key in this archive');
  }
  return (JSON.parse(plain.toString('utf8')) as string[]).map((k) => decodeKey(k)!);
}

/** Where the documents key of a backup is, for the backup command and a server's start-up line. */
export function keyAdvice(config: { documentsKey: Buffer | undefined; dataDir: string }, wrapped: boolean): string {
  if (wrapped)
    return 'The documents key is in the archive, wrapped with BACKUP_PASSPHRASE: keep the passphrase apart from the archives (a restore needs it to open the documents).';
  const key = config.documentsKey ? 'DOCUMENTS_KEY' : path.join(config.dataDir, KEY_FILE);
  return `The documents key is not in the archive: keep ${key} apart from the archives, as safely as them (a restore cannot open the documents without it), or set BACKUP_PASSPHRASE to carry it in each archive, wrapped.`;
}
