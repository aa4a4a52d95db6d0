/** Students' rights: erasure on request and a copy of everything held (staff only). */
import { apiPaths } from '@registrar/contract/api-paths';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { errorEnvelopeSchema, successEnvelope } from '@registrar/contract/envelope';
import { PRIVACY_MESSAGES, erasureRequestSchema, erasureResultSchema } from '@registrar/contract/privacy';
import { attachment } from '../lib/csv';
import { EnrollmentService } from '../services/enrollment-service';
import { PrivacyService } from '../services/privacy-service';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const security = [{ bearer: [] }];

const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const privacy = new PrivacyService(app.database.db, app.storage, path.join(app.config.dataDir, 'outbox'));
  const enrollments = new EnrollmentService(app.database.db, app.config, app.storage, app.throttle, () =>
    app.outbox.kick(),
  );

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
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};

export default privacyRoutes;
