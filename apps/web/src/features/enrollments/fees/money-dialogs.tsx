/**
 * Refund and concession dialogs. Money is never taken out of the ledger: a refund is a new,
 * numbered row against one payment (never more than it has left to refund); a concession lowers
 * what the enrolment owes, from its last installments backwards. Both need a reason, and both
 * send one idempotency key per opening, so a double click records once.
 *
 * Mount each with a new `key` per opening (the fee panel does).
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PAYMENT_MODES } from '@registrar/contract/constants';
import { FEE_MESSAGES, concessionInputSchema, refundInputSchema, type Payment } from '@registrar/contract/fees';
import type { ApiQueryError } from '../../../shared/api/base-api';
import { formatRupees } from '../../../shared/lib/money';
import { formatDate } from '../../../shared/lib/format-date';
import { PAYMENT_MODE_LABELS } from '../../../shared/lib/enrollment-labels';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key';
import { useGiveConcessionMutation, useRefundPaymentMutation } from './api/fees-api';
import { today } from './fee-format';

type Errors = Record<string, string | undefined>;

function firstErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** What a payment has left to refund, in exact paise. */
export const refundableOn = (p: Payment) =>
  p.voided ? 0 : Math.max(0, Math.round(p.amount * 100) - Math.round(p.refunded * 100)) / 100;

function MoneyDialog({
  open,
  title,
  submitLabel,
  busy,
  failure,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  busy: boolean;
  failure: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id={`${id}-form`}
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <Stack spacing={2.5}>
            {failure && <Alert severity="error">{failure}</Alert>}
            {children}
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={`${id}-form`} variant="contained" loading={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AmountField({
  value,
  error,
  help,
  onChange,
}: {
  value: string;
  error: string | undefined;
  help: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Amount"
      type="number"
      required
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? help}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
        htmlInput: { inputMode: 'decimal', step: '0.01', min: '0' },
      }}
      fullWidth
    />
  );
}

function ReasonField({
  value,
  error,
  help,
  onChange,
}: {
  value: string;
  error: string | undefined;
  help: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Reason"
      required
      multiline
      minRows={2}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? help}
      slotProps={{ htmlInput: { maxLength: 500 } }}
      fullWidth
    />
  );
}

/** Server field errors on their fields; anything else above the form. */
function placeServerError(err: unknown, fields: readonly string[], fallback: string) {
  const error = err as Partial<ApiQueryError>;
  const onFields = (error.fieldErrors ?? []).filter((f) => fields.includes(f.path));
  return {
    errors: Object.fromEntries(onFields.map((f) => [f.path, f.message])) as Errors,
    failure: onFields.length ? null : error.message || fallback,
  };
}

export function RefundDialog({
  open,
  enrollmentId,
  payment,
  onClose,
}: {
  open: boolean;
  enrollmentId: string;
  payment: Payment;
  onClose: () => void;
}) {
  const left = refundableOn(payment);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [values, setValues] = useState({
    amount: String(left),
    reason: '',
    refundedOn: today(),
    paymentMode: payment.paymentMode as string,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [refund, { isLoading }] = useRefundPaymentMutation();
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    setFailure(null);
    const parsed = refundInputSchema.safeParse({
      paymentId: payment._id,
      amount: values.amount === '' ? Number.NaN : Number(values.amount),
      reason: values.reason,
      refundedOn: values.refundedOn,
      paymentMode: values.paymentMode,
    });
    const found = parsed.success ? {} : firstErrors(parsed.error.issues);
    // Checked even while other fields are wrong, so every problem shows at once.
    if (!found.amount && Math.round(Number(values.amount) * 100) > Math.round(left * 100))
      found.amount = `${FEE_MESSAGES.refundTooMuch} (${formatRupees(left)})`;
    if (values.refundedOn > today()) found.refundedOn = FEE_MESSAGES.refundedOnInFuture;
    if (!parsed.success || Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    try {
      await refund({ enrollmentId, body: parsed.data, idempotencyKey }).unwrap();
      onClose();
    } catch (err) {
      const placed = placeServerError(
        err,
        ['amount', 'reason', 'refundedOn', 'paymentMode'],
        'The refund could not be recorded.',
      );
      setErrors(placed.errors);
      setFailure(placed.failure);
    }
  };

  return (
    <MoneyDialog
      open={open}
      title={`Refund receipt ${payment.receiptNumber}`}
      submitLabel="Record refund"
      busy={isLoading}
      failure={failure}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography color="text.secondary">
        {formatRupees(payment.amount)} paid on {formatDate(payment.paidOn)}
        {payment.refunded > 0 ? `, ${formatRupees(payment.refunded)} already refunded` : ''}. Up to {formatRupees(left)}{' '}
        can be refunded. The payment and its receipt stay in the ledger; the refund gets its own number and the
        installment owes this amount again.
      </Typography>
      <AmountField
        value={values.amount}
        error={errors.amount}
        help="In rupees; at most 2 decimals."
        onChange={set('amount')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Refunded on"
          type="date"
          required
          value={values.refundedOn}
          onChange={(event) => set('refundedOn')(event.target.value)}
          error={Boolean(errors.refundedOn)}
          helperText={errors.refundedOn}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Refund mode"
          required
          value={values.paymentMode}
          onChange={(event) => set('paymentMode')(event.target.value)}
          error={Boolean(errors.paymentMode)}
          helperText={errors.paymentMode}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        >
          {PAYMENT_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {PAYMENT_MODE_LABELS[mode]}
            </option>
          ))}
        </TextField>
      </Stack>
      <ReasonField
        value={values.reason}
        error={errors.reason}
        help='For example "Left the course in week 2".'
        onChange={set('reason')}
      />
    </MoneyDialog>
  );
}

export function ConcessionDialog({
  open,
  enrollmentId,
  outstanding,
  onClose,
}: {
  open: boolean;
  enrollmentId: string;
  /** What is still owed (rupees): the most a concession can take. */
  outstanding: number;
  onClose: () => void;
}) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [values, setValues] = useState({ amount: '', reason: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [give, { isLoading }] = useGiveConcessionMutation();
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    setFailure(null);
    const parsed = concessionInputSchema.safeParse({
      amount: values.amount === '' ? Number.NaN : Number(values.amount),
      reason: values.reason,
    });
    const found = parsed.success ? {} : firstErrors(parsed.error.issues);
    if (!found.amount && Math.round(Number(values.amount) * 100) > Math.round(outstanding * 100))
      found.amount = FEE_MESSAGES.concessionTooMuch;
    if (!parsed.success || Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    try {
      await give({ enrollmentId, body: parsed.data, idempotencyKey }).unwrap();
      onClose();
    } catch (err) {
      const placed = placeServerError(err, ['amount', 'reason'], 'The concession could not be recorded.');
      setErrors(placed.errors);
      setFailure(placed.failure);
    }
  };

  return (
    <MoneyDialog
      open={open}
      title="Give a concession"
      submitLabel="Give concession"
      busy={isLoading}
      failure={failure}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography color="text.secondary">
        Lowers what is owed ({formatRupees(outstanding)} now), starting from the last installment and working backwards;
        no installment goes below what has been paid on it. The concession stays on record with your name and reason.
      </Typography>
      <AmountField
        value={values.amount}
        error={errors.amount}
        help="In rupees; at most 2 decimals."
        onChange={set('amount')}
      />
      <ReasonField
        value={values.reason}
        error={errors.reason}
        help='For example "Merit scholarship" or "Sibling discount".'
        onChange={set('reason')}
      />
    </MoneyDialog>
  );
}
