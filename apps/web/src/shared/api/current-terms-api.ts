/**
 * The terms as they stand now (`GET /api/cms/terms_condition`), for staff screens that show them
 * to a student: a new version saved elsewhere refreshes them.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type { Terms } from '@registrar/contract/terms';
import { baseApi } from './base-api';

export const currentTermsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentTerms: build.query<Terms, void>({
      query: () => apiPaths.terms,
      transformResponse: (envelope: SuccessEnvelope<Terms>) => envelope.data,
      providesTags: [{ type: 'Terms', id: 'CURRENT' }],
    }),
  }),
});

export const { useGetCurrentTermsQuery } = currentTermsApi;
