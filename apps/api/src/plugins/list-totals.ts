/**
 * One kept-totals cache for the enrolment list per instance (src/db/list-totals-cache.ts): it
 * forgets everything when the database announces a change, and when a write on this instance
 * answers, since the database's own notification reaches this instance a moment later.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIST_CHANNEL, ListTotalsCache } from '../db/list-totals-cache';

declare module 'fastify' {
  interface FastifyInstance {
    readonly listTotals: ListTotalsCache;
  }
}

export default fp(async function listTotals(app: FastifyInstance) {
  const cache = new ListTotalsCache();
  const unlisten = await app.database.listen(
    LIST_CHANNEL,
    () => cache.clear(),
    (live) => cache.setLive(live),
  );
  app.addHook('onClose', unlisten);
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear();
  });
  app.decorate('listTotals', cache);
});
