/**
 * The course screen's writes over RTK Query: create, update (also the partial `{ active }` toggle)
 * and delete. They keep the envelope whole so the services slice toasts the server's message; the
 * list they refresh is read through shared/api/course-list-api.ts.
 */
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import type { Course, CourseInput } from '@registrar/contract/course';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import { baseApi } from '../../../shared/api/base-api';
import { COURSE_LIST } from '../../../shared/api/course-list-api';

export type CourseUpdate = Partial<Omit<CourseInput, 'price' | 'emiPrice'>> & { price?: number; emiPrice?: number[] };

export const coursesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createCourse: build.mutation<SuccessEnvelope<Course>, CourseInput>({
      query: (body) => ({ url: apiPaths.courses, method: 'POST', body }),
      invalidatesTags: [COURSE_LIST],
    }),
    updateCourse: build.mutation<SuccessEnvelope<Course>, { id: string; changes: CourseUpdate }>({
      query: ({ id, changes }) => ({ url: apiUrl('course', id), method: 'PUT', body: changes }),
      invalidatesTags: (_result, _error, { id }) => [COURSE_LIST, { type: 'Course', id }],
    }),
    deleteCourse: build.mutation<SuccessEnvelope<null>, string>({
      query: (id) => ({ url: apiUrl('course', id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [COURSE_LIST, { type: 'Course', id }],
    }),
  }),
});

export const { useCreateCourseMutation, useUpdateCourseMutation, useDeleteCourseMutation } = coursesApi;
