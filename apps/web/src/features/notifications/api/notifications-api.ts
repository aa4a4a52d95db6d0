/**
 * What is new since the staff member last looked: `GET /api/notifications` and
 * `POST /api/notifications/seen`. The bell polls, so a failed poll stays quiet (no toast every
 * minute while the network is down): it answers `{ failed: true }` and the bell keeps what it had.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import type { Notifications } from '@registrar/contract/dashboard';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import { apiFetch } from '../../../shared/api/api-fetch';
import { baseApi } from '../../../shared/api/base-api';

export type NotificationsResult = (Notifications & { failed?: false }) | { failed: true };

const TAG = { type: 'Notifications', id: 'MINE' } as const;

export const notificationsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Notifications'] }).injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationsResult, void>({
      queryFn: async (_arg, { signal }) => {
        try {
          const envelope = await apiFetch<Notifications>(apiPaths.notifications, { signal });
          return { data: envelope.data };
        } catch (err) {
          if ((err as Error).name === 'AbortError') throw err;
          return { data: { failed: true } };
        }
      },
      providesTags: [TAG],
    }),
    markNotificationsSeen: build.mutation<SuccessEnvelope<unknown>, void>({
      query: () => ({ url: apiPaths.notificationsSeen, method: 'POST' }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkNotificationsSeenMutation } = notificationsApi;
