/** Dashboard, notifications, audit trail and the payments export (issue 10). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  auditEntrySchema,
  auditQuerySchema,
  dashboardSchema,
  notificationsSchema,
  paymentsExportQuerySchema,
} from '@registrar/contract/dashboard';
import { errorEnvelopeSchema, pageSchema, successEnvelope } from '@registrar/contract/envelope';
import { auditLog } from '../db/schema';
import { attachment } from '../lib/csv';
import { DashboardService } from '../services/dashboard-service';
import { FollowUpService } from '../services/follow-up-service';
import { InquiryService } from '../services/inquiry-service';

const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboards = new DashboardService(app.database.db);
  const followUps = new FollowUpService(
    app.database.db,
    new InquiryService(app.database.db, app.config, app.throttle, () => app.outbox.kick()),
  );

  app.get(
    '/dashboard',
    {
      config: { access: 'dashboard.read' },
      schema: { tags: ['dashboard'], security, response: { 200: successEnvelope(dashboardSchema), ...errors } },
    },
    async () => ({ success: true as const, message: '', data: await dashboards.dashboard() }),
  );

  app.get(
    '/notifications',
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
    '/notifications/seen',
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
    '/audit',
    {
      config: { access: 'audit.read' },
      schema: {
        tags: ['dashboard'],
        security,
        querystring: auditQuerySchema,
        response: { 200: successEnvelope(pageSchema(auditEntrySchema)), ...errors },
      },
    },
    async (request) => {
      const { page, limit, search, entity, entityId } = request.query;
      const conditions: SQL[] = [];
      if (entity) conditions.push(eq(auditLog.entity, entity));
      if (entityId) conditions.push(eq(auditLog.entityId, entityId));
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(or(ilike(auditLog.actorEmail, like), ilike(auditLog.action, like), ilike(auditLog.ip, like))!);
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const db = app.database.db;
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(where),
      ]);
      const total = totals[0]?.n ?? 0;
      return {
        success: true as const,
        message: '',
        data: {
          items: items.map((r) => ({
            _id: r.id,
            at: r.at.toISOString(),
            actor: { _id: r.staffId, email: r.actorEmail },
            action: r.action,
            entity: r.entity,
            entityId: r.entityId,
            ip: r.ip,
            statusCode: r.statusCode,
            fields: r.fields,
            changes: r.changes ?? null,
          })),
          page,
          limit,
          total,
          totalPages: Math.ceil(total / limit),
        },
      };
    },
  );

  app.get(
    '/payments/export.csv',
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
