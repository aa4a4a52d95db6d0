/** Inquiries: public POST, staff list/detail/edit/status/delete/export. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, pageSchema, successEnvelope } from '@registrar/contract/envelope';
import { inquirySchema } from '@registrar/contract/inquiry';
import {
  INQUIRY_HONEYPOT_FIELD,
  INQUIRY_MESSAGES,
  inquiryDetailSchema,
  inquiryListQuerySchema,
  inquiryRecordSchema,
  inquiryRequestSchema,
  inquiryStatusChangeSchema,
} from '@registrar/contract/inquiry-admin';
import { inquiryDetailFor, inquiryPageFor } from '../services/role-views';
import { bearerSecurity as security, errorAnswers, sendDownload, CSV_TYPE } from '../lib/route-answers';

const idParams = z.object({ id: z.uuid({ error: INQUIRY_MESSAGES.notFound }) });
const errors = errorAnswers(400, 401, 404, 409);
/** Changing one inquiry, its status or its answers: who may, which inquiry, and the inquiry as it is then. */
const inquiryEdit = <S extends { body: z.ZodType }>(schema: S) => ({
  config: { access: 'inquiries.edit' as const },
  schema: {
    tags: ['inquiries'],
    security,
    params: idParams,
    ...schema,
    response: { 200: successEnvelope(inquiryDetailSchema), ...errors },
  },
});

const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const inquiries = app.inquiryService;

  app.post(
    apiPaths.inquiries,
    {
      config: { access: 'public' },
      schema: {
        tags: ['inquiries'],
        summary: 'Public inquiry form',
        body: inquiryRequestSchema,
        response: { 201: successEnvelope(z.null()), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { [INQUIRY_HONEYPOT_FIELD]: honeypot, ...input } = request.body;
      await inquiries.submit(input, honeypot, request.ip);
      return reply.code(201).send({ success: true as const, message: INQUIRY_MESSAGES.received, data: null });
    },
  );

  app.get(
    apiPaths.inquiries,
    {
      config: { access: 'inquiries.read' },
      schema: {
        tags: ['inquiries'],
        security,
        querystring: inquiryListQuerySchema,
        response: { 200: successEnvelope(pageSchema(inquiryRecordSchema)), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: inquiryPageFor(request.staffAuth!.staff.role, await inquiries.page(request.query)),
    }),
  );

  app.get(
    apiPaths.inquiriesCsv,
    {
      config: { access: 'inquiries.export', cookieAuth: true },
      schema: { tags: ['inquiries'], security, querystring: inquiryListQuerySchema.omit({ page: true, limit: true }) },
    },
    async (request, reply) => {
      const csv = await inquiries.exportCsv(request.query);
      const day = new Date().toISOString().slice(0, 10);
      return sendDownload(reply, CSV_TYPE, `inquiries-${day}.csv`, csv);
    },
  );

  app.get(
    apiPaths.inquiry,
    {
      config: { access: 'inquiries.read' },
      schema: {
        tags: ['inquiries'],
        security,
        params: idParams,
        response: { 200: successEnvelope(inquiryDetailSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: inquiryDetailFor(request.staffAuth!.staff.role, await inquiries.detail(request.params.id)),
    }),
  );

  app.put(apiPaths.inquiryStatus, inquiryEdit({ body: inquiryStatusChangeSchema }), async (request) => ({
    success: true as const,
    message: INQUIRY_MESSAGES.statusChanged,
    data: await inquiries.changeStatus(
      request.params.id,
      request.body.status,
      request.body.note,
      request.staffAuth!.staff.id,
    ),
  }));

  app.put(apiPaths.inquiry, inquiryEdit({ body: inquirySchema }), async (request) => ({
    success: true as const,
    message: INQUIRY_MESSAGES.updated,
    data: await inquiries.update(request.params.id, request.body, request.staffAuth!.staff.id),
  }));

  app.delete(
    apiPaths.inquiry,
    {
      config: { access: 'inquiries.edit' },
      schema: {
        tags: ['inquiries'],
        security,
        params: idParams,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await inquiries.delete(request.params.id);
      return { success: true as const, message: INQUIRY_MESSAGES.deleted, data: null };
    },
  );
};

export default inquiryRoutes;
