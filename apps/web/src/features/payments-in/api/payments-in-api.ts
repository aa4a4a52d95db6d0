/** Payment claims and bank statements over RTK Query; recording invalidates the enrolments' fees. */
import { apiUrl } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type {
  ClaimDecision,
  LineAction,
  PaymentClaim,
  StatementDetail,
  StatementListItem,
  StatementSummary,
} from '@registrar/contract/reconciliation';
import { baseApi } from '../../../shared/api/base-api';

const CLAIMS = { type: 'Enrollment' as const, id: 'PAYMENT_CLAIMS' };
const STATEMENTS = { type: 'Enrollment' as const, id: 'BANK_STATEMENTS' };
/** Recording money changes enrolments' fees, claims and statement lines alike. */
const MONEY = ['Enrollment' as const];

export const paymentsInApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentClaims: build.query<PaymentClaim[], void>({
      query: () => ({ url: apiUrl('paymentClaims') }),
      transformResponse: (response: SuccessEnvelope<PaymentClaim[]>) => response.data,
      providesTags: [CLAIMS],
    }),
    decideClaim: build.mutation<SuccessEnvelope<{ receiptNumber: string | null }>, { id: string; body: ClaimDecision }>(
      {
        query: ({ id, body }) => ({ url: apiUrl('paymentClaim', id), method: 'PUT', body }),
        invalidatesTags: (_r, error) => (error ? [] : MONEY),
      },
    ),
    getStatements: build.query<StatementListItem[], void>({
      query: () => ({ url: apiUrl('bankStatements') }),
      transformResponse: (response: SuccessEnvelope<StatementListItem[]>) => response.data,
      providesTags: [STATEMENTS],
    }),
    getStatement: build.query<StatementDetail, string>({
      query: (id) => ({ url: apiUrl('bankStatement', id) }),
      transformResponse: (response: SuccessEnvelope<StatementDetail>) => response.data,
      providesTags: [STATEMENTS],
    }),
    uploadStatement: build.mutation<SuccessEnvelope<StatementSummary>, FormData>({
      query: (body) => ({ url: apiUrl('bankStatements'), method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : MONEY),
    }),
    actOnLine: build.mutation<SuccessEnvelope<{ receiptNumber: string | null }>, { id: string; body: LineAction }>({
      query: ({ id, body }) => ({ url: apiUrl('bankStatementLine', id), method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : MONEY),
    }),
    recordMatched: build.mutation<SuccessEnvelope<{ recorded: number; alreadyRecorded: number }>, string>({
      query: (id) => ({ url: apiUrl('bankStatementRecordMatched', id), method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : MONEY),
    }),
  }),
});

export const {
  useGetPaymentClaimsQuery,
  useDecideClaimMutation,
  useGetStatementsQuery,
  useGetStatementQuery,
  useUploadStatementMutation,
  useActOnLineMutation,
  useRecordMatchedMutation,
} = paymentsInApi;
