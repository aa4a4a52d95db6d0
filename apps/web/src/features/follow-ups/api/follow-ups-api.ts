/**
 * Follow-ups over RTK Query: a counsellor's list, logging a contact, setting the owner and next
 * follow-up. A change refreshes the inquiry, the lists and the bell's count.
 */
import { apiUrl } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import { IDEMPOTENCY_HEADER } from '@registrar/contract/fees';
import type { FollowUps, InquiryContactRequest, InquiryFollowUpRequest } from '@registrar/contract/follow-ups';
import type { InquiryDetail } from '@registrar/contract/inquiry-admin';
import { baseApi } from '../../../shared/api/base-api';

const MINE = { type: 'FollowUps', id: 'LIST' } as const;
/** What a follow-up change makes stale: the inquiry, the inquiries list, the follow-ups, the bell. */
const touched = (id: string) =>
  [MINE, { type: 'Inquiry', id }, { type: 'Inquiry', id: 'LIST' }, { type: 'Notifications', id: 'MINE' }] as const;

export const followUpsApi = baseApi.enhanceEndpoints({ addTagTypes: ['FollowUps', 'Notifications'] }).injectEndpoints({
  endpoints: (build) => ({
    getFollowUps: build.query<FollowUps, string | undefined>({
      query: (ownerId) =>
        ownerId ? `${apiUrl('followUps')}?ownerId=${encodeURIComponent(ownerId)}` : apiUrl('followUps'),
      transformResponse: (envelope: SuccessEnvelope<FollowUps>) => envelope.data,
      providesTags: [MINE],
    }),
    addInquiryContact: build.mutation<
      SuccessEnvelope<InquiryDetail>,
      { id: string; contact: InquiryContactRequest; idempotencyKey: string }
    >({
      query: ({ id, contact, idempotencyKey }) => ({
        url: apiUrl('inquiryContact', id),
        method: 'POST',
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        body: contact,
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [...touched(id)]),
    }),
    setInquiryFollowUp: build.mutation<SuccessEnvelope<InquiryDetail>, { id: string; change: InquiryFollowUpRequest }>({
      query: ({ id, change }) => ({
        url: apiUrl('inquiryFollowUp', id),
        method: 'PUT',
        body: change,
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [...touched(id)]),
    }),
  }),
});

export const { useGetFollowUpsQuery, useAddInquiryContactMutation, useSetInquiryFollowUpMutation } = followUpsApi;
