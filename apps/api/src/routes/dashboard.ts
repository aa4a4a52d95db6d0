/** The dashboard. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema } from '@registrar/contract/dashboard';
import { successEnvelope } from '@registrar/contract/envelope';
import { bearerSecurity as security, errorAnswers } from '../lib/route-answers';

const errors = errorAnswers(400, 401);

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboards = app.dashboardService;

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
};

export default dashboardRoutes;
