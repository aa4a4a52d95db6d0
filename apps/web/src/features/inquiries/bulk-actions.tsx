/** What staff may do to the inquiries selected on the list: give them an owner (roles that may assign). */
import { useMemo } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import type { BulkAction } from '../../shared/ui/resource-list/resource-list';
import { usePermissions } from '../../shared/session/permissions';
import { useAssignInquiriesMutation, useGetInquiryOwnersQuery } from './api/inquiries-api';

/** `ownerId` of "nobody" in the form (a select needs a value). */
const NOBODY = 'none';

export function useInquiryBulkActions(): BulkAction[] {
  const mayAssign = usePermissions()('inquiries.assign');
  const { data: owners } = useGetInquiryOwnersQuery(undefined, { skip: !mayAssign });
  const [assign] = useAssignInquiriesMutation();

  return useMemo(
    () =>
      mayAssign
        ? [
            {
              key: 'assign',
              label: 'Assign owner',
              icon: <AssignmentIndOutlinedIcon />,
              question: (n: number) => `Give ${n} ${n === 1 ? 'inquiry' : 'inquiries'} to one owner?`,
              confirmLabel: 'Assign',
              doneLabel: 'assigned',
              fields: (values, set) => (
                <TextField
                  select
                  label="Owner"
                  required
                  value={values.ownerId ?? ''}
                  onChange={(e) => set('ownerId', e.target.value)}
                  fullWidth
                  sx={{ mt: 1 }}
                >
                  {(owners ?? []).map((o) => (
                    <MenuItem key={o._id} value={o._id}>
                      {o.name}
                    </MenuItem>
                  ))}
                  <MenuItem value={NOBODY}>Nobody (unassign)</MenuItem>
                </TextField>
              ),
              ready: (values) => Boolean(values.ownerId),
              run: async (ids, values) => {
                const ownerId = values.ownerId === NOBODY ? null : values.ownerId!;
                const r = await assign({ inquiryIds: ids, ownerId }).unwrap();
                return { done: r.assigned, skipped: r.skipped };
              },
            } satisfies BulkAction,
          ]
        : [],
    [mayAssign, owners, assign],
  );
}
