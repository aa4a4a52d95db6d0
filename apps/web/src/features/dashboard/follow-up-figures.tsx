/**
 * The follow-up figures: the median time from an inquiry to its first contact, and the funnel
 * (received → contacted → converted) by source and by counsellor. Every number opens its list, for
 * a role that may open inquiries.
 */
import { useId } from 'react';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Dashboard, FunnelRow } from '@registrar/contract/dashboard';
import { formatCount } from '../../shared/lib/format-number';
import { useCan } from '../../shared/session/permissions';
import { FigureCard, FigureGrid } from './figure-card';
import { inquiriesWhere } from './links';

/** "2 h 5 min", "3 d 4 h", "12 min": the median at a glance. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.floor(minutes / 1440)} d ${Math.floor((minutes % 1440) / 60)} h`;
}

function FunnelTable({
  title,
  rows,
  filterOf,
  what,
}: {
  title: string;
  rows: FunnelRow[];
  filterOf: (row: FunnelRow) => Record<string, string>;
  what: string;
}) {
  const id = useId();
  const linked = useCan('inquiries.read');
  const cell = (row: FunnelRow, value: number, extra: Record<string, string>, label: string) => (
    <TableCell align="right">
      {linked ? (
        <Link
          component={RouterLink}
          to={inquiriesWhere({ ...filterOf(row), ...extra })}
          aria-label={`${label}: ${row.label}, ${value}`}
        >
          {formatCount(value)}
        </Link>
      ) : (
        formatCount(value)
      )}
    </TableCell>
  );
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, minWidth: 0, overflowX: 'auto' }}>
      <Typography id={id} component="h3" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">No inquiries yet.</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{what}</TableCell>
              <TableCell align="right">Received</TableCell>
              <TableCell align="right">Contacted</TableCell>
              <TableCell align="right">Converted</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                {cell(row, row.total, {}, 'Received')}
                {cell(row, row.contacted, { contacted: 'yes' }, 'Contacted')}
                {cell(row, row.converted, { status: 'converted' }, 'Converted')}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

export function FollowUpFigures({ followUps }: { followUps: Dashboard['followUps'] }) {
  const median = followUps.medianFirstContactMinutes;
  const canOpenInquiries = useCan('inquiries.read');
  return (
    <>
      <FigureGrid label="Follow-up figures">
        <FigureCard
          label="Median time to first contact"
          value={median === null ? '—' : formatMinutes(median)}
          hint={
            median === null
              ? 'Nobody has been contacted yet'
              : `Over ${formatCount(followUps.firstContacts)} contacted ${followUps.firstContacts === 1 ? 'inquiry' : 'inquiries'}`
          }
          // The median is over logged contacts only; a status moved past New without one is not among them.
          {...(canOpenInquiries ? { to: inquiriesWhere({ contacted: 'logged' }) } : {})}
        />
      </FigureGrid>
      <FunnelTable
        title="Funnel by source"
        what="Source"
        rows={followUps.bySource}
        filterOf={(row) => ({ reference: row.key })}
      />
      <FunnelTable
        title="Funnel by counsellor"
        what="Owner"
        rows={followUps.byCounsellor}
        filterOf={(row): Record<string, string> =>
          row.key === 'none' ? { ownerId: 'none' } : { ownerId: row.key, ownerName: row.label }
        }
      />
    </>
  );
}
