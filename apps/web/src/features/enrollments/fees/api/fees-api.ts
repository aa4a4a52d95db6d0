/**
 * Fees over RTK Query: record, void or refund a payment, give a concession, change an unpaid installment,
 * send a payment reminder. Each write answers with the whole enrolment; the enrolment's cache entry
 * and the list (outstanding, payment state) are refreshed through the 'Enrollment' tag. Mutations
 * keep the envelope whole so the services slice toasts the server's message ("Payment recorded:
 * RCPT-2026-000123").
 */
import { apiUrl } from '@registrar/contract/api-paths';
import {
  IDEMPOTENCY_HEADER,
  type ConcessionInput,
  type RecordPaymentInput,
  type RefundInput,
} from '@registrar/contract/fees';
import type { ChequeOutcomeInput } from '@registrar/contract/cheques';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type { Language } from '@registrar/contract/language';
import type { StudentMessage } from '@registrar/contract/student-messages';
import { baseApi } from '../../../../shared/api/base-api';

export type RecordPaymentBody = RecordPaymentInput;

export interface InstallmentChange {
  amount?: number | undefined;
  dueDate?: string | undefined;
  reason: string;
}

const LIST = { type: 'Enrollment', id: 'LIST' } as const;
/** A write that changed the enrolment's money: its detail and every list page showing it. */
const changed = (id: string) => [LIST, { type: 'Enrollment' as const, id }];

/** The PDF statement; the login cookie authenticates this GET, so a plain link downloads it. */
export const feeStatementHref = (enrollmentId: string, lang: Language) =>
  `${apiUrl('feeStatement', enrollmentId)}?${new URLSearchParams({ lang }).toString()}`;
/** One payment's receipt PDF, authenticated the same way, in the language staff chose. */
export const receiptHref = (paymentId: string, lang: Language) =>
  `${apiUrl('receipt', paymentId)}?${new URLSearchParams({ lang }).toString()}`;
/** A refund's voucher PDF, in the language the receipts are in. */
export const refundVoucherHref = (refundId: string, lang: Language) =>
  `${apiUrl('refundVoucher', refundId)}?${new URLSearchParams({ lang }).toString()}`;
/** A payment's GST tax invoice (or bill of supply) and a refund's credit note, as PDFs. */
export const invoiceHref = (paymentId: string) => apiUrl('invoice', paymentId);
export const creditNoteHref = (refundId: string) => apiUrl('creditNote', refundId);

