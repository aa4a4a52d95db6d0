/**
 * "Who is signed in" as server state: `GET /api/user-profile`. The admin shell's guard reads it to
 * check a restored session (a revoked or expired token answers 401, and the 401 rule signs out);
 * the profile screen reads and refreshes the same cache entry.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import type { StaffUser } from '@registrar/contract/staff';
import { useSelector } from 'react-redux';
import { baseApi } from '../api/base-api';
import { selectSession, type SessionState } from './session-slice';

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserProfile: build.query<StaffUser, void>({
      query: () => apiPaths.userProfile,
      transformResponse: (envelope: SuccessEnvelope<{ user: StaffUser }>) => envelope.data.user,
      providesTags: ['Profile'],
    }),
  }),
});

export const { useGetUserProfileQuery } = sessionApi;

/**
 * The signed-in staff member as the server knows them. Skipped without a token, so signing out
 * (which also resets the cache) never refetches it anonymously — that 401 would reload the page.
 */
export function useSignedInProfileQuery() {
  const token = useSelector((state: { session: SessionState }) => selectSession(state).accessToken);
  return useGetUserProfileQuery(undefined, { skip: !token });
}
