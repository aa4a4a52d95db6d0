/** Gateway orders and webhook events: `GET /api/online-payments`. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type { OnlinePayments } from '@registrar/contract/online-payments';
import { baseApi } from '../../../shared/api/base-api';

export const onlinePaymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOnlinePayments: build.query<OnlinePayments, void>({
      query: () => apiPaths.onlinePayments,
      transformResponse: (envelope: SuccessEnvelope<OnlinePayments>) => envelope.data,
      // Money arrives at any moment: never show an old copy when the screen opens.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetOnlinePaymentsQuery } = onlinePaymentsApi;
