/** The terms & conditions page: read by the public enrolment form, written and versioned by staff. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, successEnvelope } from '@registrar/contract/envelope';
import { TERMS_MESSAGES, termsInputSchema, termsSchema, termsVersionSchema } from '@registrar/contract/terms';

const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  const terms = app.termsService;
  const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };

  app.get(
    apiPaths.terms,
    {
      config: { access: 'public' },
      schema: { tags: ['terms'], summary: 'Current terms (public)', response: { 200: successEnvelope(termsSchema) } },
    },
    async () => ({ success: true as const, message: '', data: await terms.current() }),
  );

  app.put(
    apiPaths.terms,
    {
      config: { access: 'terms.edit' },
      bodyLimit: 512 * 1024,
      schema: {
        tags: ['terms'],
        security: [{ bearer: [] }],
        body: termsInputSchema,
        response: { 200: successEnvelope(termsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: TERMS_MESSAGES.saved,
      data: await terms.save(request.body, request.staffAuth!.staff.id),
    }),
  );

  app.get(
    apiPaths.termsVersions,
    {
      config: { access: 'terms.read' },
      schema: {
        tags: ['terms'],
        security: [{ bearer: [] }],
        response: { 200: successEnvelope(z.array(termsVersionSchema)), ...errors },
      },
    },
    async () => ({ success: true as const, message: '', data: await terms.history() }),
  );
};

export default termsRoutes;
