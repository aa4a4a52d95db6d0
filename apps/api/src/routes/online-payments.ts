/** Paying from the student's page, the gateway's webhook, and the staff overview of online payments. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '@registrar/contract/api-paths';
import { successEnvelope } from '@registrar/contract/envelope';
import {
  ONLINE_PAYMENT_MESSAGES as M,
  onlinePaymentsSchema,
  paymentReturnSchema,
  paymentStatusSchema,
  startPaymentSchema,
  startedPaymentSchema,
  whatsAppLinkSchema,
  whatsAppRequestSchema,
} from '@registrar/contract/online-payments';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { STUDENT_PAGE_PATH } from '@registrar/contract/student-page';
import { studentTokenSchema } from '@registrar/contract/student-page-schemas';
import { badRequest, notFound } from '../lib/http-errors';
import simulatorRoutes from './payment-simulator';
import { bearerSecurity, errorAnswers, studentTokenParams } from '../lib/route-answers';

const errors = errorAnswers(400, 401, 403, 404, 409, 503);
const STATE_MESSAGES = { received: M.paymentReceived, pending: M.paymentPending, failed: M.paymentFailed };
const orderId = z.string().regex(/^[A-Za-z0-9_]{1,64}$/, { error: M.orderNotFound });

const onlinePaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const students = app.studentPageService;
  const service = () => {
    if (!app.onlinePayments.service) throw notFound(M.gatewayOff);
    return app.onlinePayments.service;
  };

  app.post(
    apiPaths.studentPagePayment,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary:
          'Start paying an installment online (the next due one by default); the same open order when asked again',
        params: studentTokenParams,
        body: startPaymentSchema.optional(),
        response: { 200: successEnvelope(startedPaymentSchema), ...errors },
      },
    },
    async (request) => {
      const payments = service();
      const { enrollmentId } = await students.resolve(request.params.token);
      const back = `${STUDENT_PAGE_PATH}/${request.params.token}`;
      const data = await payments.start(enrollmentId, request.body, back);
      return { success: true as const, message: M.orderCreated, data };
    },
  );

  app.post(
    apiPaths.studentPagePaymentReturn,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary:
          "The browser's return from checkout, signed by the gateway; records the payment if the webhook has not",
        params: studentTokenParams,
        body: paymentReturnSchema,
        response: { 200: successEnvelope(paymentStatusSchema), ...errors },
      },
    },
    async (request) => {
      const payments = service();
      const { enrollmentId } = await students.resolve(request.params.token);
      const data = await payments.returned(enrollmentId, request.body);
      return { success: true as const, message: STATE_MESSAGES[data.state], data };
    },
  );

  app.get(
    apiPaths.studentPagePaymentStatus,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary: 'Whether the money of an order has been recorded, and its receipt number',
        params: z.object({ token: studentTokenSchema, orderId }),
        response: { 200: successEnvelope(paymentStatusSchema), ...errors },
      },
    },
    async (request, reply) => {
      const payments = service();
      const { enrollmentId } = await students.resolve(request.params.token);
      const data = await payments.status(enrollmentId, request.params.orderId);
      void reply.header('cache-control', 'no-store');
      return { success: true as const, message: STATE_MESSAGES[data.state], data };
    },
  );

  app.get(
    apiPaths.onlinePayments,
    {
      config: { access: 'fees.online' },
      schema: {
        tags: ['fees'],
        security: bearerSecurity,
        summary: 'Gateway orders with their state, the webhook events received, and whether the webhook went quiet',
        response: { 200: successEnvelope(onlinePaymentsSchema), ...errors },
      },
    },
    async () => {
      const payments = app.onlinePayments.service;
      const data = payments
        ? await payments.overview(payments.gateway.name)
        : { gateway: 'none' as const, orders: [], events: [], refunds: [], webhookSilent: false, lastWebhookAt: null };
      return { success: true as const, message: 'OK', data };
    },
  );

  app.post(
    apiPaths.studentWhatsApp,
    {
      config: { access: 'fees.remind' },
      schema: {
        tags: ['fees'],
        security: bearerSecurity,
        summary: 'A WhatsApp click-to-chat address reminding the student of an installment, with a link to pay it',
        params: z.object({ id: z.uuid({ error: ENROLLMENT_MESSAGES.notFound }) }),
        body: whatsAppRequestSchema,
        response: { 200: successEnvelope(whatsAppLinkSchema), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const url = await students.whatsAppReminder(id, request.body.installmentNumber, request.staffAuth!.staff.id);
      return { success: true as const, message: 'OK', data: { url } };
    },
  );

  // The signature covers the bytes as sent: this route alone takes its body unparsed.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post(
      apiPaths.paymentWebhook,
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: "Razorpay's webhook: verified over the raw body, stored once by event id, answered at once",
          response: { 200: successEnvelope(z.null()), ...errors },
        },
      },
      async (request) => {
        const payments = service();
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-razorpay-signature'];
        if (!payments.gateway.verifyWebhook(body, typeof signature === 'string' ? signature : undefined))
          throw badRequest(M.signatureInvalid);
        const header = request.headers['x-razorpay-event-id'];
        const eventId = typeof header === 'string' && header ? header.slice(0, 100) : undefined;
        if (!eventId) throw badRequest(M.eventIdMissing);
        const stored = await payments.intake.store(eventId, body);
        if (stored) app.onlinePayments.later(() => payments.intake.handle(stored, 1));
        return { success: true as const, message: M.webhookReceived, data: null };
      },
    );
  });

  await app.register(simulatorRoutes);
};

export default onlinePaymentRoutes;
