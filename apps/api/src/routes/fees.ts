/** Fees (issue 8; spec §7): payments and voids, installment edits, reminders, the PDF statement. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ENROLLMENT_STATUS_LABELS } from '@registrar/contract/enrollment-admin';
import { errorEnvelopeSchema, successEnvelope } from '@registrar/contract/envelope';
import { FEE_MESSAGES, installmentEditSchema, paymentActionSchema, paymentAlertSchema } from '@registrar/contract/fees';
import { enrollmentDetailSchema } from '@registrar/contract/enrollment-admin';
import { attachment } from '../lib/csv';
import { EnrollmentService } from '../services/enrollment-service';
import { FeeService } from '../services/fee-service';
import { renderFeeStatement } from '../services/fee-statement-pdf';

const params = z.object({ id: z.uuid(), id2: z.uuid() });
const idParams = z.object({ id: z.uuid() });
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const security = [{ bearer: [] }];

const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  const fees = new FeeService(app.database.db, app.config, () => app.outbox.kick());
  const enrollments = new EnrollmentService(app.database.db, app.config, app.storage, app.throttle, () =>
    app.outbox.kick(),
  );
  const detailEnvelope = successEnvelope(enrollmentDetailSchema);

  app.put(
    '/student-enrollment-payment/:id/:id2',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['fees'],
        security,
        summary: 'Record a payment against installment {id2}, or void one ({ paymentId, reason })',
        params,
        body: paymentActionSchema,
        response: { 200: detailEnvelope, ...errors },
      },
    },
    async (request) => {
      const { id, id2 } = request.params;
      const staffId = request.staffAuth!.staff.id;
      const body = request.body;
      if ('paymentId' in body) {
        await fees.voidPayment(id, id2, body.paymentId, body.reason, staffId);
        return { success: true as const, message: FEE_MESSAGES.paymentVoided, data: await enrollments.detail(id) };
      }
      const receipt = await fees.recordPayment(id, id2, body, staffId);
      return {
        success: true as const,
        message: `${FEE_MESSAGES.paymentRecorded}: ${receipt}`,
        data: await enrollments.detail(id),
      };
    },
  );

  app.put(
    '/student-enrollment-installment/:id/:id2',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['fees'],
        security,
        summary: 'Change the amount or due date of an unpaid installment, with a reason',
        params,
        body: installmentEditSchema,
        response: { 200: detailEnvelope, ...errors },
      },
    },
    async (request) => {
      await fees.editInstallment(request.params.id, request.params.id2, request.body, request.staffAuth!.staff.id);
      return {
        success: true as const,
        message: FEE_MESSAGES.installmentUpdated,
        data: await enrollments.detail(request.params.id),
      };
    },
  );

  app.put(
    '/student-enrollment-payment-alert/:id',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['fees'],
        security,
        params: idParams,
        body: paymentAlertSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await fees.sendAlert(request.params.id, request.body?.force === true, request.staffAuth!.staff.id);
      return { success: true as const, message: FEE_MESSAGES.alertSent, data: null };
    },
  );

  app.get(
    '/student-enrollment-fee-download/:id',
    {
      preHandler: app.requireStaff,
      config: { cookieAuth: true },
      schema: { tags: ['fees'], security, params: idParams },
    },
    async (request, reply) => {
      const detail = await enrollments.detail(request.params.id);
      const { instituteName, companyAddress, contactEmail, contactPhone } = app.config;
      const pdf = await renderFeeStatement({
        institute: { name: instituteName, address: companyAddress, email: contactEmail, phone: contactPhone },
        student: {
          name: detail.name,
          email: detail.email,
          phone: detail.phoneNumber,
          enrollmentNumber: detail.enrollmentNumber,
          status: ENROLLMENT_STATUS_LABELS[detail.status],
        },
        course: detail.course.name,
        paymentMethod: detail.paymentMethod,
        consent: { termsVersion: detail.termsVersion, consentedAt: detail.consentedAt },
        installments: detail.installments,
        payments: detail.payments as never,
        totals: { fee: detail.totalFee, paid: detail.paidAmount, outstanding: detail.outstanding },
        generatedOn: localIsoDate(),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(`fee-statement-${detail.enrollmentNumber}.pdf`))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
};

export default feeRoutes;
