/**
 * The paged list of courses over RTK Query. Courses, enrolments and announcements all read it, and
 * features never import each other, so it lives here; the course screen's writes are its own.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import type { Course } from '@registrar/contract/course';
import type { Page, SuccessEnvelope } from '@registrar/contract/envelope';
import { baseApi } from './base-api';

export interface CourseListArgs {
  page: number;
  limit: number;
  search?: string;
  /** 'true' active only, 'false' inactive only, absent: both. */
  active?: 'true' | 'false';
}

/** The tag of every list page: a write to any course invalidates it. */
export const COURSE_LIST = { type: 'Course', id: 'LIST' } as const;

function listQuery(args: CourseListArgs): string {
  const params = new URLSearchParams({ page: String(args.page), limit: String(args.limit) });
  if (args.search) params.set('search', args.search);
  if (args.active) params.set('active', args.active);
  return `${apiPaths.courses}?${params.toString()}`;
}

export const courseListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<Page<Course>, CourseListArgs>({
      query: (args) => listQuery(args),
      transformResponse: (envelope: SuccessEnvelope<Page<Course>>) => envelope.data,
      providesTags: (result) => [
        COURSE_LIST,
        ...(result?.items ?? []).map((c) => ({ type: 'Course' as const, id: c._id })),
      ],
    }),
  }),
});

export const { useGetCoursesQuery } = courseListApi;
