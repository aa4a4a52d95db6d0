/** The student's own page by private link, its receipts and requests; staff receipts, links and requests. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '@registrar/contract/api-paths';
import { errorEnvelopeSchema, successEnvelope } from '@registrar/contract/envelope';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import {
  studentLinkRequestSchema,
  studentPageSchema,
  studentRequestInputSchema,
  studentRequestSchema,
  studentRequestUpdateSchema,
  studentTokenSchema,
} from '@registrar/contract/student-page-schemas';
import { attachment } from '../lib/csv';
import { EnrollmentService } from '../services/enrollment-service';
import { StudentPageService } from '../services/student-page-service';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const security = [{ bearer: [] }];
const tokenParams = z.object({ token: studentTokenSchema });
const receiptNotFound = { error: STUDENT_PAGE_MESSAGES.receiptNotFound };

const studentPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const enrollments = new EnrollmentService(app.database.db, app.config, app.storage, app.throttle, () =>
    app.outbox.kick(),
  );
  const students = new StudentPageService(
    app.database.db,
    app.config,
    (id) => enrollments.detail(id),
    () => app.outbox.kick(),
  );
  const pdf = (reply: FastifyReply, body: Buffer, fileName: string) =>
    reply
      .type('application/pdf')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body);

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
      await students.requestLink(request.body.email, request.ip, app.throttle);
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
        params: tokenParams,
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
      schema: { tags: ['student page'], summary: "The student's fee statement PDF", params: tokenParams },
    },
    async (request, reply) => {
      const { pdf: body, enrollmentNumber } = await students.statementFor(request.params.token);
      return pdf(reply, body, `fee-statement-${enrollmentNumber}.pdf`);
    },
  );

  app.get(
    apiPaths.studentPageReceipt,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary: 'One receipt of this student as a PDF (404 for any payment not theirs)',
        params: z.object({ token: studentTokenSchema, paymentId: z.uuid(receiptNotFound) }),
      },
    },
    async (request, reply) => {
      const { pdf: body, receiptNumber } = await students.receiptFor(request.params.token, request.params.paymentId);
      return pdf(reply, body, `receipt-${receiptNumber}.pdf`);
    },
  );

  app.post(
    apiPaths.studentPageRequest,
    {
      config: { access: 'public' },
      schema: {
        tags: ['student page'],
        summary: 'The student asks for a copy of their data or for its erasure',
        params: tokenParams,
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

  app.get(
    apiPaths.receipt,
    {
      config: { access: 'fees.statement', cookieAuth: true },
      schema: {
        tags: ['fees'],
        security,
        summary: 'One payment receipt as a PDF (amount in figures and words)',
        params: z.object({ paymentId: z.uuid(receiptNotFound) }),
      },
    },
    async (request, reply) => {
      const enrollmentId = await students.enrollmentOfPayment(request.params.paymentId);
      const { pdf: body, receiptNumber } = await students.receipt(
        await enrollments.detail(enrollmentId),
        request.params.paymentId,
      );
      return pdf(reply, body, `receipt-${receiptNumber}.pdf`);
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
