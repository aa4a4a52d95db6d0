/** The fee at a glance: total, paid, concessions, outstanding, overdue (ringed when something is) and any credit to refund. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { formatRupees } from '../../../shared/lib/money';
import { money } from './fee-format';

export function FeeTotals({ enrollment: e }: { enrollment: EnrollmentDetail }) {
  const items: [string, ReactNode][] = [
    ['Total fee', formatRupees(e.totalFee)],
    ['Paid', formatRupees(e.paidAmount)],
    ...(e.concessionTotal > 0 ? ([['Concessions', formatRupees(e.concessionTotal)]] as [string, ReactNode][]) : []),
    ['Outstanding', formatRupees(e.outstanding)],
    ['Overdue', formatRupees(e.overdueAmount)],
    // Money received beyond the dues (a late online payment, two tabs): to be refunded.
    ...(e.creditToRefund > 0 ? ([['Credit to refund', formatRupees(e.creditToRefund)]] as [string, ReactNode][]) : []),
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {items.map(([label, value]) => (
        <Box
          key={label}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 1.5,
            py: 1,
            minWidth: 0,
            ...(label === 'Overdue' && e.overdueAmount > 0 ? { borderColor: 'error.dark', borderWidth: 2 } : {}),
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontSize: '1.125rem', ...money }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
