/**
 * The day book's lists: each receipt, refund and reversal linked to its enrolment, and each
 * deposit or handover with who recorded it. On a phone a row stacks (amount beside the number),
 * so no column is cut off and nothing scrolls sideways.
 */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAYMENT_MODE_NAMES } from '@registrar/contract/constants';
import { CASH_ENTRY_LABELS, DAY_LINE_LABELS, type CashBook } from '@registrar/contract/day-book';
import { formatRupees } from '../../shared/lib/money';
import { ENROLLMENTS_PATH } from '../../shared/lib/paths';

export const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Below 600 px each row is a small grid: the head goes, the cells wrap, the amount keeps its place. */
const stacking = {
  '@media (max-width: 599.95px)': {
    '& thead': { display: 'none' },
    '& tr': { display: 'grid', gridTemplateColumns: '1fr auto', borderBottom: 1, borderColor: 'divider', py: 0.5 },
    '& td': { border: 0, py: 0.25, px: 1 },
  },
} as const;

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

export function DayLines({ book }: { book: CashBook }) {
  return (
    <Box component="section" aria-labelledby="day-lines">
      <Heading id="day-lines">{`Receipts and refunds (${book.lines.length})`}</Heading>
      {book.lines.length === 0 ? (
        <Typography color="text.secondary">None.</Typography>
      ) : (
        <Table size="small" aria-labelledby="day-lines" sx={stacking}>
          <TableHead>
            <TableRow>
              <TableCell>Number</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Student</TableCell>
              <TableCell>Mode</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {book.lines.map((l) => (
              <TableRow key={l._id}>
                <TableCell>
                  {DAY_LINE_LABELS[l.kind]} {l.number}
                  {l.imported && (
                    <Typography component="span" variant="body2" sx={{ ml: 1, fontWeight: 600 }}>
                      Imported, not counted
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={money}>
                  {formatRupees(l.amount)}
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={`${ENROLLMENTS_PATH}/${l.enrollmentId}`}>
                    {l.name}
                  </Link>{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {l.enrollmentNumber}
                    {l.note ? ` · ${l.note}` : ''}
                  </Typography>
                </TableCell>
                <TableCell>
                  {PAYMENT_MODE_NAMES[l.mode]}
                  {l.reference ? ` ${l.reference}` : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        Receipts {formatRupees(book.receipts)} · refunds {formatRupees(book.refunds)} · reversed{' '}
        {formatRupees(book.reversals)}
      </Typography>
    </Box>
  );
}

export function DayEntries({ book }: { book: CashBook }) {
  return (
    <Box component="section" aria-labelledby="day-entries">
      <Heading id="day-entries">{`Deposits and handovers (${book.entries.length})`}</Heading>
      {book.entries.length === 0 ? (
        <Typography color="text.secondary">None.</Typography>
      ) : (
        <Table size="small" aria-labelledby="day-entries" sx={stacking}>
          <TableHead>
            <TableRow>
              <TableCell>What</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Bank or person</TableCell>
              <TableCell>Recorded by</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {book.entries.map((e) => (
              <TableRow key={e._id}>
                <TableCell>
                  {CASH_ENTRY_LABELS[e.kind]}
                  {e.reference ? ` ${e.reference}` : ''}
                </TableCell>
                <TableCell align="right" sx={money}>
                  {formatRupees(e.amount)}
                </TableCell>
                <TableCell>
                  {e.party}
                  {e.reason ? ` · added after closing: ${e.reason}` : ''}
                </TableCell>
                <TableCell>{e.recordedBy ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
