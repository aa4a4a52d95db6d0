/**
 * Inquiries over RTK Query: the staff's paged, filtered list, the detail with
 * its timeline, edit, status change and delete, plus the course names the screens show. Mutations
 * keep the envelope whole so the services slice toasts the server's message; reads give the data.
 */
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import type { Page, SuccessEnvelope } from '@registrar/contract/envelope';
import type { InquiryInput } from '@registrar/contract/inquiry';
import type { InquiryDetail, InquiryListQuery, InquiryRecord, InquiryStatus } from '@registrar/contract/inquiry-admin';
import type { BulkInquiryOwnerResult } from '@registrar/contract/bulk-actions';
import type { FollowUps } from '@registrar/contract/follow-ups';
import { baseApi } from '../../../shared/api/base-api';

/** The list's query: page and limit always; search, filters, dates and sort when set. */
export type InquiryListArgs = Pick<InquiryListQuery, 'page' | 'limit'> &
  Partial<Pick<InquiryListQuery, 'search' | 'status' | 'reference' | 'from' | 'to' | 'sort' | 'ownerId' | 'contacted'>>;

/** The filters of the list and of the CSV export, as a query string (empty values left out). */
export function inquiryFilterParams(args: Partial<InquiryListArgs>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [
    'page',
    'limit',
    'search',
    'status',
    'reference',
    'from',
    'to',
    'sort',
    'ownerId',
    'contacted',
  ] as const) {
    const value = args[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

export interface CourseName {
  _id: string;
  name: string;
}

const LIST = { type: 'Inquiry', id: 'LIST' } as const;
const path = (id: string) => apiUrl('inquiry', id);

export const inquiriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInquiries: build.query<Page<InquiryRecord>, InquiryListArgs>({
      query: (args) => `${apiPaths.inquiries}?${inquiryFilterParams(args).toString()}`,
      transformResponse: (envelope: SuccessEnvelope<Page<InquiryRecord>>) => envelope.data,
      providesTags: (result) => [LIST, ...(result?.items ?? []).map((i) => ({ type: 'Inquiry' as const, id: i._id }))],
    }),
    getInquiry: build.query<InquiryDetail, string>({
      query: (id) => path(id),
      transformResponse: (envelope: SuccessEnvelope<InquiryDetail>) => envelope.data,
      providesTags: (_result, _error, id) => [{ type: 'Inquiry', id }],
    }),
    updateInquiry: build.mutation<SuccessEnvelope<InquiryDetail>, { id: string; inquiry: InquiryInput }>({
      query: ({ id, inquiry }) => ({ url: path(id), method: 'PUT', body: inquiry }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [LIST, { type: 'Inquiry', id }]),
    }),
    changeInquiryStatus: build.mutation<
      SuccessEnvelope<InquiryDetail>,
      { id: string; status: InquiryStatus; note?: string | undefined }
    >({
      query: ({ id, status, note }) => ({
        url: apiUrl('inquiryStatus', id),
        method: 'PUT',
        body: note ? { status, note } : { status },
      }),
      // A refused move (409) may mean someone else moved it first: refresh either way.
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Inquiry', id }],
    }),
    /** Who may own inquiries (active counsellors and admins), as the follow-ups list names them. */
    getInquiryOwners: build.query<FollowUps['owners'], void>({
      query: () => apiPaths.followUps,
      transformResponse: (envelope: SuccessEnvelope<FollowUps>) => envelope.data.owners,
    }),
    /** The selected inquiries given to one owner (or to nobody). */
    assignInquiries: build.mutation<BulkInquiryOwnerResult, { inquiryIds: string[]; ownerId: string | null }>({
      query: (body) => ({ url: apiPaths.bulkInquiryOwner, method: 'POST', body }),
      transformResponse: (envelope: SuccessEnvelope<BulkInquiryOwnerResult>) => envelope.data,
      invalidatesTags: (_result, error, { inquiryIds }) =>
        error ? [] : [LIST, ...inquiryIds.map((id) => ({ type: 'Inquiry' as const, id }))],
    }),
    deleteInquiry: build.mutation<SuccessEnvelope<null>, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      // The detail of a deleted inquiry is not refetched (it would only say 404).
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    /** Active courses (public list): what an inquiry's areas of interest are chosen from. */
    inquiryAreasOfInterest: build.query<CourseName[], void>({
      query: () => apiPaths.areasOfInterest,
      transformResponse: (envelope: SuccessEnvelope<CourseName[]>) => envelope.data,
      providesTags: [{ type: 'Course', id: 'LIST' }],
    }),
    /** One course's name, for an inquiry whose preferred course is no longer on offer. */
    inquiryCourseName: build.query<CourseName, string>({
      query: (id) => apiUrl('course', id),
      transformResponse: (envelope: SuccessEnvelope<CourseName>) => ({
        _id: envelope.data._id,
        name: envelope.data.name,
      }),
      providesTags: (_result, _error, id) => [{ type: 'Course', id }],
    }),
  }),
});

export const {
  useGetInquiriesQuery,
  useGetInquiryQuery,
  useUpdateInquiryMutation,
  useChangeInquiryStatusMutation,
  useDeleteInquiryMutation,
  useInquiryAreasOfInterestQuery,
  useInquiryCourseNameQuery,
  useGetInquiryOwnersQuery,
  useAssignInquiriesMutation,
} = inquiriesApi;
