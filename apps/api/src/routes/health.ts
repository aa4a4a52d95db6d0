/**
 * `GET /api/health`: is the database reachable, and which version runs. For a load balancer or
 * orchestrator, `/api/health/live` says the process answers (restart it when it does not) and
 * `/api/health/ready` says it should get traffic (database reachable; a shutting-down instance
 * answers 503 to everything).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, successEnvelope } from '@registrar/contract/envelope';
import { healthSchema, livenessSchema, readinessSchema, type Health } from '@registrar/contract/health';
import { MESSAGES } from '@registrar/contract/messages';
import { APP_VERSION } from '../lib/version';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
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

  app.get(
    '/health/live',
    {
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
    '/health/ready',
    {
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
