/** Money across students: the register and its export, collections and the overdue list, reminders in one go. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsExportQuerySchema } from '@registrar/contract/dashboard';
import { successEnvelope } from '@registrar/contract/envelope';
import { paymentsRegisterQuerySchema, paymentsRegisterSchema } from '@registrar/contract/payments-register';
import {
  bulkAlertResultSchema,
  bulkAlertSchema,
  collectionsQuerySchema,
  collectionsSchema,
} from '@registrar/contract/collections';
import { auditRows } from '../lib/audit-rows';
import { bearerSecurity as security, errorAnswers, sendDownload, CSV_TYPE } from '../lib/route-answers';

const errors = errorAnswers(400, 401, 403);

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const register = app.paymentsRegisterService;
  const collections = app.collectionsService;

  app.get(
    apiPaths.paymentsRegister,
    {
      config: { access: 'payments.register' },
      schema: {
        tags: ['fees'],
        security,
        summary: 'Every receipt, refund and void across students; search by number, UTR, cheque, name or enrolment',
        querystring: paymentsRegisterQuerySchema,
        response: { 200: successEnvelope(paymentsRegisterSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, message: '', data: await register.page(request.query) }),
  );

  app.get(
    apiPaths.paymentsCsv,
    {
      config: { access: 'fees.export', cookieAuth: true },
      schema: { tags: ['fees'], security, querystring: paymentsExportQuerySchema },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      return sendDownload(reply, CSV_TYPE, `payments-${from}-to-${to}.csv`, await register.csv(from, to));
    },
  );

  app.get(
    apiPaths.collections,
    {
      config: { access: 'payments.register' },
      schema: {
        tags: ['fees'],
        security,
        summary:
          'Overdue dues by age (0–30, 31–60, 61–90, 90+ days) and by course, and the overdue enrolments behind them',
        querystring: collectionsQuerySchema,
        response: { 200: successEnvelope(collectionsSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, message: '', data: await collections.collections(request.query) }),
  );

  app.get(
    apiPaths.collectionsCsv,
    {
      config: { access: 'fees.export', cookieAuth: true },
      schema: {
        tags: ['fees'],
        security,
        summary: 'The overdue list to call from',
        querystring: collectionsQuerySchema,
      },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        CSV_TYPE,
        `overdue-${request.query.bucket ?? 'all'}.csv`,
        await collections.overdueCsv(request.query),
      ),
  );

  app.post(
    apiPaths.bulkPaymentAlert,
    {
      config: { access: 'fees.remind' },
      schema: {
        tags: ['fees'],
        security,
        summary:
          'Send a payment reminder to each enrolment (dryRun: only preview who, for what, how much, by which channel); answers what was sent and why each other was skipped',
        body: bulkAlertSchema,
        response: { 200: successEnvelope(bulkAlertResultSchema), ...errors },
      },
    },
    async (request) => {
      const data = await collections.bulkAlert(request.body, request.staffAuth!.staff.id);
      if (data.dryRun)
        return {
          success: true as const,
          message: `${data.reminders.length} to send, ${data.skipped.length} skipped`,
          data,
        };
      await auditRows(
        app,
        request,
        { action: 'payment_reminder', entity: 'payment', fields: [] },
        data.reminders.map((r) => ({ id: r.enrollmentId })),
      );
      return {
        success: true as const,
        message: `${data.sent} sent, ${data.skipped.length} skipped`,
        data,
      };
    },
  );
};

export default paymentsRoutes;
