/** The audit trail, a page at a time. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditQuerySchema } from '@registrar/contract/dashboard';
import { pageSchema, successEnvelope } from '@registrar/contract/envelope';
import { bearerSecurity as security, errorAnswers } from '../lib/route-answers';

const errors = errorAnswers(400, 401);

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = app.auditService;

  app.get(
    apiPaths.audit,
    {
      config: { access: 'audit.read' },
      schema: {
        tags: ['dashboard'],
        security,
        querystring: auditQuerySchema,
        response: { 200: successEnvelope(pageSchema(auditEntrySchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, message: '', data: await audit.page(request.query) }),
  );
};

export default auditRoutes;
