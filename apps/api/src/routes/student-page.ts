/** The student's own page by private link, its receipts and requests; staff receipts, links and requests. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '@registrar/contract/api-paths';
import { successEnvelope } from '@registrar/contract/envelope';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { GST_MESSAGES } from '@registrar/contract/gst';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { statementQuerySchema } from '@registrar/contract/fees';
import {
  studentLinkRequestSchema,
  studentPageSchema,
  studentRequestInputSchema,
  studentRequestSchema,
  studentRequestUpdateSchema,
  studentTermsAcceptSchema,
  studentPhoneMessagesSchema,
  studentTokenSchema,
} from '@registrar/contract/student-page-schemas';
import { notFound } from '../lib/http-errors';
import {
  bearerSecurity as security,
  errorAnswers,
  sendPdf,
  studentTokenParams,
  taxDocumentFileName,
} from '../lib/route-answers';

const errors = errorAnswers(400, 401, 403, 404, 409, 429);
const receiptNotFound = { error: STUDENT_PAGE_MESSAGES.receiptNotFound };

const studentPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const enrollments = app.enrollmentService;
  const students = app.studentPageService;

  app.post(
    apiPaths.studentLinkRequest,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary: 'Mail a fresh link to the page of each enrolment of this email (same answer if there is none)',
        body: studentLinkRequestSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      await students.countLinkRequest(email, request.ip, app.throttle);
      // Looked up and queued after the answer: its timing is the same for an enrolled email and any other.
      app.outbox.afterAnswer(() => students.mailLink(email, app.throttle));
      return { success: true as const, message: STUDENT_PAGE_MESSAGES.linkRequested, data: null };
    },
  );

  app.get(
    apiPaths.studentPage,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary: "The student's own page: enrolment, schedule, payments, announcements, contacts",
        params: studentTokenParams,
        response: { 200: successEnvelope(studentPageSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await students.page(request.params.token);
      void reply.header('cache-control', 'no-store');
      return { success: true as const, message: 'OK', data };
    },
  );

  app.get(
    apiPaths.studentPageStatement,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary: "The student's fee statement PDF, in the page's language (`lang`), else the student's",
        params: studentTokenParams,
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => {
      const { pdf: body, enrollmentNumber } = await students.statementFor(request.params.token, request.query.lang);
      return sendPdf(reply, body, `fee-statement-${enrollmentNumber}.pdf`);
    },
  );

  app.get(
    apiPaths.studentPageReceipt,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary:
          "One receipt of this student as a PDF, in the page's language (`lang`), else the student's (404 for any payment not theirs)",
        params: z.object({ token: studentTokenSchema, paymentId: z.uuid(receiptNotFound) }),
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => {
      const { token, paymentId } = request.params;
      const { pdf: body, receiptNumber } = await students.receiptFor(token, paymentId, request.query.lang);
      return sendPdf(reply, body, `receipt-${receiptNumber}.pdf`);
    },
  );

  app.get(
    apiPaths.studentPageInvoice,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary: 'The tax invoice (or bill of supply) of one of this student’s payments as a PDF (404 for any other)',
        params: z.object({ token: studentTokenSchema, paymentId: z.uuid({ error: GST_MESSAGES.invoiceNotFound }) }),
      },
    },
    async (request, reply) => {
      const { enrollmentId } = await students.resolve(request.params.token);
      const owner = await students.enrollmentOfPayment(request.params.paymentId).catch(() => null);
      if (owner !== enrollmentId) throw notFound(GST_MESSAGES.invoiceNotFound);
      const { pdf: body, number } = await app.gstService.invoicePdf(request.params.paymentId);
      return sendPdf(reply, body, taxDocumentFileName(number));
    },
  );

  app.post(
    apiPaths.studentPageRequest,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary: 'The student asks for a copy of their data or for its erasure',
        params: studentTokenParams,
        body: studentRequestInputSchema,
        response: { 201: successEnvelope(z.null()), ...errors },
      },
    },
    async (request, reply) => {
      await students.request(request.params.token, request.body.kind);
      return reply
        .code(201)
        .send({ success: true as const, message: STUDENT_PAGE_MESSAGES.requestRecorded, data: null });
    },
  );

  app.post(
    apiPaths.studentPageTerms,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary: 'The student accepts the terms on their page (an enrolment made at the desk sent them the link)',
        params: studentTokenParams,
        body: studentTermsAcceptSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await students.acceptTerms(request.params.token, request.body.version, request.ip);
      return { success: true as const, message: STUDENT_PAGE_MESSAGES.termsAccepted, data: null };
    },
  );

  app.put(
    apiPaths.studentPageMessages,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary: 'The student turns WhatsApp and SMS messages on or off on their page (mail always comes)',
        params: studentTokenParams,
        body: studentPhoneMessagesSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const on = request.body.phoneMessages;
      await students.setPhoneMessages(request.params.token, on);
      const message = on ? STUDENT_PAGE_MESSAGES.phoneMessagesOn : STUDENT_PAGE_MESSAGES.phoneMessagesOff;
      return { success: true as const, message, data: null };
    },
  );

  app.get(
    apiPaths.receipt,
    {
      config: { access: 'fees.statement', cookieAuth: true },
      schema: {
        tags: ['fees'],
        security,
        summary:
          "One payment receipt as a PDF (amount in figures and words), in the language asked for (`lang`), else the student's",
        params: z.object({ paymentId: z.uuid(receiptNotFound) }),
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => {
      const enrollmentId = await students.enrollmentOfPayment(request.params.paymentId);
      const { pdf: body, receiptNumber } = await students.receipt(
        await enrollments.detail(enrollmentId),
        request.params.paymentId,
        request.query.lang,
      );
      return sendPdf(reply, body, `receipt-${receiptNumber}.pdf`);
    },
  );

  app.post(
    apiPaths.studentLink,
    {
      config: { access: 'announcements.send' },
      schema: {
        tags: ['student page'],
        security,
        summary: 'Send the student a new link to their page; the older links stop working',
        params: z.object({ id: z.uuid({ error: ENROLLMENT_MESSAGES.notFound }) }),
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await students.sendNewLink(request.params.id, request.staffAuth!.staff.id);
      return { success: true as const, message: STUDENT_PAGE_MESSAGES.linkSent, data: null };
    },
  );

  app.get(
    apiPaths.studentRequests,
    {
      config: { access: 'privacy.export' },
      schema: {
        tags: ['privacy'],
        security,
        summary: "Students' requests for a copy of their data or its erasure, newest first",
        response: { 200: successEnvelope(z.array(studentRequestSchema)), ...errors },
      },
    },
    async () => ({ success: true as const, message: 'OK', data: await students.listRequests() }),
  );

  app.put(
    apiPaths.studentRequest,
    {
      config: { access: 'privacy.export' },
      schema: {
        tags: ['privacy'],
        security,
        summary: 'Mark a student’s request handled (an erasure request needs privacy.erase)',
        params: z.object({ id: z.uuid({ error: STUDENT_PAGE_MESSAGES.requestNotFound }) }),
        body: studentRequestUpdateSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await students.markDone(request.params.id, request.staffAuth!.staff.id, request.can('privacy.erase'));
      return { success: true as const, message: STUDENT_PAGE_MESSAGES.requestDone, data: null };
    },
  );
};

export default studentPageRoutes;
