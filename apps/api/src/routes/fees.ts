/** Fees: payments and voids, refunds, concessions, installment edits, reminders, the PDF statement. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, successEnvelope } from '@registrar/contract/envelope';
import {
  FEE_MESSAGES,
  IDEMPOTENCY_HEADER,
  concessionInputSchema,
  idempotencyKeySchema,
  installmentEditSchema,
  paymentActionSchema,
  paymentAlertSchema,
  refundInputSchema,
} from '@registrar/contract/fees';
import { ENROLLMENT_MESSAGES, enrollmentDetailSchema } from '@registrar/contract/enrollment-admin';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { attachment } from '../lib/csv';
import { forbidden } from '../lib/http-errors';
import { idempotentRequest } from '../lib/idempotency';
import { EnrollmentService } from '../services/enrollment-service';
import { FeeService } from '../services/fee-service';
import { StudentPageService } from '../services/student-page-service';
import { enrollmentDetailFor } from '../services/role-views';

/** An id that is not one names nothing: the same message as an unknown enrolment or installment. */
const enrollmentId = z.uuid({ error: ENROLLMENT_MESSAGES.notFound });
const params = z.object({ id: enrollmentId, id2: z.uuid({ error: FEE_MESSAGES.installmentNotFound }) });
const idParams = z.object({ id: enrollmentId });
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
/** A client may send one key per payment it means to make; a retry with the key records nothing new. */
const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });
const security = [{ bearer: [] }];

const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  const fees = new FeeService(app.database.db, app.config, () => app.outbox.kick());
  const enrollments = new EnrollmentService(app.database.db, app.config, app.storage, app.throttle, () =>
    app.outbox.kick(),
  );
  const detailEnvelope = successEnvelope(enrollmentDetailSchema);
  const students = new StudentPageService(
    app.database.db,
    app.config,
    (id) => enrollments.detail(id),
    () => app.outbox.kick(),
  );

  /** The answer of every money action: its message and the enrolment as the caller's role now sees it. */
  const withDetail = async (request: FastifyRequest, enrollmentId: string, message: string) => ({
    success: true as const,
    message,
    data: enrollmentDetailFor(request.staffAuth!.staff.role, await enrollments.detail(enrollmentId)),
  });
  /**
   * The request's Idempotency-Key with a fingerprint of what it asks (the ids in its path and its
   * body): a retry under the same key records nothing new, the same key with another request is refused.
   */
  const idempotencyOf = (request: FastifyRequest) =>
    idempotentRequest(request.headers[IDEMPOTENCY_HEADER] as string | undefined, {
      ...(request.params as Record<string, string>),
      body: request.body,
    });

  app.put(
    apiPaths.payment,
    {
      config: { access: 'fees.record' },
      schema: {
        tags: ['fees'],
        security,
        summary: 'Record a payment against installment {id2}, or void one ({ paymentId, reason })',
        params,
        headers: idempotencyHeaders,
        body: paymentActionSchema,
        response: { 200: detailEnvelope, ...errors },
      },
    },
    async (request) => {
      const { id, id2 } = request.params;
      const staffId = request.staffAuth!.staff.id;
      const body = request.body;
      if ('paymentId' in body) {
        // One route records and voids; voiding is the stronger right.
        if (!request.can('fees.void')) throw forbidden(ACCESS_MESSAGES.forbidden);
        await fees.voidPayment(id, id2, body.paymentId, body.reason, staffId);
        return withDetail(request, id, FEE_MESSAGES.paymentVoided);
      }
      const receipt = await fees.recordPayment(id, id2, body, staffId, idempotencyOf(request));
      return withDetail(request, id, `${FEE_MESSAGES.paymentRecorded}: ${receipt}`);
    },
  );

  app.post(
    apiPaths.refund,
    {
      config: { access: 'fees.refund' },
      schema: {
        tags: ['fees'],
        security,
        summary: 'Refund part or all of one payment (numbered RFND-YYYY-NNNNNN)',
        params: idParams,
        headers: idempotencyHeaders,
        body: refundInputSchema,
        response: { 200: detailEnvelope, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const number = await fees.refund(id, request.body, request.staffAuth!.staff.id, idempotencyOf(request));
      return withDetail(request, id, `${FEE_MESSAGES.refundRecorded}: ${number}`);
    },
  );

  app.post(
    apiPaths.concession,
    {
      config: { access: 'fees.concession' },
      schema: {
        tags: ['fees'],
        security,
        summary: 'Lower what the enrolment owes, from its last unpaid installments backwards',
        params: idParams,
        headers: idempotencyHeaders,
        body: concessionInputSchema,
        response: { 200: detailEnvelope, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await fees.concession(id, request.body, request.staffAuth!.staff.id, idempotencyOf(request));
      return withDetail(request, id, FEE_MESSAGES.concessionRecorded);
    },
  );

  app.put(
    apiPaths.installment,
    {
      config: { access: 'fees.record' },
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
      return withDetail(request, request.params.id, FEE_MESSAGES.installmentUpdated);
    },
  );

  app.put(
    apiPaths.paymentAlert,
    {
      config: { access: 'fees.remind' },
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
    apiPaths.feeStatement,
    {
      config: { access: 'fees.statement', cookieAuth: true },
      schema: { tags: ['fees'], security, params: idParams },
    },
    async (request, reply) => {
      const detail = await enrollments.detail(request.params.id);
      // The same statement the student downloads from their page, UPI codes included.
      const pdf = await students.statement(detail);
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
