/**
 * Enrolments over RTK Query: the staff's paged, filtered list, the detail, the
 * multipart edit (text fields, replaced documents, the authority signature), the status change and
 * delete. Mutations keep the envelope whole so the services slice toasts the server's message;
 * reads give the screens the data itself. Everything carries the 'Enrollment' tag.
 */
import type { PaidMoneyDecision } from '@registrar/contract/fees';
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import type {
  EnrollmentDetail,
  EnrollmentListQuery,
  EnrollmentRecord,
  EnrollmentStatus,
} from '@registrar/contract/enrollment-admin';
import type { Page, SuccessEnvelope } from '@registrar/contract/envelope';
import type { StaffEnrollmentCreated } from '@registrar/contract/staff-enrollment';
import { IDEMPOTENCY_HEADER } from '@registrar/contract/fees';
import type { SelectedAnnouncementResult } from '@registrar/contract/announcement';
import type { BulkDecision, BulkEnrollmentStatusResult } from '@registrar/contract/bulk-actions';
import type { BulkAlertInput, BulkAlertResult } from '@registrar/contract/collections';
import { baseApi } from '../../../shared/api/base-api';

/** The list's query: page and limit always; search, filters, dates and sort when set. */
export type EnrollmentListArgs = Pick<EnrollmentListQuery, 'page' | 'limit'> &
  Partial<Pick<EnrollmentListQuery, 'search' | 'status' | 'courseId' | 'from' | 'to' | 'sort' | 'paymentState'>>;

export interface StatusChange {
  id: string;
  status: EnrollmentStatus;
  note?: string | undefined;
  message?: string | undefined;
  reason?: string | undefined;
  /** What becomes of the money paid, when rejecting or cancelling a paid enrolment. */
  paidMoney?: PaidMoneyDecision | undefined;
}

// The internal note stays in the history; the message and a rejection's reason go to the student.
// A refused move (409) may mean someone else moved it first: both mutations refresh either way.
export const statusQuery = ({ id, status, note, message, reason, paidMoney }: StatusChange) => ({
  url: apiUrl('enrollmentStatus', id),
  method: 'PUT',
  body: {
    status,
    ...(note && { note }),
    ...(message && { message }),
    ...(reason && { reason }),
    ...(paidMoney && { paidMoney }),
  },
});

export const ENROLLMENT_FILTER_KEYS = ['search', 'status', 'courseId', 'paymentState', 'from', 'to', 'sort'] as const;

/** The list's (or the CSV export's) query string; empty values are left out. */
export function enrollmentFilterParams(args: Partial<EnrollmentListArgs>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['page', 'limit', ...ENROLLMENT_FILTER_KEYS] as const) {
    const value = args[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

export const ENROLLMENTS_API_PATH = apiPaths.enrollments;
export const EXPORT_CSV_PATH = apiPaths.enrollmentsCsv;

const LIST = { type: 'Enrollment', id: 'LIST' } as const;
const path = (id: string) => apiUrl('enrollment', id);

export const enrollmentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEnrollments: build.query<Page<EnrollmentRecord>, EnrollmentListArgs>({
      query: (args) => `${ENROLLMENTS_API_PATH}?${enrollmentFilterParams(args).toString()}`,
      transformResponse: (envelope: SuccessEnvelope<Page<EnrollmentRecord>>) => envelope.data,
      providesTags: (result) => [
        LIST,
        ...(result?.items ?? []).map((e) => ({ type: 'Enrollment' as const, id: e._id })),
      ],
    }),
    getEnrollment: build.query<EnrollmentDetail, string>({
      query: (id) => path(id),
      transformResponse: (envelope: SuccessEnvelope<EnrollmentDetail>) => envelope.data,
      providesTags: (_result, _error, id) => [{ type: 'Enrollment', id }],
    }),
    /** Multipart: only the text fields that change, and any files to replace (authoritySign too). */
    updateEnrollment: build.mutation<SuccessEnvelope<EnrollmentDetail>, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: path(id), method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'Enrollment', id }]),
    }),
    changeEnrollmentStatus: build.mutation<SuccessEnvelope<EnrollmentDetail>, StatusChange>({
      query: statusQuery,
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Enrollment', id }],
    }),
    /** The queue's decision: its own toast names the student (with Undo), so the server's message is not shown. */
    decideFromQueue: build.mutation<SuccessEnvelope<EnrollmentDetail>, StatusChange>({
      query: statusQuery,
      transformResponse: (envelope: SuccessEnvelope<EnrollmentDetail>) => ({ ...envelope, message: '' }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Enrollment', id }],
    }),
    /**
     * Multipart: a walk-in enrolled from the console (the public form's fields, inquiryId, firstPayment,
     * approve); one key per form, so a retry after a lost answer finds the same enrolment and receipt.
     */
    createStaffEnrollment: build.mutation<
      SuccessEnvelope<StaffEnrollmentCreated>,
      { body: FormData; idempotencyKey: string }
    >({
      query: ({ body, idempotencyKey }) => ({
        url: apiPaths.staffEnrollment,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      // The converted inquiry changes too.
      invalidatesTags: (_result, error) => (error ? [] : [LIST, 'Inquiry']),
    }),
    /** The selected enrolments approved or rejected, each as one at a time. */
    decideEnrollments: build.mutation<
      BulkEnrollmentStatusResult,
      { enrollmentIds: string[]; status: BulkDecision; note?: string | undefined }
    >({
      query: (body) => ({ url: apiPaths.bulkEnrollmentStatus, method: 'POST', body }),
      transformResponse: (envelope: SuccessEnvelope<BulkEnrollmentStatusResult>) => envelope.data,
      invalidatesTags: (_result, _error, { enrollmentIds }) => [
        LIST,
        ...enrollmentIds.map((id) => ({ type: 'Enrollment' as const, id })),
      ],
    }),
    /** One announcement to each selected enrolment. */
    announceToSelected: build.mutation<
      SelectedAnnouncementResult,
      { enrollmentIds: string[]; title: string; message: string }
    >({
      query: (body) => ({ url: apiPaths.selectedAnnouncement, method: 'POST', body }),
      transformResponse: (envelope: SuccessEnvelope<SelectedAnnouncementResult>) => envelope.data,
      invalidatesTags: (_result, error, { enrollmentIds }) =>
        error ? [] : enrollmentIds.map((id) => ({ type: 'Enrollment' as const, id })),
    }),
    /** A payment reminder to each selected enrolment (once a day each); `dryRun` only previews. */
    remindSelected: build.mutation<BulkAlertResult, BulkAlertInput>({
      query: (body) => ({ url: apiPaths.bulkPaymentAlert, method: 'POST', body }),
      transformResponse: (envelope: SuccessEnvelope<BulkAlertResult>) => envelope.data,
      invalidatesTags: (_result, error, { enrollmentIds, dryRun }) =>
        error || dryRun ? [] : enrollmentIds.map((id) => ({ type: 'Enrollment' as const, id })),
    }),
    deleteEnrollment: build.mutation<SuccessEnvelope<null>, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      // The detail of a deleted enrolment is not refetched (it would only say 404).
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
  }),
});

export const {
  useGetEnrollmentsQuery,
  useGetEnrollmentQuery,
  useUpdateEnrollmentMutation,
  useChangeEnrollmentStatusMutation,
  useDecideFromQueueMutation,
  useDeleteEnrollmentMutation,
  useCreateStaffEnrollmentMutation,
  useDecideEnrollmentsMutation,
  useAnnounceToSelectedMutation,
  useRemindSelectedMutation,
} = enrollmentsApi;
