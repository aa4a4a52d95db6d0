/**
 * Document storage, with crash recovery before the app serves: DATA_DIR/uploads, or an
 * S3-compatible bucket when S3_BUCKET is set (the AWS SDK is loaded only then). Every file is
 * encrypted at rest; files stored before that are sealed in place before the app serves.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { localFileStorage, type FileStorage } from '../services/uploads/file-storage';
import { safeErrorFacts } from '../lib/logger';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store as opened; plugins/services.ts seals it as `app.storage`. */
    fileStore: FileStorage;
  }
}

/**
 * Our own caps, each below the library's default (fields and files unlimited, 1,000 parts): the
 * enrolment form has 17 text fields and 6 files. The parts cap sits below fields + files, so it
 * binds on its own rather than only ever after one of the other two.
 */
export const MULTIPART_LIMITS = {
  fields: 40,
  fieldSize: 16 * 1024,
  files: 8,
  parts: 45,
  headerPairs: 100,
  fieldNameSize: 100,
} as const;

/** With S3, how often staged objects are checked again (another instance may be mid-upload at start). */
const S3_SWEEP_INTERVAL_MS = 10 * 60_000;

async function openStorage(app: FastifyInstance): Promise<{ files: FileStorage; close(): void }> {
  const { s3 } = app.config;
  if (!s3) return { files: localFileStorage(path.join(app.config.dataDir, 'uploads')), close: () => undefined };
  const { openS3FileStorage } = await import('../services/uploads/s3-file-storage');
  const log = app.log.child({ component: 's3' });
  const files = await openS3FileStorage(s3, {
    logger: { warn: (m) => log.warn(m), error: (m) => log.error(m) },
    onDeferredMove: (id, err) => app.log.warn({ id, err: safeErrorFacts(err) }, 'document move deferred to recovery'),
  });
  return { files, close: () => files.close() };
}

export default fp(async function storage(app: FastifyInstance) {
  const { files: raw, close } = await openStorage(app);
  app.decorate('fileStore', raw);
  // Limits on every multipart request; the per-file size is set per route.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const recover = async () => {
    try {
      const { moved, removed } = await app.stagedUploads.recover();
      if (moved || removed) app.log.info({ moved, removed }, 'upload staging recovered');
    } catch (err) {
      app.log.warn({ err: safeErrorFacts(err) }, 'upload staging recovery postponed (database or storage unavailable)');
    }
  };
  app.addHook('onReady', async () => {
    await recover();
    // Before serving, so that every file is sealed when requests arrive. If the database or the
    // store is unreachable, the server still starts: a plain file is refused until the next start.
    try {
      const sealed = await app.storage.sealPlainFiles();
      if (sealed) app.log.info({ sealed }, 'documents stored before encryption are now encrypted');
    } catch (err) {
      app.log.error({ err: (err as Error).message }, 'encrypting documents stored before encryption postponed');
    }
  });
  let running: Promise<void> | undefined;
  const timer = app.config.s3
    ? setInterval(() => {
        running ??= recover().finally(() => (running = undefined));
      }, S3_SWEEP_INTERVAL_MS).unref()
    : undefined;
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    close();
  });
});
