/**
 * `GET /api/dashboard?period=…`: every figure of the dashboard in one answer. Refetched each time
 * the screen is opened, so the figures are never older than the last visit.
 */
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import type { Dashboard, DashboardPeriod } from '@registrar/contract/dashboard';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import { baseApi } from '../../../shared/api/base-api';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, { period: DashboardPeriod }>({
      query: ({ period }) => `${apiPaths.dashboard}?${new URLSearchParams({ period }).toString()}`,
      transformResponse: (envelope: SuccessEnvelope<Dashboard>) => envelope.data,
    }),
    // A fresh link to the student's page is made for each press, so it is a POST.
    whatsAppReminder: build.mutation<string, { enrollmentId: string; installmentNumber: number }>({
      query: ({ enrollmentId, installmentNumber }) => ({
        url: apiUrl('studentWhatsApp', enrollmentId),
        method: 'POST',
        body: { installmentNumber },
      }),
      transformResponse: (envelope: SuccessEnvelope<{ url: string }>) => envelope.data.url,
    }),
  }),
});

export const { useGetDashboardQuery, useWhatsAppReminderMutation } = dashboardApi;

/** The payments of a date range as CSV (a plain link: the login cookie authenticates the download). */
export const paymentsCsvHref = (from: string, to: string) =>
  `${apiPaths.paymentsCsv}?${new URLSearchParams({ from, to }).toString()}`;
