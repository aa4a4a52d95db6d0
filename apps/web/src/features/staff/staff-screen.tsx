/**
 * The Staff screen (admins; route '/staff'): every account with its role, whether it may sign in
 * and when it last did. Invite, change a role, disable (signs them out everywhere) and enable; an
 * invitation not yet used reads Invited, with Resend and Revoke.
 */
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import { ROLES, ROLE_LABELS, type Role } from '@registrar/contract/permissions';
import type { StaffMember, StaffStatus } from '@registrar/contract/staff-admin';
import { formatDateTime } from '../../shared/lib/format-date';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { ResourceList, type ResourceColumn } from '../../shared/ui/resource-list/resource-list';
import type { ListQueryArgs, ListResource } from '../../shared/ui/resource-list/list-types';
import { useRowConfirm } from '../../shared/ui/resource-list/row-actions';
import { InviteDialog } from './invite-dialog';
import { useGetStaffQuery, useInvitationMutation, useUpdateStaffMutation } from './api/staff-api';

const formatWhen = (row: StaffMember) =>
  row.lastSignInAt ? formatDateTime(row.lastSignInAt) : row.status === 'invited' ? 'Not yet (invited)' : 'Never';

const STATUS_CHIPS: Record<StaffStatus, { label: string; color: 'success' | 'primary' | 'default' }> = {
  invited: { label: 'Invited', color: 'primary' },
  active: { label: 'Active', color: 'success' },
  disabled: { label: 'Disabled', color: 'default' },
};

interface Pending {
  member: StaffMember;
  change: { role: Role } | { active: boolean } | { invitation: 'resend' | 'revoke' };
}

function describeChange({ member, change }: Pending): { title: string; description: string; label: string } {
  if ('invitation' in change)
    return change.invitation === 'resend'
      ? {
          title: `Send ${member.name} a new invitation?`,
          description: `A new link to set up the account goes to ${member.email}; the earlier link stops working.`,
          label: 'Resend',
        }
      : {
          title: `Revoke the invitation of ${member.name}?`,
          description: `The link sent to ${member.email} stops working and the account is disabled. You can enable it and resend later.`,
          label: 'Revoke',
        };
  if ('role' in change)
    return {
      title: `Make ${member.name} ${ROLE_LABELS[change.role]}?`,
      description: `${member.name} will have the permissions of ${ROLE_LABELS[change.role]} from their next click, instead of ${ROLE_LABELS[member.role]}.`,
      label: 'Change role',
    };
  return change.active
    ? {
        title: `Enable ${member.name}?`,
        description: `${member.name} will be able to log in again.`,
        label: 'Enable',
      }
    : {
        title: `Disable ${member.name}?`,
        description: `${member.name} is signed out everywhere at once and cannot log in until enabled again. Nothing they did is lost.`,
        label: 'Disable',
      };
}

const STAFF_MEMBERS: ListResource<StaffMember, ListQueryArgs> = {
  noun: { one: 'staff member', other: 'staff members' },
  useQuery: useGetStaffQuery,
  searchLabel: 'Search staff',
  searchHint: 'Name or email',
};

export function StaffScreen() {
  const [inviting, setInviting] = useState(false);
  const [update, { isLoading: updating }] = useUpdateStaffMutation();
  const [invitation, { isLoading: invitingAgain }] = useInvitationMutation();
  const saving = updating || invitingAgain;
  const changing = useRowConfirm(
    ({ member, change }: Pending) =>
      'invitation' in change
        ? invitation({ id: member._id, action: change.invitation }).unwrap()
        : update({ id: member._id, changes: change }).unwrap(),
    'Not saved',
  );
  const { ask } = changing;
  const pending = changing.target;

  const columns = useMemo<ResourceColumn<StaffMember>[]>(
    () => [
      { field: 'name', headerName: 'Name', minWidth: 160, flex: 1 },
      { field: 'email', headerName: 'Email', minWidth: 200, flex: 1.2, hideBelow: 'sm' },
      {
        field: 'role',
        headerName: 'Role',
        minWidth: 170,
        flex: 0.8,
        renderCell: ({ row }) => (
          <TextField
            select
            size="small"
            variant="standard"
            value={row.role}
            slotProps={{ select: { SelectDisplayProps: { 'aria-label': `Role of ${row.name}` } } }}
            onChange={(e) => ask({ member: row, change: { role: e.target.value as Role } })}
          >
            {ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {ROLE_LABELS[role]}
              </MenuItem>
            ))}
          </TextField>
        ),
      },
      {
        field: 'active',
        headerName: 'Access',
        minWidth: 110,
        flex: 0.5,
        renderCell: ({ row }) => <Chip size="small" {...STATUS_CHIPS[row.status]} />,
      },
      {
        field: 'lastSignInAt',
        headerName: 'Last login',
        minWidth: 170,
        flex: 0.8,
        hideBelow: 'md',
        valueGetter: (_value, row) => formatWhen(row),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) =>
          row.status === 'invited' ? (
            <>
              <Button
                size="small"
                aria-label={`Resend the invitation of ${row.name}`}
                onClick={() => ask({ member: row, change: { invitation: 'resend' } })}
              >
                Resend
              </Button>
              <Button
                size="small"
                color="error"
                aria-label={`Revoke the invitation of ${row.name}`}
                onClick={() => ask({ member: row, change: { invitation: 'revoke' } })}
              >
                Revoke
              </Button>
            </>
          ) : (
            <Button
              size="small"
              color={row.active ? 'error' : 'primary'}
              aria-label={`${row.active ? 'Disable' : 'Enable'} ${row.name}`}
              onClick={() => ask({ member: row, change: { active: !row.active } })}
            >
              {row.active ? 'Disable' : 'Enable'}
            </Button>
          ),
      },
    ],
    [ask],
  );

  const inviteButton = (label: string) => (
    <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setInviting(true)}>
      {label}
    </Button>
  );
  const text = pending ? describeChange(pending) : null;

  return (
    <>
      <ResourceList<StaffMember, ListQueryArgs>
        title="Staff"
        description="Who can log in to the console, and what each role may do."
        resource={STAFF_MEMBERS}
        columns={columns}
        actions={inviteButton('Invite staff')}
        empty={{ title: 'No staff found', description: 'Invite colleagues by email.', action: inviteButton('Invite') }}
      />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        {...changing.dialog}
        title={text?.title ?? ''}
        description={text?.description}
        confirmLabel={text?.label ?? 'Confirm'}
        destructive={Boolean(
          pending &&
          (('active' in pending.change && !pending.change.active) ||
            ('invitation' in pending.change && pending.change.invitation === 'revoke')),
        )}
        busy={saving}
      />
    </>
  );
}
