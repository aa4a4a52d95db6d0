/** Document storage under DATA_DIR/uploads, with crash recovery before the app serves. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { localFileStorage, type FileStorage } from '../services/uploads/file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export default fp(async function storage(app: FastifyInstance) {
  const files = localFileStorage(path.join(app.config.dataDir, 'uploads'));
  app.decorate('storage', files);
  // Limits on every multipart request (DESIGN §6); the per-file size is set per route.
  await app.register(multipart, {
    limits: { fields: 40, fieldSize: 16 * 1024, files: 8, parts: 60, headerPairs: 100, fieldNameSize: 100 },
    throwFileSizeLimit: true,
  });
  app.addHook('onReady', async () => {
    try {
      const { moved, removed } = await files.recover((ids) =>
        enrollmentRepository.existingDocumentIds(app.database.db, ids),
      );
      if (moved || removed) app.log.info({ moved, removed }, 'upload staging recovered');
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'upload staging recovery postponed (database unavailable)');
    }
  });
});
