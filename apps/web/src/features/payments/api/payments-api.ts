/** The payments register: `GET /api/payments?search&from&to&mode&page&limit`, newest first. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type { PaymentsRegister } from '@registrar/contract/payments-register';
import type { BulkAlertInput, BulkAlertResult, Collections } from '@registrar/contract/collections';
import type { CashBook, CashBookCloseInput, CashBookEntryInput } from '@registrar/contract/day-book';
import { baseApi } from '../../../shared/api/base-api';

export interface RegisterListArgs {
  page: number;
  limit: number;
  search?: string;
  mode?: string;
  from?: string;
  to?: string;
}

export function registerQuery(args: RegisterListArgs): string {
  const params = new URLSearchParams({ page: String(args.page), limit: String(args.limit) });
  for (const key of ['search', 'mode', 'from', 'to'] as const) {
    const value = args[key];
    if (value) params.set(key, value);
  }
  return `${apiPaths.paymentsRegister}?${params.toString()}`;
}

export const paymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentsRegister: build.query<PaymentsRegister, RegisterListArgs>({
      query: registerQuery,
      transformResponse: (envelope: SuccessEnvelope<PaymentsRegister>) => envelope.data,
      // Money moves with every write: never show an old copy when the screen opens.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPaymentsRegisterQuery } = paymentsApi;

/** The register's period as CSV (a plain link: the login cookie authenticates the download). */
export const registerCsvHref = (from: string, to: string) =>
  `${apiPaths.paymentsCsv}?${new URLSearchParams({ from, to }).toString()}`;

export const accountsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCollections: build.query<Collections, { bucket?: string | undefined; courseId?: string | undefined }>({
      query: (args) => `${apiPaths.collections}?${filterParams(args)}`,
      transformResponse: (envelope: SuccessEnvelope<Collections>) => envelope.data,
      keepUnusedDataFor: 0,
    }),
    getCashBook: build.query<CashBook, string>({
      query: (date) => `${apiPaths.cashBook}?${new URLSearchParams({ date }).toString()}`,
      transformResponse: (envelope: SuccessEnvelope<CashBook>) => envelope.data,
      keepUnusedDataFor: 0,
    }),
    // Writes keep the envelope: its message is the toast.
    addCashBookEntry: build.mutation<SuccessEnvelope<CashBook>, CashBookEntryInput>({
      query: (body) => ({ url: apiPaths.cashBookEntry, method: 'POST', body }),
    }),
    closeCashBook: build.mutation<SuccessEnvelope<CashBook>, CashBookCloseInput>({
      query: (body) => ({ url: apiPaths.cashBookClose, method: 'POST', body }),
    }),
    /** With `dryRun` it only previews; with `again` it also sends to those reminded today. */
    sendBulkAlert: build.mutation<BulkAlertResult, BulkAlertInput>({
      query: (body) => ({ url: apiPaths.bulkPaymentAlert, method: 'POST', body }),
      transformResponse: (envelope: SuccessEnvelope<BulkAlertResult>) => envelope.data,
    }),
  }),
});

export const {
  useGetCollectionsQuery,
  useGetCashBookQuery,
  useAddCashBookEntryMutation,
  useCloseCashBookMutation,
  useSendBulkAlertMutation,
} = accountsApi;

function filterParams(args: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) if (value) params.set(key, value);
  return params.toString();
}

/** The overdue list (as narrowed) as CSV, to call from. */
export const overdueCsvHref = (args: { bucket?: string | undefined; courseId?: string | undefined }) =>
  `${apiPaths.collectionsCsv}?${filterParams(args)}`;
