/** Dashboard, notifications, audit trail and the payments export. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntrySchema,
  auditQuerySchema,
  dashboardSchema,
  notificationsSchema,
  paymentsExportQuerySchema,
} from '@registrar/contract/dashboard';
import { errorEnvelopeSchema, pageSchema, successEnvelope } from '@registrar/contract/envelope';
import { attachment } from '../lib/csv';
import { DashboardService } from '../services/dashboard-service';
import { FollowUpService } from '../services/follow-up-service';
import { InquiryService } from '../services/inquiry-service';

const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboards = new DashboardService(app.database.db);
  const followUps = new FollowUpService(app.database.db, new InquiryService(app.database.db, app.config, app.throttle));

  app.get(
    apiPaths.dashboard,
    {
      config: { access: 'dashboard.read' },
      schema: { tags: ['dashboard'], security, response: { 200: successEnvelope(dashboardSchema), ...errors } },
    },
    async () => ({ success: true as const, message: '', data: await dashboards.dashboard() }),
  );

  app.get(
    apiPaths.notifications,
    {
      config: { access: 'signedIn' },
      schema: { tags: ['dashboard'], security, response: { 200: successEnvelope(notificationsSchema), ...errors } },
    },
    async (request) => {
      const { staff } = request.staffAuth!;
      return {
        success: true as const,
        message: '',
        data: await dashboards.notifications(
          staff.id,
          staff.notificationsSeenAt,
          await followUps.dueCount({ id: staff.id, role: staff.role }),
        ),
      };
    },
  );

  app.post(
    apiPaths.notificationsSeen,
    {
      config: { access: 'signedIn' },
      schema: { tags: ['dashboard'], security, response: { 200: successEnvelope(z.null()), ...errors } },
    },
    async (request) => {
      await dashboards.markSeen(request.staffAuth!.staff.id);
      return { success: true as const, message: '', data: null };
    },
  );

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
    async (request) => ({ success: true as const, message: '', data: await dashboards.audit(request.query) }),
  );

  app.get(
    apiPaths.paymentsCsv,
    {
      config: { access: 'fees.export', cookieAuth: true },
      schema: { tags: ['fees'], security, querystring: paymentsExportQuerySchema },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`payments-${from}-to-${to}.csv`))
        .header('cache-control', 'no-store')
        .send(await dashboards.paymentsCsv(from, to));
    },
  );
};

export default dashboardRoutes;
