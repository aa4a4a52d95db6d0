/**
 * One kept-totals cache for the enrolment list per instance (src/db/list-totals-cache.ts), in step
 * with the database's announcements of changes to what it counts. A staff route that writes only
 * installments (recording a payment) says so with `config: { listTotalsWrites: 'installments' }`,
 * so its answer drops only the totals a payment can change.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIST_CHANNEL, ListTotalsCache } from '../db/list-totals-cache';
import { keepHeardFromDatabase } from './heard-from-database';

declare module 'fastify' {
  interface FastifyInstance {
    readonly listTotals: ListTotalsCache;
  }
  interface FastifyContextConfig {
    /** The only table of the enrolment list's totals this route writes (default: any of them). */
    listTotalsWrites?: 'installments';
  }
}

export default fp(async function listTotals(app: FastifyInstance) {
  const cache = new ListTotalsCache();
  await keepHeardFromDatabase(app, cache, LIST_CHANNEL, {
    onNotify: (table) => cache.changed(table),
    onOwnWrite: (request) => cache.changed(request.routeOptions.config.listTotalsWrites ?? 'any'),
  });
  app.decorate('listTotals', cache);
});
