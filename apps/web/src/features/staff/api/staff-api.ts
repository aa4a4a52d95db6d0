/**
 * Staff accounts for admins: `GET/POST /api/staff`, `PUT /api/staff/{id}` (name, role, access),
 * `POST/DELETE /api/staff/{id}/invitation` (resend, revoke).
 */
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import type { Page, SuccessEnvelope } from '@registrar/contract/envelope';
import type { StaffInviteInput, StaffMember, StaffUpdateInput } from '@registrar/contract/staff-admin';
import { baseApi } from '../../../shared/api/base-api';

export interface StaffListArgs {
  page: number;
  limit: number;
  search?: string;
}

function listQuery(args: StaffListArgs): string {
  const params = new URLSearchParams({ page: String(args.page), limit: String(args.limit) });
  if (args.search) params.set('search', args.search);
  return `${apiPaths.staff}?${params.toString()}`;
}

const staffApi = baseApi.enhanceEndpoints({ addTagTypes: ['Staff'] }).injectEndpoints({
  endpoints: (build) => ({
    getStaff: build.query<Page<StaffMember>, StaffListArgs>({
      query: listQuery,
      transformResponse: (envelope: SuccessEnvelope<Page<StaffMember>>) => envelope.data,
      providesTags: [{ type: 'Staff', id: 'LIST' }],
    }),
    inviteStaff: build.mutation<SuccessEnvelope<StaffMember>, StaffInviteInput>({
      query: (body) => ({ url: apiPaths.staff, method: 'POST', body }),
      invalidatesTags: [{ type: 'Staff', id: 'LIST' }],
    }),
    updateStaff: build.mutation<SuccessEnvelope<StaffMember>, { id: string; changes: StaffUpdateInput }>({
      query: ({ id, changes }) => ({ url: apiUrl('staffMember', id), method: 'PUT', body: changes }),
      invalidatesTags: [{ type: 'Staff', id: 'LIST' }],
    }),
    // Resend: POST (a new link); revoke: DELETE (the link stops working, the account is disabled).
    invitation: build.mutation<SuccessEnvelope<StaffMember>, { id: string; action: 'resend' | 'revoke' }>({
      query: ({ id, action }) => ({
        url: apiUrl('staffInvitation', id),
        method: action === 'resend' ? 'POST' : 'DELETE',
      }),
      invalidatesTags: [{ type: 'Staff', id: 'LIST' }],
    }),
  }),
});

export const { useGetStaffQuery, useInviteStaffMutation, useUpdateStaffMutation, useInvitationMutation } = staffApi;
