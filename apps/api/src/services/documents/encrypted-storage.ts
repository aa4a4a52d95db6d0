/**
 * Documents encrypted at rest, on whichever store holds them: each file is sealed (see
 * `sealed-stream.ts`) under its own random data key while it streams in, and opened segment by
 * segment while it streams out. The data key, wrapped by a master key, is kept in the database
 * (`document_keys`), never beside the file: re-wrapping under a new master key is then a row
 * update, and the files themselves are never rewritten. Reads return plaintext, as before.
 */
import { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-errors';
import { appMetaRepository } from '../../repositories/app-meta-repository';
import { documentKeyRepository } from '../../repositories/document-key-repository';
import type { FileStorage } from '../uploads/file-storage';
import { newDataKey, type MasterKeys } from './master-keys';
import { SealedStreamError, Sealer, looksSealed, openSealed, plaintextSize, sealBuffer } from './sealed-stream';

/** Set once every file stored before encryption has been sealed. */
const SEALED_MARK = 'documents_sealed_v1';

const integrityError = () => new HttpError(500, ERROR_CODES.internal, ENROLLMENT_MESSAGES.documentIntegrity);

export interface EncryptedStorageOptions {
  /** How old a key of no document must be before recover() deletes it (and its file, if any). */
  orphanGraceMs?: number;
}

export interface EncryptedFileStorage extends FileStorage {
  /**
   * Seals, in place, the files stored before documents were encrypted. Each file's key row is
   * committed first, then the sealed copy replaces the plain one atomically, so an interruption at
   * any moment leaves either the plain file (sealed again on the next run, with the same key) or
   * the sealed one. Returns how many files it sealed.
   */
  sealPlainFiles(): Promise<number>;
  /** The store underneath, whose files are sealed: what a backup copies, as it is. */
  readonly sealed: FileStorage;
  /** From now on, wraps new data keys under these keys' current one (a rotation while serving). */
  useKeys(keys: MasterKeys): void;
}

/** Writes what the sealer gives to `target`, honouring its backpressure. */
function sealingWritable(prepare: () => Promise<{ target: Writable; dataKey: Buffer }>): Writable {
  let target: Writable | undefined;
  let sealer: Sealer | undefined;
  const send = (buffers: Buffer[], done: (err?: Error | null) => void) => {
    let ok = true;
    for (const b of buffers) ok = target!.write(b) && ok;
    if (ok) done();
    else target!.once('drain', () => done());
  };
  return new Writable({
    construct(done) {
      prepare().then(({ target: t, dataKey }) => {
        target = t;
        sealer = new Sealer(dataKey);
        t.on('error', () => undefined); // surfaced through finished() or the next write
        done();
      }, done);
    },
    write(chunk: Buffer, _encoding, done) {
      if (target!.destroyed) return done(target!.errored ?? new Error('document store closed'));
      send(sealer!.push(chunk), done);
    },
    final(done) {
      for (const b of sealer!.end()) target!.write(b);
      target!.end();
      finished(target!).then(() => done(), done);
    },
    destroy(err, done) {
      target?.destroy(err ?? undefined);
      done(err);
    },
  });
}

export function encryptedFileStorage(
  raw: FileStorage,
  db: Db,
  initialKeys: MasterKeys,
  options: EncryptedStorageOptions = {},
): EncryptedFileStorage {
  const orphanGraceMs = options.orphanGraceMs ?? 60 * 60_000;
  let keys = initialKeys;

  const dataKeyOf = async (id: string): Promise<Buffer | undefined> => {
    const row = await documentKeyRepository.get(db, id);
    return row && keys.unwrap({ keyId: row.keyId, wrapped: row.wrappedKey }, id);
  };
  /** The document's data key, creating one if it has none (every writer of one id shares it). */
  const ensureDataKey = async (id: string): Promise<Buffer> => {
    const { keyId, wrapped } = keys.wrap(newDataKey(), id);
    const row = await documentKeyRepository.getOrInsert(db, { documentId: id, keyId, wrappedKey: wrapped });
    return keys.unwrap({ keyId: row.keyId, wrapped: row.wrappedKey }, id);
  };

  const storage: EncryptedFileStorage = {
    sealed: raw,

    useKeys(next) {
      keys = next;
    },

    stagingStream(id) {
      const target = raw.stagingStream(id); // checks the id before anything is written
      return sealingWritable(async () => {
        const dataKey = newDataKey();
        const { keyId, wrapped } = keys.wrap(dataKey, id);
        await documentKeyRepository.put(db, { documentId: id, keyId, wrappedKey: wrapped });
        return { target, dataKey };
      });
    },

    replaceStream(id) {
      const target = raw.replaceStream(id);
      return sealingWritable(async () => ({ target, dataKey: await ensureDataKey(id) }));
    },

    commit: (id) => raw.commit(id),

    async remove(id) {
      await raw.remove(id);
      // The key last: a file without its key could never be read again, nor told from an orphan.
      await documentKeyRepository.delete(db, id);
    },

    async open(id) {
      const file = await raw.open(id);
      if (!file) return undefined;
      let dataKey: Buffer | undefined;
      try {
        dataKey = await dataKeyOf(id);
      } catch (err) {
        file.stream.destroy();
        throw err;
      }
      if (!dataKey) {
        file.stream.destroy();
        throw integrityError();
      }
      const segments = openSealed(file.stream, dataKey);
      // The first segment is verified before anything is answered, so a damaged file is refused
      // with a clear error instead of a response cut off after its headers.
      let first: IteratorResult<Buffer>;
      try {
        first = await segments.next();
      } catch (err) {
        file.stream.destroy();
        if (err instanceof SealedStreamError) throw integrityError();
        throw err;
      }
      const rest = async function* () {
        if (!first.done && first.value.length) yield first.value;
        for await (const segment of segments) if (segment.length) yield segment;
      };
      const stream = Readable.from(rest(), { objectMode: false });
      stream.once('close', () => file.stream.destroy());
      return { stream, size: plaintextSize(file.size) };
    },

    async readStaged(id) {
      const dataKey = await dataKeyOf(id);
      if (!dataKey) throw integrityError();
      const parts: Buffer[] = [];
      for await (const segment of openSealed([await raw.readStaged(id)], dataKey)) parts.push(segment);
      return Buffer.concat(parts);
    },

    async writeStaged(id, data) {
      await raw.writeStaged(id, sealBuffer(await ensureDataKey(id), data));
    },

    async recover(isCommitted) {
      const result = await raw.recover(isCommitted);
      const orphans = await documentKeyRepository.orphans(db, new Date(Date.now() - orphanGraceMs), 500);
      for (const id of orphans) await storage.remove(id);
      return result;
    },

    async sealPlainFiles() {
      if (await appMetaRepository.get(db, SEALED_MARK)) return 0;
      let sealed = 0;
      for (let after: string | undefined; ;) {
        const ids = await documentKeyRepository.documentIdsAfter(db, after, 200);
        if (!ids.length) break;
        for (const id of ids) if (await sealPlainFile(id)) sealed += 1;
        after = ids[ids.length - 1];
      }
      await appMetaRepository.set(db, SEALED_MARK, true);
      return sealed;
    },
  };

  /** true: the file was plain and is now sealed. */
  async function sealPlainFile(id: string): Promise<boolean> {
    try {
      await raw.commit(id); // a move a crash left unfinished, so that the file in place is replaced
    } catch {
      // nothing staged and nothing in place: checked just below
    }
    const file = await raw.open(id);
    if (!file) return false;
    const head = await readHead(file.stream, 4);
    if (looksSealed(head)) return false;
    const plain = await raw.open(id);
    if (!plain) return false;
    const writer = storage.replaceStream(id);
    await pipeline(plain.stream, writer);
    return true;
  }

  return storage;
}

/** The first `n` bytes of a stream (fewer if it is shorter); the stream is then closed. */
async function readHead(stream: Readable, n: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      parts.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= n) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, n);
}
