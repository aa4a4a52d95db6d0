/** The dashboard and the audit trail: what the institute's figures are, and who did what. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditEntrySchema,
  auditQuerySchema,
  dashboardQuerySchema,
  dashboardSchema,
} from '@registrar/contract/dashboard';
import { pageSchema, successEnvelope } from '@registrar/contract/envelope';
import { bearerSecurity as security, errorAnswers } from '../lib/route-answers';

const errors = errorAnswers(400, 401);

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboards = app.dashboardService;
  const audit = app.auditService;

  app.get(
    apiPaths.dashboard,
    {
      config: { access: 'dashboard.read' },
      schema: {
        tags: ['dashboard'],
        security,
        summary: 'Every figure of the dashboard; `period` (this month by default) sets what the …InPeriod ones count',
        querystring: dashboardQuerySchema,
        response: { 200: successEnvelope(dashboardSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: await dashboards.dashboard(request.staffAuth!.staff.id, request.query.period),
    }),
  );

  app.get(
    apiPaths.audit,
    {
      config: { access: 'audit.read' },
      schema: {
        tags: ['dashboard'],
        security,
        summary: 'The audit trail, newest first, a page at a time',
        querystring: auditQuerySchema,
        response: { 200: successEnvelope(pageSchema(auditEntrySchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, message: '', data: await audit.page(request.query) }),
  );
};

export default dashboardRoutes;
