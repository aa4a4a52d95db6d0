/** The first payment taken at the front desk: amount, mode, date and reference, for roles that record fees. */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { DateField, ModeField, type MoneyFieldProps } from '../fees/money-form';

export interface PaymentValues {
  amount: string;
  paymentMode: string;
  paidOn: string;
  reference: string;
  utr: string;
  chequeDate: string;
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
  const set = (key: keyof PaymentValues) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value }),
  });
  /** A field whose error, from the contract, shows under it in place of its hint. */
  const bind = (key: keyof PaymentValues) => ({ ...set(key), error: errors[key] });
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
            {...set('amount')}
            error={Boolean(errors.amount)}
            helperText={errors.amount ?? hint}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 0.01, step: 0.01, inputMode: 'decimal' } }}
          />
          <ModeField label="Payment mode" name="payMode" fullWidth={false} {...bind('paymentMode')} />
          <DateField label="Paid on" name="payOn" fullWidth={false} {...bind('paidOn')} />
          {(values.paymentMode === 'upi' || values.paymentMode === 'bank_transfer') && (
            <OptionalField label="UTR (the bank's reference)" name="payUtr" {...bind('utr')} />
          )}
          {values.paymentMode === 'cheque' && (
            <DateField label="Cheque date" name="payChequeDate" required fullWidth={false} {...bind('chequeDate')} />
          )}
          <OptionalField label="Reference (transaction id, cheque number)" name="payReference" {...bind('reference')} />
        </>
      )}
    </Box>
  );
}

/** A text field the payment may leave empty; its label stays above it like the others'. */
function OptionalField({ error, help, ...field }: MoneyFieldProps) {
  return (
    <TextField
      error={Boolean(error)}
      helperText={error ?? help}
      slotProps={{ inputLabel: { shrink: true } }}
      {...field}
    />
  );
}