export const feesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** What the student was told of their money; refreshed with the enrolment after each money write. */
    getEnrollmentMessages: build.query<StudentMessage[], string>({
      query: (enrollmentId) => apiUrl('enrollmentMessages', enrollmentId),
      transformResponse: (envelope: SuccessEnvelope<StudentMessage[]>) => envelope.data,
      providesTags: (_result, _error, id) => [{ type: 'Enrollment' as const, id }],
    }),
    recordPayment: build.mutation<
      SuccessEnvelope<EnrollmentDetail>,
      { enrollmentId: string; installmentId: string; body: RecordPaymentBody; idempotencyKey: string }
    >({
      query: ({ enrollmentId, installmentId, body, idempotencyKey }) => ({
        url: apiUrl('payment', enrollmentId, installmentId),
        method: 'PUT',
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        body,
      }),
      invalidatesTags: (_result, error, { enrollmentId }) => (error ? [] : changed(enrollmentId)),
    }),
    voidPayment: build.mutation<
      SuccessEnvelope<EnrollmentDetail>,
      { enrollmentId: string; installmentId: string; paymentId: string; reason: string }
    >({
      query: ({ enrollmentId, installmentId, paymentId, reason }) => ({
        url: apiUrl('payment', enrollmentId, installmentId),
        method: 'PUT',
        body: { paymentId, reason },
      }),
      // 409 "already voided" means someone else voided it first: refresh either way.
      invalidatesTags: (_result, _error, { enrollmentId }) => changed(enrollmentId),
    }),
    refundPayment: build.mutation<
      SuccessEnvelope<EnrollmentDetail>,
      { enrollmentId: string; body: RefundInput; idempotencyKey: string }
    >({
      query: ({ enrollmentId, body, idempotencyKey }) => ({
        url: apiUrl('refund', enrollmentId),
        method: 'POST',
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        body,
      }),
      invalidatesTags: (_result, error, { enrollmentId }) =>
        error && error.status !== 409 ? [] : changed(enrollmentId),
    }),
    settleCheque: build.mutation<
      SuccessEnvelope<EnrollmentDetail>,
      { enrollmentId: string; paymentId: string; body: ChequeOutcomeInput }
    >({
      query: ({ paymentId, body }) => ({ url: apiUrl('cheque', paymentId), method: 'PUT', body }),
      // 409 "already has its outcome": someone recorded it first; refresh either way.
      invalidatesTags: (_result, _error, { enrollmentId }) => changed(enrollmentId),
    }),
    giveConcession: build.mutation<
      SuccessEnvelope<EnrollmentDetail>,
      { enrollmentId: string; body: ConcessionInput; idempotencyKey: string }
    >({
      query: ({ enrollmentId, body, idempotencyKey }) => ({
        url: apiUrl('concession', enrollmentId),
        method: 'POST',
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        body,
      }),
      invalidatesTags: (_result, error, { enrollmentId }) =>
        error && error.status !== 409 ? [] : changed(enrollmentId),
    }),
    changeInstallment: build.mutation<
      SuccessEnvelope<EnrollmentDetail>,
      { enrollmentId: string; installmentId: string; body: InstallmentChange }
    >({
      query: ({ enrollmentId, installmentId, body }) => ({
        url: apiUrl('installment', enrollmentId, installmentId),
        method: 'PUT',
        body,
      }),
      // 409 "only an unpaid installment can be changed": a payment arrived meanwhile; refresh.
      invalidatesTags: (_result, error, { enrollmentId }) =>
        error && error.status !== 409 ? [] : changed(enrollmentId),
    }),
    sendPaymentAlert: build.mutation<SuccessEnvelope<null>, { enrollmentId: string; force?: boolean }>({
      query: ({ enrollmentId, force }) => ({
        url: apiUrl('paymentAlert', enrollmentId),
        method: 'PUT',
        body: force ? { force: true } : {},
      }),
      // The reminder is written into the enrolment's history.
      invalidatesTags: (_result, error, { enrollmentId }) => (error ? [] : [{ type: 'Enrollment', id: enrollmentId }]),
    }),
    /** A new link to the student's own page; the older ones stop working (written into the history). */
    sendStudentLink: build.mutation<SuccessEnvelope<null>, { enrollmentId: string }>({
      query: ({ enrollmentId }) => ({ url: apiUrl('studentLink', enrollmentId), method: 'POST' }),
      invalidatesTags: (_result, error, { enrollmentId }) => (error ? [] : [{ type: 'Enrollment', id: enrollmentId }]),
    }),
    // A fresh link to the student's page carries the receipt, so each press is a POST (written into the history).
    shareReceipt: build.mutation<string, { enrollmentId: string; paymentId: string }>({
      query: ({ paymentId }) => ({ url: apiUrl('receiptWhatsApp', paymentId), method: 'POST' }),
      transformResponse: (envelope: SuccessEnvelope<{ url: string }>) => envelope.data.url,
      invalidatesTags: (_result, error, { enrollmentId }) => (error ? [] : [{ type: 'Enrollment', id: enrollmentId }]),
    }),
  }),
});

export const {
  useRecordPaymentMutation,
  useVoidPaymentMutation,
  useRefundPaymentMutation,
  useGiveConcessionMutation,
  useSettleChequeMutation,
  useChangeInstallmentMutation,
  useSendPaymentAlertMutation,
  useSendStudentLinkMutation,
  useShareReceiptMutation,
  useGetEnrollmentMessagesQuery,
} = feesApi;
