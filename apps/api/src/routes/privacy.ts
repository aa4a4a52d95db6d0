/** Students' rights: erasure on request and a copy of everything held (staff only). */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { successEnvelope } from '@registrar/contract/envelope';
import { PRIVACY_MESSAGES, erasureRequestSchema, erasureResultSchema } from '@registrar/contract/privacy';
import { bearerSecurity as security, errorAnswers, sendDownload } from '../lib/route-answers';

const errors = errorAnswers(400, 401, 404, 409);

const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const privacy = app.privacyService;
  const enrollments = app.enrollmentService;

  app.post(
    apiPaths.erasure,
    {
      config: { access: 'privacy.erase' },
      schema: {
        tags: ['privacy'],
        security,
        summary: "Erase a person's data everywhere (the fee ledger stays under a pseudonym)",
        body: erasureRequestSchema,
        response: { 201: successEnvelope(erasureResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await privacy.erase(request.body.email, request.body.reason, request.staffAuth!.staff.id);
      // The audit entry says which enrolments went (their numbers), never whose they were.
      request.auditChanges = { enrollmentNumbers: { from: null, to: data.enrollmentNumbers.join(', ') || null } };
      return reply.code(201).send({ success: true as const, message: PRIVACY_MESSAGES.erased, data });
    },
  );

  app.get(
    apiPaths.dataExport,
    {
      config: { access: 'privacy.export', cookieAuth: true },
      schema: {
        tags: ['privacy'],
        security,
        summary: "A zip of everything held about an enrolment's person: records as JSON, documents as uploaded",
        params: z.object({ id: z.uuid({ error: ENROLLMENT_MESSAGES.notFound }) }),
      },
    },
    async (request, reply) => {
      const detail = await enrollments.detail(request.params.id);
      const { stream, fileName } = await privacy.export(detail);
      return sendDownload(reply, 'application/zip', fileName, stream);
    },
  );
};

export default privacyRoutes;
