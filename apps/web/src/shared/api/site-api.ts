/**
 * The institute's public facts (`GET /api/site`) for staff screens: whether GST is on decides
 * whether a tax-exclusive course's fees carry the tax on top, as the server plans them.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type { SiteInfo } from '@registrar/contract/site';
import { baseApi } from './base-api';

export const siteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<SiteInfo, void>({
      query: () => apiPaths.site,
      transformResponse: (envelope: SuccessEnvelope<SiteInfo>) => envelope.data,
    }),
  }),
});

export const { useGetSiteQuery } = siteApi;
