/** GST over RTK Query: the institute's settings, and marking a month's GSTR-1 filed. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type { GstSettings, GstSettingsInput } from '@registrar/contract/gst';
import { baseApi } from '../../../shared/api/base-api';

const SETTINGS = { type: 'GstSettings', id: 'ONE' } as const;

/** GSTR-1 of a month, as the offline tool's JSON or (zip) with the CSVs; the login cookie authenticates it. */
export const gstr1Href = (period: string, format: 'json' | 'zip') =>
  `${apiPaths.gstr1}?period=${encodeURIComponent(period)}&format=${format}`;

const gstApi = baseApi.enhanceEndpoints({ addTagTypes: ['GstSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getGstSettings: build.query<GstSettings, void>({
      query: () => apiPaths.gstSettings,
      transformResponse: (envelope: SuccessEnvelope<GstSettings>) => envelope.data,
      providesTags: [SETTINGS],
    }),
    saveGstSettings: build.mutation<SuccessEnvelope<GstSettings>, GstSettingsInput>({
      query: (body) => ({ url: apiPaths.gstSettings, method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [SETTINGS] : []),
    }),
    markGstMonthFiled: build.mutation<SuccessEnvelope<null>, { period: string }>({
      query: (body) => ({ url: apiPaths.gstr1Filed, method: 'POST', body }),
    }),
  }),
});

export const { useGetGstSettingsQuery, useSaveGstSettingsMutation, useMarkGstMonthFiledMutation } = gstApi;
