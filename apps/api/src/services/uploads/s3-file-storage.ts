/**
 * Documents in S3-compatible object storage (`S3_*`), with the local store's guarantees:
 * an upload is staged as `<prefix>staging/<id>`, copied to `<prefix>documents/<id>`
 * and the staged object deleted once the database row has committed; `recover()` finishes those
 * moves and deletes staged objects that belong to no committed document.
 *
 * Streaming without holding a file in memory: S3 needs an object's length before its bytes (or a
 * multipart upload, whose parts are at least 5 MiB and so would hold a whole 5 MB document in
 * memory). Each upload is therefore spooled through a temporary file, unlinked as soon as it is
 * opened, so a crash leaves nothing on local disk, and then sent in one PUT with its length and
 * Content-MD5 (the store checks the bytes it received).
 *
 * Several instances may share a bucket, and one starting up cannot tell another's upload in
 * progress from a crash's leftover, so recover() removes an uncommitted staged object only once
 * it is `orphanGraceMs` old; the storage plugin runs it at start and then periodically.
 */
import { createHash, randomUUID } from 'node:crypto';
import fsp, { type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import type * as Sdk from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import type { FileStorage } from './file-storage';

const ID = /^[0-9a-f-]{36}$/;
/** Attempts at uploading a spooled file, as the SDK makes for every other request. */
const PUT_ATTEMPTS = 3;

export interface S3FileStorageOptions {
  /** Where uploads are spooled on their way to the bucket (each file is unlinked once opened). */
  spoolDir?: string;
  /** How old an uncommitted staged object must be before recover() deletes it. */
  orphanGraceMs?: number;
  /** A move after commit failed (e.g. the store is briefly unreachable) and is left to recover(). */
  onDeferredMove?: (id: string, err: unknown) => void;
}

/** Only the SDK's warnings and errors; its info level would log every request. */
export interface S3Logger {
  warn(message: string): void;
  error(message: string): void;
}

export interface S3FileStorage extends FileStorage {
  /** Closes the client's connections. */
  close(): void;
}

/**
 * The store for `S3_*`. The SDK is imported here, at run time, so that a server keeping
 * documents on disk never loads it (the bundle keeps a dynamic import of a package apart).
 */
export async function openS3FileStorage(
  config: S3Config,
  options: S3FileStorageOptions & { logger?: S3Logger } = {},
): Promise<S3FileStorage> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = createS3Client(sdk, config, options.logger);
  return { ...s3FileStorage(sdk, client, config, options), close: () => client.destroy() };
}

