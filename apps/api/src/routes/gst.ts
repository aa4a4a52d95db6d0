/** GST: the institute's settings (admins), invoice and credit note PDFs, GSTR-1 for a month. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '@registrar/contract/api-paths';
import { successEnvelope } from '@registrar/contract/envelope';
import {
  GST_MESSAGES,
  gstFiledInputSchema,
  gstSettingsInputSchema,
  gstSettingsSchema,
  gstr1QuerySchema,
} from '@registrar/contract/gst';
import { gstr1Zip } from '../services/gst/gstr1-csv';
import {
  bearerSecurity as security,
  errorAnswers,
  sendDownload,
  sendPdf,
  taxDocumentFileName,
} from '../lib/route-answers';

const errors = errorAnswers(400, 401, 403, 404, 409);

const gstRoutes: FastifyPluginAsyncZod = async (app) => {
  const gst = app.gstService;

  app.get(
    apiPaths.gstSettings,
    {
      config: { access: 'gst.settings' },
      schema: {
        tags: ['gst'],
        security,
        summary: 'The institute’s GST settings (off by default)',
        response: { 200: successEnvelope(gstSettingsSchema), ...errors },
      },
    },
    async () => ({ success: true as const, message: '', data: await gst.settings() }),
  );

  app.put(
    apiPaths.gstSettings,
    {
      config: { access: 'gst.settings' },
      schema: {
        tags: ['gst'],
        security,
        summary: 'Switch GST on or off and set the GSTIN (checked: state code and check character)',
        body: gstSettingsInputSchema,
        response: { 200: successEnvelope(gstSettingsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: GST_MESSAGES.saved,
      data: await gst.saveSettings(request.body, request.staffAuth!.staff.id),
    }),
  );

  app.get(
    apiPaths.invoice,
    {
      config: { access: 'fees.statement', cookieAuth: true },
      schema: {
        tags: ['gst'],
        security,
        summary: 'The tax invoice (or bill of supply) of a payment as a PDF',
        params: z.object({ paymentId: z.uuid({ error: GST_MESSAGES.invoiceNotFound }) }),
      },
    },
    async (request, reply) => {
      const { pdf: body, number } = await gst.invoicePdf(request.params.paymentId);
      return sendPdf(reply, body, taxDocumentFileName(number));
    },
  );

  app.get(
    apiPaths.creditNote,
    {
      config: { access: 'fees.statement', cookieAuth: true },
      schema: {
        tags: ['gst'],
        security,
        summary: 'The credit note of a refund as a PDF',
        params: z.object({ refundId: z.uuid({ error: GST_MESSAGES.creditNoteNotFound }) }),
      },
    },
    async (request, reply) => {
      const { pdf: body, number } = await gst.creditNotePdf(request.params.refundId);
      return sendPdf(reply, body, taxDocumentFileName(number));
    },
  );

  app.get(
    apiPaths.gstr1,
    {
      config: { access: 'gst.returns', cookieAuth: true },
      schema: {
        tags: ['gst'],
        security,
        summary: 'GSTR-1 for a month in the GSTN offline tool’s JSON layout, or (format=zip) with CSVs',
        querystring: gstr1QuerySchema,
      },
    },
    async (request, reply) => {
      const { period, format } = request.query;
      const data = await gst.gstr1(period);
      if (format === 'json') return reply.header('cache-control', 'no-store').send(data);
      return sendDownload(reply, 'application/zip', `gstr1-${period}.zip`, gstr1Zip(data));
    },
  );

  app.post(
    apiPaths.gstr1Filed,
    {
      config: { access: 'gst.returns' },
      schema: {
        tags: ['gst'],
        security,
        summary: 'Mark a month’s GSTR-1 filed: voids after this issue credit notes instead of cancelling',
        body: gstFiledInputSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await gst.markFiled(request.body.period, request.staffAuth!.staff.id);
      return { success: true as const, message: GST_MESSAGES.periodMarkedFiled, data: null };
    },
  );
};

export default gstRoutes;
