/**
 * What an enrolment owes, as the enrolments list shows it: the payment state as a
 * chip (its words carry the meaning; the tint only repeats it), a "Payment" filter over
 * `?paymentState=paid_up|due|overdue`, and an "Outstanding" column in rupees (en-IN grouping).
 */
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { EnrollmentRecord } from '@registrar/contract/enrollment-admin';
import { PAYMENT_STATES, PAYMENT_STATE_LABELS, type PaymentState } from '@registrar/contract/fees';
import type { ListFilter, ResourceColumn } from '../../../shared/ui/resource-list/resource-list';
import { optionsOf, selectFilter } from '../../../shared/ui/resource-list/select-filter';
import { formatRupees } from '../../../shared/lib/money';
import { toneSx, toneText } from '../../../shared/ui/tones';

/** Dark text on a light tint: each pair reads at WCAG AA; amber and red come from the theme. */
const TINTS: Record<PaymentState, SxProps<Theme>> = {
  paid_up: { color: '#1b5e20', bgcolor: '#e3f3e5', borderColor: '#94cf9d' },
  due: toneSx('warning'),
  overdue: toneSx('error'),
};

export function PaymentStateChip({ state, size = 'small' }: { state: PaymentState; size?: ChipProps['size'] }) {
  return (
    <Chip
      label={PAYMENT_STATE_LABELS[state]}
      size={size}
      variant="outlined"
      sx={[TINTS[state], { fontWeight: 600 }] as SxProps<Theme>}
    />
  );
}

/** The list's payment filter; its value lives in the URL as `paymentState`. */
export const PAYMENT_STATE_FILTER: ListFilter = selectFilter(
  'paymentState',
  'Payment',
  'Any payment state',
  optionsOf(PAYMENT_STATES, PAYMENT_STATE_LABELS),
);

/** "₹12,000" over the state ("Overdue: ₹2,000"), or "Paid up". */
export function OutstandingCell({
  row,
}: {
  row: Pick<EnrollmentRecord, 'outstanding' | 'overdueAmount' | 'paymentState'>;
}) {
  return (
    <Box sx={{ textAlign: 'right', py: 0.5, width: '100%' }}>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
        {formatRupees(row.outstanding)}
      </Typography>
      {row.paymentState === 'overdue' ? (
        <Typography variant="body2" sx={{ color: toneText.error, fontVariantNumeric: 'tabular-nums' }}>
          Overdue: {formatRupees(row.overdueAmount)}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {PAYMENT_STATE_LABELS[row.paymentState]}
        </Typography>
      )}
    </Box>
  );
}

/** The list's "Outstanding" column: what is still owed, with the payment state under it. */
export function outstandingColumn<Row extends EnrollmentRecord>(): ResourceColumn<Row> {
  return {
    field: 'outstanding',
    headerName: 'Outstanding',
    type: 'number',
    minWidth: 130,
    flex: 0.6,
    renderCell: ({ row }) => <OutstandingCell row={row} />,
  };
}