function createS3Client(sdk: typeof Sdk, config: S3Config, logger?: S3Logger): Sdk.S3Client {
  const quiet = () => undefined;
  return new sdk.S3Client({
    logger: {
      debug: quiet,
      info: quiet,
      warn: (...content: unknown[]) => logger?.warn(content.map(String).join(' ')),
      error: (...content: unknown[]) => logger?.error(content.map(String).join(' ')),
    },
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where an operation requires them: the newer default (aws-chunked bodies with
    // trailing checksums) is not understood by many S3-compatible stores, which then keep the
    // chunk framing as part of the object. Integrity is checked with Content-MD5 instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store answers quickly as unavailable instead of hanging the request.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    maxAttempts: 3,
  });
}

/** Worth another attempt: no answer at all, the store's own failure, or its throttling. */
const isRetryable = (err: unknown) => {
  const e = err as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  return (
    status === undefined || status >= 500 || status === 429 || e.name === 'RequestTimeout' || e.name === 'SlowDown'
  );
};

const isNotFound = (err: unknown) => {
  const name = (err as { name?: unknown })?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

/**
 * The SDK's connection and idle timeouts carry no error code; give them ETIMEDOUT so that, like a
 * refused connection (ECONNREFUSED), they answer 503 through the error handler.
 */
function classify(err: unknown): unknown {
  const e = err as { name?: unknown; code?: unknown; message?: unknown };
  if (e?.name === 'TimeoutError' && e.code === undefined)
    return Object.assign(new Error(`object storage: ${String(e.message)}`, { cause: err }), { code: 'ETIMEDOUT' });
  return err;
}

function s3FileStorage(
  sdk: typeof Sdk,
  client: Sdk.S3Client,
  config: Pick<S3Config, 'bucket' | 'prefix'>,
  options: S3FileStorageOptions,
): FileStorage {
  const { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } = sdk;
  const { PutObjectCommand } = sdk;
  const { bucket, prefix } = config;
  const spoolDir = options.spoolDir ?? os.tmpdir();
  const orphanGraceMs = options.orphanGraceMs ?? 60 * 60_000;
  const stagingPrefix = `${prefix}staging/`;
  const checked = (id: string) => {
    if (!ID.test(id)) throw new Error('bad file id');
    return id;
  };
  const stagedKey = (id: string) => `${stagingPrefix}${checked(id)}`;
  const finalKey = (id: string) => `${prefix}documents/${checked(id)}`;

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      throw classify(err);
    }
  };
  const exists = async (key: string) => {
    try {
      await call(() => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  };
  const deleteKey = (key: string) => call(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
  const put = (key: string, body: Buffer | Readable, length: number, md5: string, abortSignal?: AbortSignal) =>
    call(() =>
      client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: length, ContentMD5: md5 }),
        { abortSignal },
      ),
    );

  /** Copy, then delete the staged object. false: neither the staged nor the final object exists. */
  async function move(id: string): Promise<boolean> {
    try {
      await call(() =>
        client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: finalKey(id),
            CopySource: `${bucket}/${stagedKey(id)}`.split('/').map(encodeURIComponent).join('/'),
          }),
        ),
      );
    } catch (err) {
      if (isNotFound(err)) return exists(finalKey(id)); // already moved (by us or another instance)
      throw err;
    }
    await deleteKey(stagedKey(id));
    return true;
  }

  async function getObject(key: string) {
    try {
      return await call(() => client.send(new GetObjectCommand({ Bucket: bucket, Key: key })));
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Spools what is written and PUTs it to `key` once finished (a PUT replaces an object whole). */
  function uploadStream(key: string, id: string): Writable {
    {
      const spoolPath = path.join(spoolDir, `registrar-upload-${id}-${randomUUID()}`);
      const md5 = createHash('md5');
      const abort = new AbortController();
      let handle: FileHandle | undefined;
      let reader: Readable | undefined;
      let unlinked = false;
      let size = 0;
      const release = async () => {
        reader?.destroy();
        const h = handle;
        handle = undefined;
        await h?.close().catch(() => undefined);
        if (!unlinked) await fsp.rm(spoolPath, { force: true }).catch(() => undefined);
        unlinked = true;
      };
      return new Writable({
        construct(done) {
          fsp.open(spoolPath, 'wx+', 0o600).then(async (h) => {
            handle = h;
            try {
              await fsp.unlink(spoolPath); // POSIX keeps the open file; nothing is left after a crash
              unlinked = true;
            } catch {
              // a system that cannot unlink an open file: removed when released
            }
            done();
          }, done);
        },
        write(chunk: Buffer, _encoding, done) {
          md5.update(chunk);
          size += chunk.length;
          handle!.write(chunk).then(() => done(), done);
        },
        final(done) {
          const digest = md5.digest('base64');
          // The SDK does not retry a streamed body; the spool file can be read again, so we do.
          const send = async () => {
            for (let attempt = 1; ; attempt += 1) {
              reader = size > 0 ? handle!.createReadStream({ start: 0, autoClose: false }) : undefined;
              try {
                return await put(key, reader ?? Buffer.alloc(0), size, digest, abort.signal);
              } catch (err) {
                reader?.destroy();
                if (attempt >= PUT_ATTEMPTS || abort.signal.aborted || !isRetryable(err)) throw err;
                await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
              }
            }
          };
          send().then(
            () => release().then(() => done()),
            (err: Error) => release().then(() => done(err)),
          );
        },
        destroy(err, done) {
          abort.abort();
          release().then(
            () => done(err),
            () => done(err),
          );
        },
      });
    }
  }

  return {
    stagingStream: (id) => uploadStream(stagedKey(id), id),

    replaceStream: (id) => uploadStream(finalKey(id), id),

    async commit(id) {
      checked(id);
      let moved: boolean;
      try {
        moved = await move(id);
      } catch (err) {
        // The row has committed and the staged object is intact: open() serves it from staging
        // and recover() moves it later. Failing here would only make the caller discard it.
        options.onDeferredMove?.(id, err);
        return;
      }
      if (!moved) throw new Error(`nothing to move for document ${id}`);
    },

    async remove(id) {
      // Staged first: a concurrent recover() can then no longer copy it back into place.
      await deleteKey(stagedKey(id));
      await deleteKey(finalKey(id));
    },

    async open(id) {
      for (const key of [finalKey(id), stagedKey(id)]) {
        const object = await getObject(key);
        if (object?.Body) return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      }
      return undefined;
    },

    async readStaged(id) {
      const object = await getObject(stagedKey(id));
      if (!object?.Body) throw Object.assign(new Error(`no staged file ${id}`), { code: 'ENOENT' });
      return Buffer.from(await object.Body.transformToByteArray());
    },

    async writeStaged(id, data) {
      await put(stagedKey(id), data, data.length, createHash('md5').update(data).digest('base64'));
    },

    async recover(isCommitted) {
      const cutoff = Date.now() - orphanGraceMs;
      let moved = 0;
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await call(() =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: stagingPrefix, ContinuationToken: token })),
        );
        const staged = (page.Contents ?? [])
          .map((o) => ({ id: (o.Key ?? '').slice(stagingPrefix.length), modified: o.LastModified }))
          .filter((o) => ID.test(o.id));
        const committed = staged.length ? await isCommitted(staged.map((o) => o.id)) : new Set<string>();
        for (const { id, modified } of staged) {
          if (committed.has(id)) {
            if (await move(id)) moved += 1;
          } else if (!modified || modified.getTime() <= cutoff) {
            await deleteKey(stagedKey(id));
            removed += 1;
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return { moved, removed };
    },
  };
}
