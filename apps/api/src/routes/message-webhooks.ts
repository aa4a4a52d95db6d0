/**
 * The providers' side of student messages: WhatsApp's webhook (handshake, then signed statuses and
 * inbound messages), the SMS provider's delivery reports, the simulator standing in for both, and
 * the templates a provider refused, for an admin.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import { successEnvelope } from '@registrar/contract/envelope';
import { MESSAGE_WEBHOOK_MESSAGES as M, templateProblemSchema } from '@registrar/contract/message-channels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, unauthorized } from '../lib/http-errors';
import { bearerSecurity as security, errorAnswers } from '../lib/route-answers';

const errors = errorAnswers(400, 401, 403, 404);

const messageWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const channels = app.messageChannels;

  app.get(
    apiPaths.whatsappWebhook,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const q = request.query as Record<string, unknown>;
      const challenge = channels.reports.handshake(q['hub.mode'], q['hub.verify_token'], q['hub.challenge']);
      if (challenge === undefined) throw unauthorized(M.verifyTokenInvalid);
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  // Signatures cover the bytes as sent: these routes alone take their body unparsed.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post(
      apiPaths.whatsappWebhook,
      {
        config: { access: 'public' },
        bodyLimit: 3 * 1024 * 1024,
        schema: {
          tags: ['messages'],
          summary: "WhatsApp's webhook: X-Hub-Signature-256 checked over the raw body, statuses applied once",
          response: { 200: successEnvelope(z.null()), ...errors },
        },
      },
      async (request) => {
        if (!channels.reports.whatsappConfigured) throw notFound(M.notConfigured);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        if (!channels.reports.verifyWhatsApp(body, typeof signature === 'string' ? signature : undefined))
          throw unauthorized(M.signatureInvalid);
        let event: unknown;
        try {
          event = JSON.parse(body.toString('utf8'));
        } catch {
          event = undefined;
        }
        await channels.reports.whatsappEvent(event);
        return { success: true as const, message: M.received, data: null };
      },
    );
    raw.post(
      apiPaths.smsDeliveryReport,
      {
        config: { access: 'public' },
        schema: {
          tags: ['messages'],
          summary: "The SMS provider's delivery report, at an address only it was given",
          params: z.object({ token: z.string().max(100) }),
          response: { 200: successEnvelope(z.null()), ...errors },
        },
      },
      async (request) => {
        if (!channels.reports.verifySmsToken((request.params as { token: string }).token))
          throw unauthorized(M.signatureInvalid);
        const text = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
        await channels.reports.smsReport(parseReport(text, request.headers['content-type']));
        return { success: true as const, message: M.received, data: null };
      },
    );
    raw.post(
      apiPaths.messageSimulatorWhatsApp,
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const sim = channels.simulator;
        if (!sim) throw notFound(M.notConfigured);
        const text = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
        const answer = sim.whatsappSend(request.headers.authorization, parseReport(text, 'application/json'));
        return reply.code(answer.status).send(answer.body);
      },
    );
    raw.post(
      apiPaths.messageSimulatorSms,
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const sim = channels.simulator;
        if (!sim) throw notFound(M.notConfigured);
        const text = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
        const answer = sim.smsSend(Object.fromEntries(new URLSearchParams(text)));
        return reply.code(answer.status).send(answer.body);
      },
    );
  });

  app.get(
    apiPaths.messageTemplateProblems,
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['messages'],
        security,
        response: { 200: successEnvelope(z.array(templateProblemSchema)), ...errors },
      },
    },
    async () => {
      const rows = await channels.reports.problems();
      return {
        success: true as const,
        message: '',
        data: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })),
      };
    },
  );

  app.delete(
    apiPaths.messageTemplateProblem,
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['messages'],
        security,
        params: z.object({ id: z.uuid({ error: M.problemNotFound }) }),
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      if (!(await channels.reports.clearProblem(request.params.id))) throw notFound(M.problemNotFound);
      return { success: true as const, message: M.problemCleared, data: null };
    },
  );
};

/** A report body as JSON or as a form, whichever the provider sent; {} when neither. */
function parseReport(text: string, type: string | undefined): Record<string, unknown> {
  if (type?.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export default messageWebhookRoutes;
