/**
 * `GET /api/health`: are the server and its database up (nothing more: no versions). For a load
 * balancer or orchestrator, `/api/health/live` says the process answers (restart it when it does
 * not) and `/api/health/ready` says it should get traffic (database reachable; a shutting-down
 * instance answers 503 to everything).
 */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, successEnvelope } from '@registrar/contract/envelope';
import { healthSchema, livenessSchema, readinessSchema, type Health } from '@registrar/contract/health';
import { MESSAGES } from '@registrar/contract/messages';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.health,
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

  app.get(
    apiPaths.healthLive,
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process runs and answers',
        response: { 200: successEnvelope(livenessSchema) },
      },
    },
    async () => ({
      success: true as const,
      message: 'OK',
      data: { status: 'live' as const, uptimeSeconds: Math.round(process.uptime()) },
    }),
  );

  app.get(
    apiPaths.healthReady,
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: send this instance traffic (database reachable)',
        response: {
          200: successEnvelope(readinessSchema),
          503: errorEnvelopeSchema.extend({ data: readinessSchema }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return {
          success: true as const,
          message: 'OK',
          data: { status: 'ready' as const, database: { reachable: true } },
        };
      } catch {
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({
            success: false as const,
            message: MESSAGES.databaseUnavailable,
            error: 'SERVICE_UNAVAILABLE',
            data: { status: 'not-ready' as const, database: { reachable: false } },
          });
      }
    },
  );
};

export default healthRoutes;
