/** Enrolments: public multipart intake, staff list/detail/edit/status/delete/export, documents. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, pageSchema, successEnvelope } from '@registrar/contract/envelope';
import {
  ENROLLMENT_MESSAGES,
  enrollmentDetailSchema,
  enrollmentListQuerySchema,
  enrollmentRecordSchema,
  enrollmentStatusChangeSchema,
} from '@registrar/contract/enrollment-admin';
import { ENROLLMENT_TEXT_FIELD_NAMES, PUBLIC_ENROLLMENT_FILE_FIELD_NAMES } from '@registrar/contract/enrollment';
import { can } from '@registrar/contract/permissions';
import { FEE_MESSAGES, IDEMPOTENCY_HEADER, idempotencyKeySchema } from '@registrar/contract/fees';
import { conflict, forbidden } from '../lib/http-errors';
import { attachment } from '../lib/csv';
import { ENROLLMENT_FILE_FIELD_NAMES } from '../services/enrollment-record';
import { EXTENSION_FOR, type SniffedType } from '../services/uploads/content-type';
import { readMultipart } from '../services/uploads/multipart-reader';
import {
  STAFF_ENROLLMENT_EXTRA_FIELDS,
  STAFF_ENROLLMENT_MESSAGES,
  staffEnrollmentCreatedSchema,
} from '@registrar/contract/staff-enrollment';
import { enrollmentDetailFor, enrollmentPageFor } from '../services/role-views';
import { studentMessageSchema } from '@registrar/contract/student-messages';
import { bearerSecurity as security, errorAnswers, sendDownload, CSV_TYPE } from '../lib/route-answers';

const idParams = z.object({ id: z.uuid({ error: ENROLLMENT_MESSAGES.notFound }) });
const errors = errorAnswers(400, 401, 403, 404, 409, 413, 415, 429);

const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const enrollments = app.enrollmentService;

  /** A closing refund is a refund: it needs the right, and money taken online goes back only through its gateway. */
  const mayRefundOnClose = async (id: string, mayRefund: boolean) => {
    if (!mayRefund) throw forbidden(FEE_MESSAGES.paidMoneyRefundNeedsRight);
    const online = app.onlinePayments.service?.refunds;
    if (!online) return;
    for (const p of (await enrollments.detail(id)).payments)
      if (!p.voided && (await online.throughGateway(id, p._id))) throw conflict(FEE_MESSAGES.paidMoneyOnline);
  };
  const textFields = new Set(ENROLLMENT_TEXT_FIELD_NAMES);
  const staffOnlyFiles = new Set(
    [...ENROLLMENT_FILE_FIELD_NAMES].filter((f) => !PUBLIC_ENROLLMENT_FILE_FIELD_NAMES.includes(f as never)),
  );
  // Visitors send only the form's own fields and files; staff may also attach the staff-only files.
  const readPublicForm = (request: Parameters<typeof readMultipart>[0]) =>
    readMultipart(request, app.storage, {
      fileFields: new Set(PUBLIC_ENROLLMENT_FILE_FIELD_NAMES),
      textFields,
      staffOnlyFiles,
      maxFileBytes: app.config.uploadMaxBytes,
    });
  const readStaffForm = (request: Parameters<typeof readMultipart>[0]) =>
    readMultipart(request, app.storage, {
      fileFields: ENROLLMENT_FILE_FIELD_NAMES,
      textFields,
      maxFileBytes: app.config.uploadMaxBytes,
    });

  app.post(
    apiPaths.enrollments,
    {
      config: { access: 'public' },
      schema: {
        tags: ['enrollments'],
        summary: 'Public enrolment form (multipart/form-data: the enrolment fields and files)',
        consumes: ['multipart/form-data'],
        response: { 201: successEnvelope(z.object({ enrollmentNumber: z.string() })), ...errors },
      },
    },
    async (request, reply) => {
      await enrollments.checkRate(request.ip);
      const form = await readPublicForm(request);
      try {
        const { enrollmentNumber, unmoved } = await enrollments.create(form.fields, form.files, request.ip);
        if (unmoved.length)
          request.log.warn({ documents: unmoved }, 'documents stay staged until storage recovery moves them');
        return reply
          .code(201)
          .send({ success: true as const, message: ENROLLMENT_MESSAGES.received, data: { enrollmentNumber } });
      } catch (err) {
        await form.discard();
        throw err;
      }
    },
  );

  const staffTextFields = new Set([...ENROLLMENT_TEXT_FIELD_NAMES, ...STAFF_ENROLLMENT_EXTRA_FIELDS]);
  app.post(
    apiPaths.staffEnrollment,
    {
      config: { access: 'enrollments.create' },
      schema: {
        tags: ['enrollments'],
        security,
        summary:
          'Enrol from the console (multipart/form-data: the public form’s fields, optional inquiryId, firstPayment JSON and approve; files optional, missing ones to follow); a retry under the same Idempotency-Key answers the same enrolment and receipt',
        consumes: ['multipart/form-data'],
        headers: z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema }),
        response: { 201: successEnvelope(staffEnrollmentCreatedSchema), ...errors, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, app.storage, {
        fileFields: ENROLLMENT_FILE_FIELD_NAMES,
        textFields: staffTextFields,
        maxFileBytes: app.config.uploadMaxBytes,
      });
      try {
        const { unmoved, repeated, ...data } = await app.staffEnrollment.enrol(
          form,
          request.staffAuth!.staff,
          request.headers[IDEMPOTENCY_HEADER] as string | undefined,
        );
        // A retry's files duplicate what the first request kept.
        if (repeated) await form.discard();
        if (unmoved.length)
          request.log.warn({ documents: unmoved }, 'documents stay staged until storage recovery moves them');
        return reply.code(201).send({ success: true as const, message: STAFF_ENROLLMENT_MESSAGES.created, data });
      } catch (err) {
        await form.discard();
        throw err;
      }
    },
  );

  app.get(
    apiPaths.enrollments,
    {
      config: { access: 'enrollments.read' },
      schema: {
        tags: ['enrollments'],
        security,
        querystring: enrollmentListQuerySchema,
        response: { 200: successEnvelope(pageSchema(enrollmentRecordSchema)), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: enrollmentPageFor(request.staffAuth!.staff.role, await enrollments.page(request.query)),
    }),
  );

  app.get(
    apiPaths.enrollmentsCsv,
    {
      config: { access: 'enrollments.export', cookieAuth: true },
      schema: {
        tags: ['enrollments'],
        security,
        querystring: enrollmentListQuerySchema.omit({ page: true, limit: true }),
      },
    },
    async (request, reply) => {
      const csv = await enrollments.exportCsv(request.query);
      return sendDownload(reply, CSV_TYPE, `enrollments-${new Date().toISOString().slice(0, 10)}.csv`, csv);
    },
  );

  app.get(
    apiPaths.enrollment,
    {
      config: { access: 'enrollments.read' },
      schema: {
        tags: ['enrollments'],
        security,
        params: idParams,
        response: { 200: successEnvelope(enrollmentDetailSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: enrollmentDetailFor(request.staffAuth!.staff.role, await enrollments.detail(request.params.id)),
    }),
  );

  app.get(
    apiPaths.enrollmentMessages,
    {
      config: { access: 'enrollments.read' },
      schema: {
        tags: ['enrollments'],
        security,
        summary:
          'What the student was told of their money, one message per event, newest first, with its delivery state',
        params: idParams,
        response: { 200: successEnvelope(z.array(studentMessageSchema)), ...errors },
      },
    },
    async (request) => {
      await enrollments.detail(request.params.id);
      return { success: true as const, message: '', data: await app.studentMessages.of(request.params.id) };
    },
  );

  app.put(
    apiPaths.enrollment,
    {
      config: { access: 'enrollments.edit' },
      schema: {
        tags: ['enrollments'],
        security,
        summary: 'Edit details, replace documents, attach the authority signature (multipart/form-data)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: successEnvelope(enrollmentDetailSchema), ...errors },
      },
    },
    async (request) => {
      const form = await readStaffForm(request);
      try {
        const { staff } = request.staffAuth!;
        const data = await enrollments.update(
          request.params.id,
          form.fields,
          form.files,
          staff.id,
          can(staff.role, 'fees.record'),
        );
        return {
          success: true as const,
          message: ENROLLMENT_MESSAGES.updated,
          data: enrollmentDetailFor(request.staffAuth!.staff.role, data),
        };
      } catch (err) {
        await form.discard();
        throw err;
      }
    },
  );

  app.put(
    apiPaths.enrollmentStatus,
    {
      config: { access: 'enrollments.status' },
      schema: {
        tags: ['enrollments'],
        security,
        params: idParams,
        body: enrollmentStatusChangeSchema,
        response: { 200: successEnvelope(enrollmentDetailSchema), ...errors },
      },
    },
    async (request) => {
      if (request.body.paidMoney?.decision === 'refund')
        await mayRefundOnClose(request.params.id, request.can('fees.refund'));
      return {
        success: true as const,
        message: ENROLLMENT_MESSAGES.statusChanged,
        data: enrollmentDetailFor(
          request.staffAuth!.staff.role,
          await enrollments.changeStatus(
            request.params.id,
            request.body.status,
            request.body,
            request.staffAuth!.staff.id,
          ),
        ),
      };
    },
  );

  app.delete(
    apiPaths.enrollment,
    {
      config: { access: 'enrollments.delete' },
      schema: {
        tags: ['enrollments'],
        security,
        params: idParams,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await enrollments.delete(request.params.id);
      return { success: true as const, message: ENROLLMENT_MESSAGES.deleted, data: null };
    },
  );

  app.get(
    apiPaths.file,
    {
      config: { access: 'documents.view', cookieAuth: true },
      schema: {
        tags: ['enrollments'],
        security,
        summary: 'A document (staff only; the login cookie works, for <img>)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const { doc, file } = await enrollments.openDocument(request.params.id, request.staffAuth!.staff.id);
      const svg = doc.mime === 'image/svg+xml';
      const name = `${doc.field}.${EXTENSION_FOR[doc.mime as SniffedType] ?? 'bin'}`;
      return (
        reply
          .type(doc.mime)
          .header('content-length', String(file.size))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          // A document can never run anything, even if opened directly.
          .header(
            'content-security-policy',
            "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
          )
          .header('content-disposition', svg ? attachment(name) : attachment(name).replace(/^attachment/, 'inline'))
          .send(file.stream)
      );
    },
  );
};

export default enrollmentRoutes;
