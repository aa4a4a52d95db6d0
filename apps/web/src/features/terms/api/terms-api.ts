/**
 * The terms & conditions page over RTK Query (`/api/cms/terms_condition`): the
 * current text (public), its saved versions (staff) and saving a new version. Saving keeps the
 * envelope whole so the services slice toasts the server's message.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type { Terms, TermsInput, TermsVersion } from '@registrar/contract/terms';
import { baseApi } from '../../../shared/api/base-api';

const CURRENT = { type: 'Terms', id: 'CURRENT' } as const;
const VERSIONS = { type: 'Terms', id: 'VERSIONS' } as const;

export const termsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTerms: build.query<Terms, void>({
      query: () => apiPaths.terms,
      transformResponse: (envelope: SuccessEnvelope<Terms>) => envelope.data,
      providesTags: [CURRENT],
    }),
    getTermsVersions: build.query<TermsVersion[], void>({
      query: () => apiPaths.termsVersions,
      transformResponse: (envelope: SuccessEnvelope<TermsVersion[]>) => envelope.data,
      providesTags: [VERSIONS],
    }),
    saveTerms: build.mutation<SuccessEnvelope<Terms>, TermsInput>({
      query: (body) => ({ url: apiPaths.terms, method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [CURRENT, VERSIONS] : []),
    }),
  }),
});

export const { useGetTermsQuery, useGetTermsVersionsQuery, useSaveTermsMutation } = termsApi;
