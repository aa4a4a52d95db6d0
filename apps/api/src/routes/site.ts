/** Public facts about the institute for the public forms (the support phone and email they show). */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '@registrar/contract/envelope';
import { toRupees } from '../lib/money';
import { siteInfoSchema } from '@registrar/contract/site';

const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.site,
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: successEnvelope(siteInfoSchema) } } },
    async (_req, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      const { instituteName, contactEmail, contactPhone, companyAddress } = app.config;
      const { enabled: gstEnabled, stateCode: instituteState } = await app.gstService.settings();
      return {
        success: true as const,
        message: '',
        data: {
          instituteName,
          contactEmail,
          contactPhone,
          companyAddress,
          gstEnabled,
          instituteState,
          chequeBounceFee: toRupees(app.config.chequeBounceFeePaise),
        },
      };
    },
  );
};

export default siteRoutes;
