/** Profile writes: `PUT /api/user-profile` and `POST /api/change-password`. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type { ChangePasswordInput, EnrollmentMailChoice, StaffUser } from '@registrar/contract/staff';
import { baseApi } from '../../../shared/api/base-api';
import { sessionApi } from '../../../shared/session/session-api';

export interface ProfileUpdate {
  name: string;
  phone: string | null;
  enrollmentMail?: EnrollmentMailChoice;
}

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Envelopes are kept whole: the services slice toasts their `message`.
    updateProfile: build.mutation<SuccessEnvelope<{ user: StaffUser }>, ProfileUpdate>({
      query: (body) => ({ url: apiPaths.userProfile, method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionApi.util.upsertQueryData('getUserProfile', undefined, data.data.user));
        } catch {
          // the screen shows the failure
        }
      },
    }),
    changePassword: build.mutation<SuccessEnvelope<null>, ChangePasswordInput>({
      query: (body) => ({ url: apiPaths.changePassword, method: 'POST', body }),
    }),
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation } = profileApi;
