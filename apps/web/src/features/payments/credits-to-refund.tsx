/**
 * The enrolments holding money to give back (paid beyond the fee, or after a cancellation), on the
 * collections screen where the dashboard's "Credits to refund" figure lands.
 */
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CreditLine } from '@registrar/contract/collections';
import { ENROLLMENT_STATUS_LABELS } from '@registrar/contract/enrollment-admin';
import { formatRupees } from '../../shared/lib/money';
import { CREDITS_ANCHOR, ENROLLMENTS_PATH } from '../../shared/lib/paths';
import { ScrollableTable } from '../../shared/ui/scrollable-table';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export function CreditsToRefund({ credits }: { credits: CreditLine[] }) {
  const total = credits.reduce((t, c) => t + Math.round(c.credit * 100), 0) / 100;
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  // The dashboard's figure opens this list: bring it into view and to the keyboard.
  useEffect(() => {
    if (hash !== `#${CREDITS_ANCHOR}`) return;
    section.current?.scrollIntoView?.({ block: 'start' });
    section.current?.focus();
  }, [hash]);
  return (
    <Box component="section" ref={section} id={CREDITS_ANCHOR} aria-labelledby="credits-title" tabIndex={-1}>
      <Typography id="credits-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        Credits to refund ({formatRupees(total)})
      </Typography>
      {credits.length === 0 ? (
        <Typography color="text.secondary">No student holds money to give back.</Typography>
      ) : (
        <ScrollableTable label="Credits to refund" labelledBy="credits-title">
          <TableHead>
            <TableRow>
              <TableCell>Student</TableCell>
              <TableCell>Enrolment</TableCell>
              <TableCell align="right">Credit</TableCell>
              <TableCell>Phone</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {credits.map((c) => (
              <TableRow key={c.enrollmentId}>
                <TableCell>
                  <Link component={RouterLink} to={`${ENROLLMENTS_PATH}/${c.enrollmentId}`}>
                    {c.name}
                  </Link>{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {c.enrollmentNumber} · {c.course}
                  </Typography>
                </TableCell>
                <TableCell>{ENROLLMENT_STATUS_LABELS[c.status]}</TableCell>
                <TableCell align="right" sx={money}>
                  {formatRupees(c.credit)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.phoneNumber || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollableTable>
      )}
    </Box>
  );
}
