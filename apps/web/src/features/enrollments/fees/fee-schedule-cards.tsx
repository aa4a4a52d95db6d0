/**
 * The installments as cards, for a phone: each with its number, due date, amount, paid, outstanding
 * and state, and "Record payment" and "Edit" as full-width buttons, so nothing scrolls sideways.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { installmentLabel, type Installment } from '@registrar/contract/enrollment-admin';
import { formatDate } from '../../../shared/lib/format-date';
import { formatRupees } from '../../../shared/lib/money';
import { InstallmentStatusChip } from '../status-chip';
import { money, owedOn } from './fee-format';

export interface ScheduleActions {
  canPay: (installment: Installment) => boolean;
  canEdit: (installment: Installment) => boolean;
  onPay: (installment: Installment) => void;
  onEdit: (installment: Installment) => void;
}

function Figure({ label, children, strong }: { label: string; children: string; strong?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, ...money, fontWeight: strong ? 600 : 400 }}>
        {children}
      </Typography>
    </Box>
  );
}

export function FeeScheduleCards({
  installments,
  canPay,
  canEdit,
  onPay,
  onEdit,
}: { installments: Installment[] } & ScheduleActions) {
  return (
    <Stack component="ul" aria-label="Fee schedule" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {installments.map((row) => (
        <Box
          component="li"
          key={row._id}
          aria-label={installmentLabel(row)}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 600 }}>
              {installmentLabel(row)}
            </Typography>
            <InstallmentStatusChip status={row.status} />
          </Stack>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
            <Figure label="Due date">{formatDate(row.dueDate)}</Figure>
            <Figure label="Amount">{formatRupees(row.amount)}</Figure>
            <Figure label="Paid">{formatRupees(row.paidAmount)}</Figure>
            <Figure label="Outstanding" strong>
              {formatRupees(owedOn(row))}
            </Figure>
          </Box>
          {(canPay(row) || canEdit(row)) && (
            <Stack spacing={1} sx={{ mt: 1.5 }}>
              {canPay(row) && (
                <Button
                  variant="outlined"
                  fullWidth
                  onClick={() => onPay(row)}
                  aria-label={`Record payment for ${installmentLabel(row).toLowerCase()}`}
                >
                  Record payment
                </Button>
              )}
              {canEdit(row) && (
                <Button
                  fullWidth
                  onClick={() => onEdit(row)}
                  aria-label={`Edit ${installmentLabel(row).toLowerCase()}`}
                >
                  Edit
                </Button>
              )}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}
