/**
 * Record a payment: the installment (any not yet paid in full), the amount — prefilled
 * with what that installment still owes — the mode, the paid-on date (today by default, never in
 * the future), a reference and a note. The rules and messages are the contract's
 * (`recordPaymentSchema`, `FEE_MESSAGES`), plus what this screen already knows: no more than is
 * owed. The server's field errors land on their fields ("more than this installment still owes").
 *
 * Mount it with a new `key` for each opening (the panel does), so it starts from the schedule as it
 * is at that moment.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { z } from 'zod';
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
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PAYMENT_MODES, type PaymentMode } from '@registrar/contract/constants';
import type { Installment } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES, recordPaymentSchema } from '@registrar/contract/fees';
import type { ApiQueryError } from '../../../shared/api/base-api';
import { formatRupees } from '../../../shared/lib/money';
import { formatDate } from '../../../shared/lib/format-date';
import { PAYMENT_MODE_LABELS } from '../../../shared/lib/enrollment-labels';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key';
import { useRecordPaymentMutation } from './api/fees-api';
import { isOpen, owedOn, today } from './fee-format';

const REFERENCE_MAX = 100;
const NOTE_MAX = 500;
const FIELDS: readonly string[] = ['amount', 'paymentMode', 'paidOn', 'reference', 'note'];

interface FormValues {
  installmentId: string;
  amount: number;
  paymentMode: PaymentMode | '';
  paidOn: string;
  reference: string;
  note: string;
}

/**
 * The contract's schema, plus the two limits this screen can check before asking: no more than the
 * installment owes, no later than today. They run even while other fields are wrong (`when`), so
 * every problem shows at once.
 */
export function paymentFormSchema(owed: (installmentId: string) => number, latest: string) {
  return recordPaymentSchema
    .extend({ installmentId: z.string().min(1, { error: 'Choose an installment' }) })
    .superRefine(
      (values, ctx) => {
        const { amount, paidOn, installmentId } = values as Partial<Record<keyof typeof values, unknown>>;
        const max = owed(String(installmentId ?? ''));
        if (typeof amount === 'number' && Number.isFinite(amount) && Math.round(amount * 100) > Math.round(max * 100))
          ctx.addIssue({
            code: 'custom',
            path: ['amount'],
            message: `${FEE_MESSAGES.amountTooMuch} (${formatRupees(max)})`,
          });
        if (typeof paidOn === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(paidOn) && paidOn > latest)
          ctx.addIssue({ code: 'custom', path: ['paidOn'], message: FEE_MESSAGES.paidOnInFuture });
      },
      { when: () => true },
    );
}

type PaymentOutput = z.output<ReturnType<typeof paymentFormSchema>>;

export interface RecordPaymentDialogProps {
  open: boolean;
  enrollmentId: string;
  installments: readonly Installment[];
  /** The installment to start with; else the first one still owing. */
  installmentId?: string | undefined;
  onClose: () => void;
}

