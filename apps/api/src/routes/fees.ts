/** Fees: payments and voids, refunds, concessions, cheque outcomes, installment edits, reminders, the PDF statement. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@registrar/contract/envelope';
import {
  FEE_MESSAGES,
  IDEMPOTENCY_HEADER,
  REFUND_REQUEST_STATE_LABELS,
  concessionInputSchema,
  idempotencyKeySchema,
  installmentEditSchema,
  paymentActionSchema,
  paymentAlertSchema,
  receiptShareSchema,
  refundInputSchema,
  statementQuerySchema,
} from '@registrar/contract/fees';
import { ENROLLMENT_MESSAGES, enrollmentDetailSchema } from '@registrar/contract/enrollment-admin';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { CHEQUE_MESSAGES, chequeOutcomeSchema } from '@registrar/contract/cheques';
import { forbidden } from '../lib/http-errors';
import { idempotentRequest } from '../lib/idempotency';
import { enrollmentDetailFor } from '../services/role-views';
import { bearerSecurity as security, errorAnswers, sendPdf } from '../lib/route-answers';

/** An id that is not one names nothing: the same message as an unknown enrolment or installment. */
const enrollmentId = z.uuid({ error: ENROLLMENT_MESSAGES.notFound });
const params = z.object({ id: enrollmentId, id2: z.uuid({ error: FEE_MESSAGES.installmentNotFound }) });
const idParams = z.object({ id: enrollmentId });
const errors = errorAnswers(400, 401, 404, 409, 422);
/** A client may send one key per payment it means to make; a retry with the key records nothing new. */
const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });

const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  const fees = app.feeService;
  const enrollments = app.enrollmentService;
  const detailEnvelope = successEnvelope(enrollmentDetailSchema);
  const cheques = app.chequeService;
  const students = app.studentPageService;

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
      // The front desk takes the money: recording needs fees.collect, voiding fees.void.
      config: { access: 'fees.collect', listTotalsWrites: 'installments' },
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
      config: { access: 'fees.refund', listTotalsWrites: 'installments' },
      schema: {
        tags: ['fees'],
        security,
        summary:
          'Refund part or all of one payment (numbered RFND-YYYY-NNNNNN), saying what it does to the dues (effect); a payment taken online is refunded through its gateway (202: requested, in the ledger once processed)',
        params: idParams,
        headers: idempotencyHeaders,
        body: refundInputSchema,
        response: { 200: detailEnvelope, 202: detailEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const staffId = request.staffAuth!.staff.id;
      // Ending the enrolment changes its status as well as its money.
      if (request.body.effect === 'end-enrolment' && !request.can('enrollments.status'))
        throw forbidden(FEE_MESSAGES.refundEndNeedsStatus);
      const online = app.onlinePayments.service?.refunds;
      if (online && (await online.throughGateway(id, request.body.paymentId))) {
        const requestId = await online.request(id, request.body, staffId, idempotencyOf(request));
        const answer = await withDetail(request, id, FEE_MESSAGES.refundRequested);
        const state = answer.data.refundRequests?.find((r) => r._id === requestId)?.state ?? 'requested';
        void reply.code(202);
        return { ...answer, message: `${FEE_MESSAGES.refundRequested}: ${REFUND_REQUEST_STATE_LABELS[state]}` };
      }
      const number = await fees.refund(id, request.body, staffId, idempotencyOf(request));
      return withDetail(request, id, `${FEE_MESSAGES.refundRecorded}: ${number}`);
    },
  );

  app.post(
    apiPaths.concession,
    {
      config: { access: 'fees.concession', listTotalsWrites: 'installments' },
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
      config: { access: 'fees.record', listTotalsWrites: 'installments' },
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

  app.put(
    apiPaths.cheque,
    {
      config: { access: 'fees.record' },
      schema: {
        tags: ['fees'],
        security,
        summary:
          'Record that a cheque cleared, or bounced (voids its payment, re-opens the installment, adds the bounce fee)',
        params: z.object({ paymentId: z.uuid({ error: FEE_MESSAGES.paymentNotFound }) }),
        body: chequeOutcomeSchema,
        response: { 200: detailEnvelope, ...errors },
      },
    },
    async (request) => {
      const enrollmentId = await cheques.settle(request.params.paymentId, request.body, request.staffAuth!.staff.id);
      return withDetail(
        request,
        enrollmentId,
        request.body.state === 'cleared' ? CHEQUE_MESSAGES.cleared : CHEQUE_MESSAGES.bounced,
      );
    },
  );

  app.get(
    apiPaths.refundVoucher,
    {
      config: { access: 'fees.statement', cookieAuth: true },
      schema: {
        tags: ['fees'],
        security,
        summary:
          "The refund voucher as a PDF (amount in figures and words, signatory), in the language asked for (`lang`), else the student's",
        params: z.object({ refundId: z.uuid({ error: FEE_MESSAGES.refundNotFound }) }),
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => {
      const { pdf, number } = await app.feeDocuments.refundVoucher(request.params.refundId, request.query.lang);
      return sendPdf(reply, pdf, `refund-voucher-${number}.pdf`);
    },
  );

  app.get(
    apiPaths.feeStatement,
    {
      config: { access: 'fees.statement', cookieAuth: true },
      schema: {
        tags: ['fees'],
        security,
        summary: "The fee statement as a PDF, in the language asked for (`lang`), else the student's",
        params: idParams,
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => {
      const detail = await enrollments.detail(request.params.id);
      // The same statement the student downloads from their page, UPI codes included.
      const pdf = await students.statement(detail, request.query.lang);
      return sendPdf(reply, pdf, `fee-statement-${detail.enrollmentNumber}.pdf`);
    },
  );

  app.post(
    apiPaths.receiptWhatsApp,
    {
      config: { access: 'fees.statement' },
      schema: {
        tags: ['fees'],
        security,
        summary:
          "A WhatsApp click-to-chat address sending the student a link to this receipt (through their page's link)",
        params: z.object({ paymentId: z.uuid({ error: FEE_MESSAGES.paymentNotFound }) }),
        response: { 200: successEnvelope(receiptShareSchema), ...errors },
      },
    },
    async (request) => {
      const { paymentId } = request.params;
      const detail = await enrollments.detail(await students.enrollmentOfPayment(paymentId));
      const url = await app.feeDocuments.receiptWhatsApp(detail, paymentId, request.staffAuth!.staff.id);
      return { success: true as const, message: 'OK', data: { url } };
    },
  );
};

export default feeRoutes;
