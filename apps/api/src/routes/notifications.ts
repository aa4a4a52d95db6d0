/** The bell: what is new since the staff member last looked, and marking it seen. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationsSchema } from '@registrar/contract/dashboard';
import { successEnvelope } from '@registrar/contract/envelope';
import { bearerSecurity as security, errorAnswers } from '../lib/route-answers';

const errors = errorAnswers(400, 401);

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = app.notificationService;
  const followUps = app.followUpService;

  app.get(
    apiPaths.notifications,
    {
      config: { access: 'signedIn' },
      schema: { tags: ['dashboard'], security, response: { 200: successEnvelope(notificationsSchema), ...errors } },
    },
    async (request) => {
      const { staff } = request.staffAuth!;
      return {
        success: true as const,
        message: '',
        data: await notifications.list(
          staff.id,
          staff.notificationsSeenAt,
          await followUps.dueCount({ id: staff.id, role: staff.role }),
        ),
      };
    },
  );

  app.post(
    apiPaths.notificationsSeen,
    {
      config: { access: 'signedIn' },
      schema: { tags: ['dashboard'], security, response: { 200: successEnvelope(z.null()), ...errors } },
    },
    async (request) => {
      await notifications.markSeen(request.staffAuth!.staff.id);
      return { success: true as const, message: '', data: null };
    },
  );
};

export default notificationRoutes;
