/**
 * `GET /api/dashboard`: every figure of the dashboard in one answer. Refetched each time
 * the screen is opened, so the figures are never older than the last visit.
 */
import type { Dashboard } from '@registrar/contract/dashboard';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import { baseApi } from '../../../shared/api/base-api';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, void>({
      query: () => '/api/dashboard',
      transformResponse: (envelope: SuccessEnvelope<Dashboard>) => envelope.data,
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;

/** The payments of a date range as CSV (a plain link: the login cookie authenticates the download). */
export const paymentsCsvHref = (from: string, to: string) =>
  `/api/payments/export.csv?${new URLSearchParams({ from, to }).toString()}`;
