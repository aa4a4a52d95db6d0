/** `GET /api/health`: are the server and its database up (nothing more: no versions). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, successEnvelope } from '@registrar/contract/envelope';
import { healthSchema, type Health } from '@registrar/contract/health';
import { MESSAGES } from '@registrar/contract/messages';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database are up',
        response: {
          200: successEnvelope(healthSchema),
          503: errorEnvelopeSchema.extend({ data: healthSchema }),
        },
      },
    },
    async (_request, reply) => {
      const health: Health = { status: 'ok', database: { reachable: true } };
      try {
        await app.database.ping();
        return { success: true as const, message: 'OK', data: health };
      } catch {
        health.status = 'degraded';
        health.database.reachable = false;
        return reply.code(503).send({
          success: false as const,
          message: MESSAGES.databaseUnavailable,
          error: 'SERVICE_UNAVAILABLE',
          data: health,
        });
      }
    },
  );
};

export default healthRoutes;
