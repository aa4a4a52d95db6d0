/**
 * Announcements over RTK Query (the API's paths, their spelling included): announce to one
 * enrolment, to many (course and status filters, approved by default), resend, delete, and the dry
 * run that counts the recipients of a bulk announcement before anything is sent.
 *
 * The dry run is a query, not a mutation: it sends nothing, so it is cached per filter, re-asked
 * when the filters change and never toasts. Writes keep the envelope whole so the services slice
 * toasts the server's message ("Announcement queued for delivery to 4 students").
 */
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import type { EnrollmentStatus } from '@registrar/contract/enrollment-admin';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import { baseApi } from '../../../shared/api/base-api';

export interface BulkFilters {
  courseId?: string | undefined;
  status: EnrollmentStatus;
}

export interface BulkResult {
  recipients: number;
  dryRun: boolean;
}

const one = (id: string) => [{ type: 'Enrollment' as const, id }];

export const announcementsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    countRecipients: build.query<number, BulkFilters>({
      query: ({ courseId, status }) => ({
        url: apiPaths.bulkAnnouncement,
        method: 'PUT',
        // A dry run only counts: no title or message is needed yet.
        body: { status, ...(courseId ? { courseId } : {}), dryRun: true },
      }),
      transformResponse: (envelope: SuccessEnvelope<BulkResult>) => envelope.data.recipients,
      // Enrolments come and go: count afresh each time the dialog opens.
      keepUnusedDataFor: 0,
    }),
    announce: build.mutation<SuccessEnvelope<null>, { enrollmentId: string; title: string; message: string }>({
      query: ({ enrollmentId, title, message }) => ({
        url: apiUrl('announcements', enrollmentId),
        method: 'PUT',
        body: { title, message },
      }),
      invalidatesTags: (_result, error, { enrollmentId }) => (error ? [] : one(enrollmentId)),
    }),
    announceToMany: build.mutation<SuccessEnvelope<BulkResult>, BulkFilters & { title: string; message: string }>({
      query: ({ title, message, courseId, status }) => ({
        url: apiPaths.bulkAnnouncement,
        method: 'PUT',
        body: { title, message, status, ...(courseId ? { courseId } : {}) },
      }),
      // Any enrolment's detail may now hold the new announcement.
      invalidatesTags: (_result, error) => (error ? [] : ['Enrollment']),
    }),
    resendAnnouncement: build.mutation<SuccessEnvelope<null>, { enrollmentId: string; announcementId: string }>({
      query: ({ enrollmentId, announcementId }) => ({
        url: apiUrl('announcementResend', enrollmentId, announcementId),
        method: 'PUT',
      }),
      invalidatesTags: (_result, _error, { enrollmentId }) => one(enrollmentId),
    }),
    deleteAnnouncement: build.mutation<SuccessEnvelope<null>, { enrollmentId: string; announcementId: string }>({
      query: ({ enrollmentId, announcementId }) => ({
        url: apiUrl('announcement', enrollmentId, announcementId),
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { enrollmentId }) => one(enrollmentId),
    }),
  }),
});

export const {
  useCountRecipientsQuery,
  useAnnounceMutation,
  useAnnounceToManyMutation,
  useResendAnnouncementMutation,
  useDeleteAnnouncementMutation,
} = announcementsApi;