export function RecordPaymentDialog({
  open,
  enrollmentId,
  installments,
  installmentId,
  onClose,
}: RecordPaymentDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  const [recordPayment, { isLoading: saving }] = useRecordPaymentMutation();
  const [formError, setFormError] = useState<string | null>(null);
  // Kept for this opening: a second click or a retry records nothing new.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const openOnes = useMemo(() => [...installments].filter(isOpen).sort((a, b) => a.number - b.number), [installments]);
  const first = openOnes.find((i) => i._id === installmentId) ?? openOnes[0];
  const latest = today();
  const owed = useMemo(() => {
    const byId = new Map(installments.map((i) => [i._id, owedOn(i)]));
    return (iid: string) => byId.get(iid) ?? 0;
  }, [installments]);
  const schema = useMemo(() => paymentFormSchema(owed, latest), [owed, latest]);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, PaymentOutput>({
    // The form holds '' for "no mode chosen yet"; the schema turns that into its message.
    resolver: zodResolver(schema) as unknown as Resolver<FormValues, unknown, PaymentOutput>,
    mode: 'onTouched',
    defaultValues: {
      installmentId: first?._id ?? '',
      amount: first ? owedOn(first) : (undefined as unknown as number),
      paymentMode: '',
      paidOn: latest,
      reference: '',
      note: '',
    },
  });
  const chosenId = watch('installmentId');
  const chosen = installments.find((i) => i._id === chosenId);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const reference = values.reference?.trim();
    const note = values.note?.trim();
    try {
      await recordPayment({
        enrollmentId,
        idempotencyKey,
        installmentId: values.installmentId,
        body: {
          amount: values.amount,
          paymentMode: values.paymentMode,
          paidOn: values.paidOn,
          ...(reference ? { reference } : {}),
          ...(note ? { note } : {}),
        },
      }).unwrap();
      onClose();
    } catch (err) {
      const error = err as Partial<ApiQueryError>;
      let placed = false;
      for (const { path, message } of error.fieldErrors ?? []) {
        if (!FIELDS.includes(path)) continue;
        setError(path as FieldPath<FormValues>, { type: 'server', message }, { shouldFocus: !placed });
        placed = true;
      }
      if (!placed) setFormError(error.message || 'The payment could not be recorded.');
    }
  });

  const { onChange: onInstallmentChange, ...installmentField } = register('installmentId');

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>Record payment</DialogTitle>
      <DialogContent dividers>
        {openOnes.length === 0 ? (
          <Alert severity="success">Every installment is paid in full: nothing is owed.</Alert>
        ) : (
          <Box component="form" id={`${id}-form`} noValidate onSubmit={(e) => void onSubmit(e)}>
            <Stack spacing={2.5}>
              {formError && <Alert severity="error">{formError}</Alert>}
              <TextField
                select
                label="Installment"
                required
                error={Boolean(errors.installmentId)}
                helperText={
                  errors.installmentId?.message ??
                  (chosen
                    ? `Due ${formatDate(chosen.dueDate)}; ${formatRupees(owedOn(chosen))} still owed.`
                    : undefined)
                }
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                fullWidth
                {...installmentField}
                onChange={(event) => {
                  void onInstallmentChange(event);
                  // A fresh installment: prefill what it owes, unless the amount was typed by hand.
                  if (!getFieldState('amount').isDirty) {
                    const next = installments.find((i) => i._id === event.target.value);
                    if (next) setValue('amount', owedOn(next), { shouldValidate: Boolean(errors.amount) });
                  }
                }}
              >
                {openOnes.map((i) => (
                  <option key={i._id} value={i._id}>
                    {`Installment ${i.number} · ${formatRupees(owedOn(i))} owed`}
                  </option>
                ))}
              </TextField>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Amount"
                  type="number"
                  required
                  autoFocus
                  error={Boolean(errors.amount)}
                  helperText={errors.amount?.message ?? 'In rupees; at most 2 decimals.'}
                  slotProps={{
                    input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                    htmlInput: { inputMode: 'decimal', step: '0.01', min: '0' },
                  }}
                  sx={{ flex: 1 }}
                  {...register('amount', { valueAsNumber: true })}
                />
                <TextField
                  select
                  label="Payment mode"
                  required
                  error={Boolean(errors.paymentMode)}
                  helperText={errors.paymentMode?.message}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  sx={{ flex: 1 }}
                  {...register('paymentMode')}
                >
                  <option value="">Choose…</option>
                  {PAYMENT_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {PAYMENT_MODE_LABELS[mode]}
                    </option>
                  ))}
                </TextField>
              </Stack>
              <TextField
                label="Paid on"
                type="date"
                required
                error={Boolean(errors.paidOn)}
                helperText={errors.paidOn?.message ?? 'Today, or the day the money came in.'}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: latest } }}
                fullWidth
                {...register('paidOn')}
              />
              <TextField
                label="Reference"
                autoComplete="off"
                error={Boolean(errors.reference)}
                helperText={errors.reference?.message ?? 'Optional: a transaction id or cheque number.'}
                slotProps={{ htmlInput: { maxLength: REFERENCE_MAX } }}
                fullWidth
                {...register('reference')}
              />
              <TextField
                label="Note"
                multiline
                minRows={2}
                error={Boolean(errors.note)}
                helperText={errors.note?.message ?? 'Optional.'}
                slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
                fullWidth
                {...register('note')}
              />
            </Stack>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        {openOnes.length > 0 && (
          <Button type="submit" form={`${id}-form`} variant="contained" loading={saving}>
            Record payment
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
