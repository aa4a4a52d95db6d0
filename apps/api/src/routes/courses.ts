/** Courses and areas of interest. `type=all` is the public catalogue. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COURSE_MESSAGES,
  areaOfInterestSchema,
  courseInputSchema,
  courseListQuerySchema,
  courseSchema,
  courseUpdateSchema,
  publicCourseSchema,
} from '@registrar/contract/course';
import { pageSchema, successEnvelope } from '@registrar/contract/envelope';
import { bearerSecurity, errorAnswers } from '../lib/route-answers';

const idParams = z.object({ id: z.uuid({ error: COURSE_MESSAGES.notFound }) });
const errors = errorAnswers(400, 401, 404, 409);
/** Editing or deleting one course: who may, and which course. */
const courseChange = <S extends object>(schema: S) => ({
  config: { access: 'courses.edit' as const },
  schema: { tags: ['courses'], security: bearerSecurity, params: idParams, ...schema },
});

const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const courses = app.courseService;

  app.get(
    apiPaths.courses,
    {
      // Public with ?type=all (the forms' course list); otherwise the staff's paged list.
      config: {
        access: 'courses.read',
        publicWhen: (request) => (request.query as { type?: unknown } | undefined)?.type === 'all',
      },
      schema: {
        tags: ['courses'],
        summary: 'Public active courses (type=all) or the staff paged list',
        querystring: courseListQuerySchema,
        response: {
          200: z.union([successEnvelope(z.array(publicCourseSchema)), successEnvelope(pageSchema(courseSchema))]),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { type, page, limit, search, active } = request.query;
      if (type === 'all') {
        void reply.header('cache-control', 'public, max-age=60');
        return { success: true as const, message: '', data: await courses.publicList() };
      }
      const data = await courses.page({
        page,
        limit,
        search,
        active: active === undefined ? undefined : active === 'true',
      });
      return { success: true as const, message: '', data };
    },
  );

  app.get(
    apiPaths.areasOfInterest,
    {
      config: { access: 'public' },
      schema: { tags: ['courses'], response: { 200: successEnvelope(z.array(areaOfInterestSchema)) } },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      const data = (await courses.publicList()).map((c) => ({ _id: c._id, name: c.name }));
      return { success: true as const, message: '', data };
    },
  );

  app.get(
    apiPaths.course,
    {
      config: { access: 'courses.read' },
      schema: {
        tags: ['courses'],
        security: bearerSecurity,
        params: idParams,
        response: { 200: successEnvelope(courseSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, message: '', data: await courses.get(request.params.id) }),
  );

  app.post(
    apiPaths.courses,
    {
      config: { access: 'courses.edit' },
      schema: {
        tags: ['courses'],
        security: bearerSecurity,
        body: courseInputSchema,
        response: { 201: successEnvelope(courseSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await courses.create(request.body);
      return reply.code(201).send({ success: true as const, message: COURSE_MESSAGES.created, data });
    },
  );

  app.put(
    apiPaths.course,
    courseChange({ body: courseUpdateSchema, response: { 200: successEnvelope(courseSchema), ...errors } }),
    async (request) => ({
      success: true as const,
      message: COURSE_MESSAGES.updated,
      data: await courses.update(request.params.id, request.body),
    }),
  );

  app.delete(
    apiPaths.course,
    courseChange({ response: { 200: successEnvelope(z.null()), ...errors } }),
    async (request) => {
      await courses.delete(request.params.id);
      return { success: true as const, message: COURSE_MESSAGES.deleted, data: null };
    },
  );
};

export default courseRoutes;
