/**
 * Where documents live. Uploads are written to a staging area first, named by
 * the server (the document id), and moved into place only after the database row is committed.
 * `recover()` at start finishes a move interrupted by a crash and deletes staged files whose
 * row never committed, so nothing partial or orphaned outlives the next start.
 * Two implementations: local disk under DATA_DIR/uploads (here) and S3-compatible object storage
 * (`s3-file-storage.ts`, when S3_BUCKET is set).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';

export interface FileStorage {
  /** A writable stream for a new staged file: the file is staged once the stream has finished. */
  stagingStream(id: string): Writable;
  /**
   * A writable stream that replaces a committed file once it has finished: the old content stays
   * whole until the new one is durable, so a crash at any moment leaves one or the other.
   */
  replaceStream(id: string): Writable;
  /** Moves a staged file into place (idempotent). */
  commit(id: string): Promise<void>;
  /** Removes a file, staged or committed (idempotent). */
  remove(id: string): Promise<void>;
  /** A read stream for a committed file (or one still staged after a crash), or undefined. */
  open(id: string): Promise<{ stream: Readable; size: number } | undefined>;
  readStaged(id: string): Promise<Buffer>;
  writeStaged(id: string, data: Buffer): Promise<void>;
  /** Finishes or discards what a crash left in staging; `isCommitted` asks the database. */
  recover(isCommitted: (ids: string[]) => Promise<Set<string>>): Promise<{ moved: number; removed: number }>;
}

const ID = /^[0-9a-f-]{36}$/;

async function fsyncDir(dir: string) {
  const h = await fsp.open(dir, 'r');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

export function localFileStorage(root: string): FileStorage {
  const staging = path.join(root, '.staging');
  fs.mkdirSync(staging, { recursive: true });
  const finalPath = (id: string) => {
    if (!ID.test(id)) throw new Error('bad file id');
    return path.join(root, id.slice(0, 2), id);
  };
  const stagedPath = (id: string) => {
    if (!ID.test(id)) throw new Error('bad file id');
    return path.join(staging, id);
  };

  return {
    stagingStream: (id) => fs.createWriteStream(stagedPath(id), { flags: 'wx' }),

    replaceStream(id) {
      const to = finalPath(id);
      const tmp = `${to}.replacing`;
      let handle: fsp.FileHandle | undefined;
      return new Writable({
        construct(done) {
          fsp
            .mkdir(path.dirname(to), { recursive: true })
            .then(() => fsp.open(tmp, 'w', 0o600))
            .then((h) => {
              handle = h;
              done();
            }, done);
        },
        write(chunk: Buffer, _encoding, done) {
          handle!.write(chunk).then(() => done(), done);
        },
        final(done) {
          const h = handle!;
          handle = undefined;
          (async () => {
            await h.sync();
            await h.close();
            await fsp.rename(tmp, to);
            await fsyncDir(path.dirname(to));
          })().then(() => done(), done);
        },
        destroy(err, done) {
          const h = handle;
          handle = undefined;
          Promise.resolve(h?.close())
            .then(() => fsp.rm(tmp, { force: true }))
            .then(
              () => done(err),
              () => done(err),
            );
        },
      });
    },

    async commit(id) {
      const to = finalPath(id);
      await fsp.mkdir(path.dirname(to), { recursive: true });
      try {
        await fsp.rename(stagedPath(id), to);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' && fs.existsSync(to)) return; // already moved
        throw err;
      }
    },

    async remove(id) {
      await fsp.rm(stagedPath(id), { force: true });
      await fsp.rm(finalPath(id), { force: true });
    },

    async open(id) {
      for (const candidate of [finalPath(id), stagedPath(id)]) {
        try {
          const stat = await fsp.stat(candidate);
          return { stream: fs.createReadStream(candidate), size: stat.size };
        } catch {
          // try the next place
        }
      }
      return undefined;
    },

    readStaged: (id) => fsp.readFile(stagedPath(id)),
    writeStaged: (id, data) => fsp.writeFile(stagedPath(id), data),

    async recover(isCommitted) {
      const names = (await fsp.readdir(staging)).filter((n) => ID.test(n) || n.endsWith('.part'));
      const ids = names.filter((n) => ID.test(n));
      const committed = ids.length ? await isCommitted(ids) : new Set<string>();
      let moved = 0;
      let removed = 0;
      for (const name of names) {
        if (committed.has(name)) {
          await this.commit(name);
          moved += 1;
        } else {
          await fsp.rm(path.join(staging, name), { force: true });
          removed += 1;
        }
      }
      return { moved, removed };
    },
  };
}
