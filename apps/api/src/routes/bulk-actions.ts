/**
 * Actions on the rows selected in a list: approve or reject enrolments, announce to them, give
 * inquiries an owner. Each needs the permission of the single action, acts on at most 200 ids and
 * answers how many it did and why each other was skipped. Each row done gets its own audit entry,
 * as the single action would have written.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@registrar/contract/api-paths';
import { selectedAnnouncementResultSchema, selectedAnnouncementSchema } from '@registrar/contract/announcement';
import {
  bulkEnrollmentStatusResultSchema,
  bulkEnrollmentStatusSchema,
  bulkInquiryOwnerResultSchema,
  bulkInquiryOwnerSchema,
} from '@registrar/contract/bulk-actions';
import { errorEnvelopeSchema, successEnvelope } from '@registrar/contract/envelope';
import { auditRows } from '../lib/audit-rows';
import { skipsOf } from '../services/bulk-actions';

const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

const bulkActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const bulk = app.bulkActionService;

  app.post(
    apiPaths.bulkEnrollmentStatus,
    {
      config: { access: 'enrollments.status' },
      schema: {
        tags: ['enrollments'],
        security,
        summary:
          'Approve or reject many pending enrolments, each as one at a time (the student mailed); answers how many changed and why each other was skipped',
        body: bulkEnrollmentStatusSchema,
        response: { 200: successEnvelope(bulkEnrollmentStatusResultSchema), ...errors },
      },
    },
    async (request) => {
      const outcomes = await bulk.decide(request.body, request.staffAuth!.staff.id);
      const done = outcomes.flatMap((o) => (o.done ? [o] : []));
      await auditRows(
        app,
        request,
        {
          action: 'status_change',
          entity: 'enrollment',
          fields: request.body.note === undefined ? ['status'] : ['status', 'note'],
        },
        done.map((o) => ({ id: o.id, changes: { status: { from: o.before, to: request.body.status } } })),
      );
      const data = { changed: done.length, skipped: skipsOf(outcomes) };
      return { success: true as const, message: `${data.changed} changed, ${data.skipped.length} skipped`, data };
    },
  );

  app.post(
    apiPaths.selectedAnnouncement,
    {
      config: { access: 'announcements.send' },
      schema: {
        tags: ['announcements'],
        security,
        summary:
          'One announcement to each enrolment chosen on the list; answers how many were queued and why each other was skipped',
        body: selectedAnnouncementSchema,
        response: { 200: successEnvelope(selectedAnnouncementResultSchema), ...errors },
      },
    },
    async (request) => {
      const data = await app.announcementService.toSelected(request.body, request.staffAuth!.staff.id);
      const skipped = new Set(data.skipped.map((s) => s.id));
      await auditRows(
        app,
        request,
        { action: 'create', entity: 'announcement', fields: ['title', 'message'] },
        [...new Set(request.body.enrollmentIds)].filter((id) => !skipped.has(id)).map((id) => ({ id })),
      );
      return { success: true as const, message: `${data.sent} sent, ${data.skipped.length} skipped`, data };
    },
  );

  app.post(
    apiPaths.bulkInquiryOwner,
    {
      config: { access: 'inquiries.assign' },
      schema: {
        tags: ['inquiries'],
        security,
        summary:
          'Give many inquiries to one counsellor or admin; answers how many changed hands and why each other was skipped',
        body: bulkInquiryOwnerSchema,
        response: { 200: successEnvelope(bulkInquiryOwnerResultSchema), ...errors },
      },
    },
    async (request) => {
      const { id, role } = request.staffAuth!.staff;
      const outcomes = await bulk.assign(request.body, { id, role });
      const done = outcomes.filter((o) => o.done);
      await auditRows(
        app,
        request,
        { action: 'update', entity: 'inquiry', fields: ['ownerId'] },
        done.map((o) => ({ id: o.id })),
      );
      const data = { assigned: done.length, skipped: skipsOf(outcomes) };
      return { success: true as const, message: `${data.assigned} assigned, ${data.skipped.length} skipped`, data };
    },
  );
};

export default bulkActionRoutes;
