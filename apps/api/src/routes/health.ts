/** `GET /api/health`: is the database reachable, and which version runs (issue 2). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, successEnvelope } from '@registrar/contract/envelope';
import { healthSchema, type Health } from '@registrar/contract/health';
import { MESSAGES } from '@registrar/contract/messages';
import { APP_VERSION } from '../lib/version';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Service and database health',
        response: {
          200: successEnvelope(healthSchema),
          503: errorEnvelopeSchema.extend({ data: healthSchema }),
        },
      },
    },
    async (_request, reply) => {
      const health: Health = {
        status: 'ok',
        version: APP_VERSION,
        uptimeSeconds: Math.round(process.uptime()),
        database: { reachable: true, kind: app.database.kind, serverVersion: null, latencyMs: null },
      };
      try {
        const { serverVersion, latencyMs } = await app.database.ping();
        health.database.serverVersion = serverVersion;
        health.database.latencyMs = latencyMs;
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
