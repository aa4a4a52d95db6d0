/** Announcements, on the published paths, their spelling included ("annocument", "resent"). */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANNOUNCEMENT_MESSAGES,
  announcementInputSchema,
  bulkAnnouncementSchema,
} from '@registrar/contract/announcement';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { successEnvelope } from '@registrar/contract/envelope';
import { bearerSecurity as security, errorAnswers } from '../lib/route-answers';

const errors = errorAnswers(400, 401, 404);
/** An id that is not one names nothing: the same message as an unknown enrolment or announcement. */
const enrollmentParams = z.object({ id: z.uuid({ error: ENROLLMENT_MESSAGES.notFound }) });
const announcementParams = enrollmentParams.extend({ id2: z.uuid({ error: ANNOUNCEMENT_MESSAGES.notFound }) });
const ok = successEnvelope(z.null());
/** Deleting and resending one announcement: the same access, address and answer. */
const oneAnnouncement = {
  config: { access: 'announcements.send' as const },
  schema: { tags: ['announcements'], security, params: announcementParams, response: { 200: ok, ...errors } },
};

const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const announcements = app.announcementService;

  app.put(
    apiPaths.announcements,
    {
      config: { access: 'announcements.send' },
      schema: {
        tags: ['announcements'],
        security,
        params: enrollmentParams,
        body: announcementInputSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await announcements.create(request.params.id, request.body, request.staffAuth!.staff.id);
      return { success: true as const, message: ANNOUNCEMENT_MESSAGES.created, data: null };
    },
  );

  app.put(
    apiPaths.bulkAnnouncement,
    {
      config: { access: 'announcements.send' },
      schema: {
        tags: ['announcements'],
        security,
        summary: 'Announce to enrolments by course and status (default approved); dryRun only counts',
        body: bulkAnnouncementSchema,
        response: { 200: successEnvelope(z.object({ recipients: z.number().int(), dryRun: z.boolean() })), ...errors },
      },
    },
    async (request) => {
      const data = await announcements.bulk(request.body, request.staffAuth!.staff.id);
      const message = data.dryRun
        ? ANNOUNCEMENT_MESSAGES.dryRun
        : data.recipients
          ? `${ANNOUNCEMENT_MESSAGES.bulkQueued} to ${data.recipients} ${data.recipients === 1 ? 'student' : 'students'}`
          : ANNOUNCEMENT_MESSAGES.noRecipients;
      return { success: true as const, message, data };
    },
  );

  app.delete(apiPaths.announcement, oneAnnouncement, async (request) => {
    await announcements.delete(request.params.id, request.params.id2);
    return { success: true as const, message: ANNOUNCEMENT_MESSAGES.deleted, data: null };
  });

  app.put(apiPaths.announcementResend, oneAnnouncement, async (request) => {
    await announcements.resend(request.params.id, request.params.id2);
    return { success: true as const, message: ANNOUNCEMENT_MESSAGES.resent, data: null };
  });
};

export default announcementRoutes;
