/**
 * `GET /api/dashboard`: every figure of the dashboard in one answer. Refetched each time
 * the screen is opened, so the figures are never older than the last visit.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import type { Dashboard } from '@registrar/contract/dashboard';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import { baseApi } from '../../../shared/api/base-api';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, void>({
      query: () => apiPaths.dashboard,
      transformResponse: (envelope: SuccessEnvelope<Dashboard>) => envelope.data,
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;

/** The payments of a date range as CSV (a plain link: the login cookie authenticates the download). */
export const paymentsCsvHref = (from: string, to: string) =>
  `${apiPaths.paymentsCsv}?${new URLSearchParams({ from, to }).toString()}`;
