/** Staff management (admins): list, invite, change name, role or access. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, successEnvelope } from '@registrar/contract/envelope';
import {
  STAFF_ADMIN_MESSAGES,
  staffInviteSchema,
  staffListQuerySchema,
  staffMemberSchema,
  staffUpdateSchema,
} from '@registrar/contract/staff-admin';
import { bearerSecurity as security, errorAnswers } from '../lib/route-answers';

const idParams = z.object({ id: z.uuid({ error: STAFF_ADMIN_MESSAGES.notFound }) });
const errors = errorAnswers(400, 401, 403, 404, 409);

const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.staffAdminService;
  const actor = (request: { ip: string; staffAuth: { staff: { id: string; email: string } } | null }) => ({
    id: request.staffAuth!.staff.id,
    email: request.staffAuth!.staff.email,
    ip: request.ip,
  });

  app.get(
    apiPaths.staff,
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        security,
        querystring: staffListQuerySchema,
        response: { 200: successEnvelope(pageSchema(staffMemberSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, message: '', data: await service.page(request.query) }),
  );

  app.post(
    apiPaths.staff,
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        security,
        summary: 'Invite a staff member: mails a single-use link to choose a password (24 hours)',
        body: staffInviteSchema,
        response: { 201: successEnvelope(staffMemberSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.invite(request.body, actor(request));
      return reply.code(201).send({ success: true as const, message: STAFF_ADMIN_MESSAGES.invited, data });
    },
  );

  app.put(
    apiPaths.staffMember,
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        security,
        summary: 'Change name, role or access; disabling signs the account out everywhere',
        params: idParams,
        body: staffUpdateSchema,
        response: { 200: successEnvelope(staffMemberSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: STAFF_ADMIN_MESSAGES.updated,
      data: await service.update(request.params.id, request.body, actor(request)),
    }),
  );

  app.post(
    apiPaths.staffInvitation,
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        security,
        summary: 'Send the invitation again: a new link (24 hours); the earlier one stops working',
        params: idParams,
        response: { 200: successEnvelope(staffMemberSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: STAFF_ADMIN_MESSAGES.invitationResent,
      data: await service.resendInvitation(request.params.id, actor(request)),
    }),
  );

  app.delete(
    apiPaths.staffInvitation,
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        security,
        summary: 'Revoke an invitation not yet used: the link stops working and the account is disabled',
        params: idParams,
        response: { 200: successEnvelope(staffMemberSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: STAFF_ADMIN_MESSAGES.invitationRevoked,
      data: await service.revokeInvitation(request.params.id, actor(request)),
    }),
  );
};

export default staffRoutes;
