/**
 * Keeps a `HeardCache` in step with the database for the app's lifetime: it listens on `channel`
 * (each notification goes to `onNotify`, by default forgetting everything), keeps nothing while
 * the listening connection is down, and stops listening when the app closes. A staff write on this
 * instance empties it before its answer goes out, so the writer's very next request sees the
 * change: the database's own notification reaches this instance a moment later, over another
 * connection. (Public writes, such as a flood of inquiries, leave it alone: nobody waits on them.)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HeardCache } from '../db/heard-cache';

export interface HeardHandlers {
  /** A notification's payload; by default everything is forgotten. */
  onNotify?: (payload: string) => void;
  /** A staff write on this instance is answering; by default everything is forgotten. */
  onOwnWrite?: (request: FastifyRequest) => void;
}

export async function keepHeardFromDatabase<V>(
  app: FastifyInstance,
  cache: HeardCache<V>,
  channel: string,
  { onNotify = () => cache.clear(), onOwnWrite = () => cache.clear() }: HeardHandlers = {},
): Promise<void> {
  const unlisten = await app.database.listen(channel, onNotify, (live) => cache.setLive(live));
  app.addHook('onClose', unlisten);
  app.addHook('onSend', async (request) => {
    if (request.staffAuth && request.method !== 'GET' && request.method !== 'HEAD') onOwnWrite(request);
  });
}
