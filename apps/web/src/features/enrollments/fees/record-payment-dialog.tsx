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
import { useMemo } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { RecordedPaymentMode } from '@registrar/contract/constants';
import { installmentLabel, type Installment } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES, PAYMENT_NOTE_MAX, PAYMENT_REFERENCE_MAX, recordPaymentFields } from '@registrar/contract/fees';
import {
  BANK_NAME_MAX,
  MODES_WITH_UTR,
  checkPaymentReferences,
  requireChequeDate,
} from '@registrar/contract/payment-references';
import { formatRupees } from '../../../shared/lib/money';
import { formatDate } from '../../../shared/lib/format-date';
import { useRecordPaymentMutation } from './api/fees-api';
import { isMoreThan, isOpen, owedOn, today } from './fee-format';
import { AMOUNT_HELP, AmountField, DateField, ModeField, useMoneySubmit } from './money-form';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { muiField } from '../../../shared/form/mui-field';

const FIELDS: readonly string[] = [
  'amount',
  'paymentMode',
  'paidOn',
  'reference',
  'note',
  'utr',
  'chequeNumber',
  'bankName',
  'chequeDate',
];

interface FormValues {
  installmentId: string;
  amount: number;
  paymentMode: RecordedPaymentMode | '';
  paidOn: string;
  reference: string;
  note: string;
  utr: string;
  chequeNumber: string;
  bankName: string;
  chequeDate: string;
}

/**
 * The contract's schema, plus the two limits this screen can check before asking: no more than the
 * installment owes, no later than today. They run even while other fields are wrong (`when`), so
 * every problem shows at once.
 */
export function paymentFormSchema(owed: (installmentId: string) => number, latest: string) {
  return recordPaymentFields
    .extend({ installmentId: z.string().min(1, { error: 'Choose an installment' }) })
    .superRefine(checkPaymentReferences)
    .superRefine(
      (values, ctx) => {
        const { amount, paidOn, installmentId } = values as Partial<Record<keyof typeof values, unknown>>;
        const max = owed(String(installmentId ?? ''));
        if (typeof amount === 'number' && Number.isFinite(amount) && isMoreThan(amount, max))
          ctx.addIssue({
            code: 'custom',
            path: ['amount'],
            message: `${FEE_MESSAGES.amountTooMuch} (${formatRupees(max)})`,
          });
        if (typeof paidOn === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(paidOn) && paidOn > latest)
          ctx.addIssue({ code: 'custom', path: ['paidOn'], message: FEE_MESSAGES.paidOnInFuture });
        requireChequeDate(values, ctx);
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
  const [recordPayment, { isLoading: saving }] = useRecordPaymentMutation();
  const { failure, send } = useMoneySubmit(FIELDS, 'The payment could not be recorded.');
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
      utr: '',
      chequeNumber: '',
      bankName: '',
      chequeDate: '',
    },
  });
  const mode = watch('paymentMode');
  const chosenId = watch('installmentId');
  const chosen = installments.find((i) => i._id === chosenId);

  const onSubmit = handleSubmit(async (values) => {
    // A cheque is named by its number alone: no second reference to disagree with it.
    const reference = values.paymentMode === 'cheque' ? undefined : values.reference?.trim();
    const note = values.note?.trim();
    const sent = await send(
      (idempotencyKey) =>
        recordPayment({
          enrollmentId,
          idempotencyKey,
          installmentId: values.installmentId,
          body: {
            amount: values.amount,
            paymentMode: values.paymentMode,
            paidOn: values.paidOn,
            ...(reference ? { reference } : {}),
            ...(note ? { note } : {}),
            ...(values.utr ? { utr: values.utr } : {}),
            ...(values.chequeNumber ? { chequeNumber: values.chequeNumber } : {}),
            ...(values.bankName ? { bankName: values.bankName } : {}),
            ...(values.chequeDate ? { chequeDate: values.chequeDate } : {}),
          },
        }).unwrap(),
      (field, message, focus) =>
        setError(field as FieldPath<FormValues>, { type: 'server', message }, { shouldFocus: focus }),
    );
    if (sent) onClose();
  });

  const { onChange: onInstallmentChange, ...installmentField } = register('installmentId');

  const registered = muiField(register, errors);
  return (
    <FormDialog
      open={open}
      title="Record payment"
      nothingToDo={
        openOnes.length === 0 ? (
          <Alert severity="success">Every installment is paid in full: nothing is owed.</Alert>
        ) : undefined
      }
      submitLabel="Record payment"
      busy={saving}
      failure={failure}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <TextField
        select
        label="Installment"
        required
        error={Boolean(errors.installmentId)}
        helperText={
          errors.installmentId?.message ??
          (chosen ? `Due ${formatDate(chosen.dueDate)}; ${formatRupees(owedOn(chosen))} still owed.` : undefined)
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
            {`${installmentLabel(i)} · ${formatRupees(owedOn(i))} owed`}
          </option>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <AmountField
          {...register('amount', { valueAsNumber: true })}
          error={errors.amount?.message}
          help={AMOUNT_HELP}
          sx={{ flex: 1 }}
        />
        <ModeField
          label="Payment mode"
          choose="Choose…"
          {...register('paymentMode')}
          error={errors.paymentMode?.message}
          sx={{ flex: 1 }}
        />
      </Stack>
      <DateField
        label="Paid on"
        latest={latest}
        {...register('paidOn')}
        error={errors.paidOn?.message}
        help="Today, or the day the money came in."
      />
      {mode !== '' && MODES_WITH_UTR.includes(mode) && (
        <TextField
          label="UTR"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 40 } }}
          fullWidth
          {...registered('utr', 'Optional: the bank reference, 12 digits for UPI and IMPS.')}
        />
      )}
      {mode === 'cheque' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Cheque or DD number"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 20, inputMode: 'numeric' } }}
            sx={{ flex: 1 }}
            {...registered('chequeNumber', 'Optional: 6 digits.')}
          />
          <TextField
            label="Bank"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: BANK_NAME_MAX } }}
            sx={{ flex: 1 }}
            {...registered('bankName', 'Optional.')}
          />
          <DateField
            label="Cheque date"
            {...register('chequeDate')}
            error={errors.chequeDate?.message}
            help="The date written on it; a post-dated cheque is fine."
            sx={{ flex: 1 }}
          />
        </Stack>
      )}
      {mode !== 'cheque' && (
        <TextField
          label="Reference"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: PAYMENT_REFERENCE_MAX } }}
          fullWidth
          {...registered('reference', 'Optional: a transaction id.')}
        />
      )}
      <TextField
        label="Note"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: PAYMENT_NOTE_MAX } }}
        fullWidth
        {...registered('note', 'Optional.')}
      />
    </FormDialog>
  );
}
