/**
 * Follow-ups: log a contact with a student, set an inquiry's owner and next follow-up, list a
 * counsellor's follow-ups. `PUT /api/inquiry/{id}` and the status change stay as they were.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '@registrar/contract/api-paths';
import { successEnvelope } from '@registrar/contract/envelope';
import {
  FOLLOW_UP_MESSAGES,
  followUpsQuerySchema,
  followUpsSchema,
  inquiryContactRequestSchema,
  inquiryFollowUpRequestSchema,
} from '@registrar/contract/follow-ups';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '@registrar/contract/fees';
import { INQUIRY_MESSAGES, inquiryDetailSchema } from '@registrar/contract/inquiry-admin';
import { idempotentRequest } from '../lib/idempotency';
import type { Actor } from '../services/follow-up-service';
import { bearerSecurity as security, errorAnswers } from '../lib/route-answers';

const idParams = z.object({ id: z.uuid({ error: INQUIRY_MESSAGES.notFound }) });
const errors = errorAnswers(400, 401, 403, 404, 422);

const followUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const followUps = app.followUpService;
  const actor = (request: FastifyRequest): Actor => ({
    id: request.staffAuth!.staff.id,
    role: request.staffAuth!.staff.role,
  });

  app.post(
    apiPaths.inquiryContact,
    {
      config: { access: 'inquiries.followups' },
      schema: {
        tags: ['inquiries'],
        summary: 'Log a contact with the student (and the next follow-up unless closed or converted)',
        security,
        params: idParams,
        // A retried or double-clicked "Add contact" with the same key logs one contact.
        headers: z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema }),
        body: inquiryContactRequestSchema,
        response: { 201: successEnvelope(inquiryDetailSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        message: FOLLOW_UP_MESSAGES.contactAdded,
        data: await followUps.addContact(
          request.params.id,
          request.body,
          actor(request),
          idempotentRequest(request.headers[IDEMPOTENCY_HEADER], { id: request.params.id, body: request.body }),
        ),
      }),
  );

  app.put(
    apiPaths.inquiryFollowUp,
    {
      config: { access: 'inquiries.followups' },
      schema: {
        tags: ['inquiries'],
        summary: 'Set the owner and/or the next follow-up of an inquiry',
        security,
        params: idParams,
        body: inquiryFollowUpRequestSchema,
        response: { 200: successEnvelope(inquiryDetailSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: FOLLOW_UP_MESSAGES.followUpSaved,
      data: await followUps.setFollowUp(request.params.id, request.body, actor(request)),
    }),
  );

  app.get(
    apiPaths.followUps,
    {
      config: { access: 'inquiries.followups' },
      schema: {
        tags: ['inquiries'],
        summary: 'Overdue, today’s and upcoming follow-ups of the signed-in staff member (admins: anyone’s)',
        security,
        querystring: followUpsQuerySchema,
        response: { 200: successEnvelope(followUpsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: await followUps.list(actor(request), request.query.ownerId),
    }),
  );
};

export default followUpRoutes;
