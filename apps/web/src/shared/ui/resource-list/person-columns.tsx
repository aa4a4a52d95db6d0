/**
 * The columns the lists of people (enrolments, inquiries) share: who, with a link to their record
 * that remembers the list's search (the record's back link returns to it); their phone; when the
 * row came in; and the actions to open or delete it. Contact details go only to roles allowed
 * them: the server blanks them for the others, and these columns leave them out.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../lib/format-date';
import type { ResourceColumn } from './list-types';
import { actionsColumn, deleteRowAction, openRowAction } from './row-actions';

export interface PersonRow {
  _id: string;
  name: string;
  email: string;
  phoneNumber: string;
  createdAt: string;
}

/** The name, linking to `${recordPath}/${id}`, the email under it (when shown), then `below`. */
export function personColumn<Row extends PersonRow>({
  headerName,
  flex,
  recordPath,
  listSearch,
  showContact,
  below,
}: {
  headerName: string;
  flex: number;
  recordPath: string;
  listSearch: string;
  showContact: boolean;
  below?: (row: Row) => ReactNode;
}): ResourceColumn<Row> {
  return {
    field: 'name',
    headerName,
    flex,
    minWidth: 200,
    renderCell: ({ row }) => (
      <Box sx={{ minWidth: 0, py: 0.5 }}>
        <Link
          component={RouterLink}
          to={`${recordPath}/${row._id}`}
          state={{ listSearch }}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {row.name}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
          {showContact && row.email}
        </Typography>
        {below?.(row)}
      </Box>
    ),
  };
}

/** The phone number; no column at all for a role without contact details. */
export function phoneColumns<Row extends PersonRow>(
  showContact: boolean,
  layout: Pick<ResourceColumn<Row>, 'flex' | 'hideBelow'>,
): ResourceColumn<Row>[] {
  return showContact ? [{ field: 'phoneNumber', headerName: 'Phone', minWidth: 120, ...layout }] : [];
}

/** When the row came in ("Enrolled", "Received"), as a date; left out on a phone. */
export function createdColumn<Row extends PersonRow>(headerName: string): ResourceColumn<Row> {
  return {
    field: 'createdAt',
    headerName,
    minWidth: 120,
    flex: 0.5,
    hideBelow: 'sm',
    valueFormatter: (value: string) => formatDate(value),
  };
}

/** Open the row's record; delete it (`remove` asks first) only where the role may. */
export function openOrDeleteColumn<Row extends PersonRow>(
  open: (row: Row) => void,
  remove: ((row: Row) => void) | null,
): ResourceColumn<Row> {
  return actionsColumn<Row>((row) => [
    openRowAction(row.name, () => open(row)),
    ...(remove ? [deleteRowAction(row.name, () => remove(row))] : []),
  ]);
}
