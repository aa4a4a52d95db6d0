/**
 * One kept-totals cache for the enrolment list per instance (src/db/list-totals-cache.ts), in step
 * with the database's announcements of changes to what it counts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIST_CHANNEL, ListTotalsCache } from '../db/list-totals-cache';
import { keepHeardFromDatabase } from './heard-from-database';

declare module 'fastify' {
  interface FastifyInstance {
    readonly listTotals: ListTotalsCache;
  }
}

export default fp(async function listTotals(app: FastifyInstance) {
  const cache = new ListTotalsCache();
  await keepHeardFromDatabase(app, cache, LIST_CHANNEL);
  app.decorate('listTotals', cache);
});
