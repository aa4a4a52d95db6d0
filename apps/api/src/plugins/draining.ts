/**
 * Graceful shutdown. Once the app starts closing (SIGTERM), the listener stops taking new
 * connections; a request that still arrives on an open connection gets the 503 envelope with
 * Retry-After, and every response from then on carries `Connection: close`, so clients move to
 * another instance instead of having their kept-alive connection cut. Requests in flight finish.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES, type ErrorEnvelope } from '@registrar/contract/envelope';
import { MESSAGES } from '@registrar/contract/messages';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment the app starts closing. */
    readonly draining: boolean;
  }
}

/** Seconds a client should wait before retrying elsewhere or here. */
const RETRY_AFTER_SECONDS = '5';

export default fp(async function draining(app: FastifyInstance) {
  let closing = false;
  app.decorate('draining', {
    getter: () => closing,
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    const body: ErrorEnvelope = {
      success: false,
      message: MESSAGES.databaseUnavailable,
      error: ERROR_CODES.unavailable,
    };
    // Sent as is: a route's own 503 schema (e.g. health's, with its data) must not reshape it.
    return reply
      .code(503)
      .header('retry-after', RETRY_AFTER_SECONDS)
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .serializer(JSON.stringify)
      .send(body);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
});
