/**
 * Erasure on request over RTK Query. The toast says the server's message; the person's enrolments
 * and inquiries are gone or pseudonymous afterwards, so every list and record is fetched again.
 */
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type { ErasureRequest, ErasureResult } from '@registrar/contract/privacy';
import type { StudentRequest } from '@registrar/contract/student-page';
import { baseApi } from '../../../shared/api/base-api';

export const ERASURE_PATH = apiPaths.erasure;
/** A zip of everything held about an enrolment's person (the login cookie authenticates the download). */
export const dataExportHref = (enrollmentId: string) => apiUrl('dataExport', enrollmentId);

export const privacyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    erasePerson: build.mutation<SuccessEnvelope<ErasureResult>, ErasureRequest>({
      query: (body) => ({ url: ERASURE_PATH, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Enrollment', 'Inquiry']),
    }),
  }),
});

export const { useErasePersonMutation } = privacyApi;

/** Students' requests from their own page (a copy of their data, or its erasure), newest first. */
export const studentRequestsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStudentRequests: build.query<StudentRequest[], void>({
      query: () => ({ url: apiUrl('studentRequests') }),
      transformResponse: (response: SuccessEnvelope<StudentRequest[]>) => response.data,
      providesTags: [{ type: 'Enrollment', id: 'STUDENT_REQUESTS' }],
    }),
    markStudentRequestDone: build.mutation<SuccessEnvelope<null>, string>({
      query: (id) => ({
        url: apiUrl('studentRequest', id),
        method: 'PUT',
        body: { state: 'done' },
      }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Enrollment', id: 'STUDENT_REQUESTS' }]),
    }),
  }),
});

export const { useGetStudentRequestsQuery, useMarkStudentRequestDoneMutation } = studentRequestsApi;
