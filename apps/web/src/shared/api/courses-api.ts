/**
 * Courses over RTK Query: the staff's paged list, create, update (also the
 * partial `{ active }` toggle) and delete. Mutations keep the envelope whole so the services slice
 * toasts the server's message; reads give the screen the data itself.
 */
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import type { Course, CourseInput } from '@registrar/contract/course';
import type { Page, SuccessEnvelope } from '@registrar/contract/envelope';
import { baseApi } from './base-api';

export interface CourseListArgs {
  page: number;
  limit: number;
  search?: string;
  /** 'true' active only, 'false' inactive only, absent: both. */
  active?: 'true' | 'false';
}

export type CourseUpdate = Partial<Omit<CourseInput, 'price' | 'emiPrice'>> & { price?: number; emiPrice?: number[] };

const LIST = { type: 'Course', id: 'LIST' } as const;

function listQuery(args: CourseListArgs): string {
  const params = new URLSearchParams({ page: String(args.page), limit: String(args.limit) });
  if (args.search) params.set('search', args.search);
  if (args.active) params.set('active', args.active);
  return `${apiPaths.courses}?${params.toString()}`;
}

export const coursesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<Page<Course>, CourseListArgs>({
      query: (args) => listQuery(args),
      transformResponse: (envelope: SuccessEnvelope<Page<Course>>) => envelope.data,
      providesTags: (result) => [LIST, ...(result?.items ?? []).map((c) => ({ type: 'Course' as const, id: c._id }))],
    }),
    createCourse: build.mutation<SuccessEnvelope<Course>, CourseInput>({
      query: (body) => ({ url: apiPaths.courses, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateCourse: build.mutation<SuccessEnvelope<Course>, { id: string; changes: CourseUpdate }>({
      query: ({ id, changes }) => ({ url: apiUrl('course', id), method: 'PUT', body: changes }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Course', id }],
    }),
    deleteCourse: build.mutation<SuccessEnvelope<null>, string>({
      query: (id) => ({ url: apiUrl('course', id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [LIST, { type: 'Course', id }],
    }),
  }),
});

export const { useGetCoursesQuery, useCreateCourseMutation, useUpdateCourseMutation, useDeleteCourseMutation } =
  coursesApi;
