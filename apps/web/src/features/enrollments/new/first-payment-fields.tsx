/** The first payment taken at the front desk: amount, mode, date and reference, for roles that record fees. */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { LEDGER_PAYMENT_MODES, PAYMENT_MODE_NAMES } from '@registrar/contract/constants';

export interface PaymentValues {
  amount: string;
  paymentMode: string;
  paidOn: string;
  reference: string;
  utr: string;
}

interface FirstPaymentFieldsProps {
  on: boolean;
  onToggle: (on: boolean) => void;
  values: PaymentValues;
  onChange: (values: PaymentValues) => void;
  errors: Partial<Record<keyof PaymentValues, string>>;
  /** What the first installment asks, shown as the amount's hint. */
  hint: string;
}

export function FirstPaymentFields({ on, onToggle, values, onChange, errors, hint }: FirstPaymentFieldsProps) {
  const set = (key: keyof PaymentValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [key]: event.target.value });
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <FormControlLabel
        sx={{ gridColumn: '1 / -1' }}
        control={<Checkbox checked={on} onChange={(event) => onToggle(event.target.checked)} />}
        label="Record the first payment now"
      />
      {on && (
        <>
          <TextField
            label="Amount (₹)"
            name="payAmount"
            type="number"
            required
            value={values.amount}
            onChange={set('amount')}
            error={Boolean(errors.amount)}
            helperText={errors.amount ?? hint}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 0.01, step: 0.01, inputMode: 'decimal' } }}
          />
          <TextField
            label="Payment mode"
            name="payMode"
            select
            required
            value={values.paymentMode}
            onChange={set('paymentMode')}
            error={Boolean(errors.paymentMode)}
            helperText={errors.paymentMode}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {LEDGER_PAYMENT_MODES.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_MODE_NAMES[m]}
              </option>
            ))}
          </TextField>
          <TextField
            label="Paid on"
            name="payOn"
            type="date"
            required
            value={values.paidOn}
            onChange={set('paidOn')}
            error={Boolean(errors.paidOn)}
            helperText={errors.paidOn}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {(values.paymentMode === 'upi' || values.paymentMode === 'bank_transfer') && (
            <TextField
              label="UTR (the bank's reference)"
              name="payUtr"
              value={values.utr}
              onChange={set('utr')}
              error={Boolean(errors.utr)}
              helperText={errors.utr}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
          <TextField
            label="Reference (transaction id, cheque number)"
            name="payReference"
            value={values.reference}
            onChange={set('reference')}
            error={Boolean(errors.reference)}
            helperText={errors.reference}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
    </Box>
  );
}
