/**
 * Change an unpaid installment: its amount, its due date or both, with a reason
 * the history keeps. Only what changed is sent; nothing changed says so on the amount, as the
 * contract's `installmentEditSchema` does. The server's field errors land on their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import Stack from '@mui/material/Stack';
import type { Installment } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES, installmentEditSchema } from '@registrar/contract/fees';
import { formatRupees } from '../../../shared/lib/money';
import { formatDate } from '../../../shared/lib/format-date';
import { useChangeInstallmentMutation, type InstallmentChange } from './api/fees-api';
import { paise } from './fee-format';
import { AmountField, DateField, ReasonField, useMoneySubmit } from './money-form';
import { FormDialog } from '../../../shared/ui/form-dialog';

/** Every field required here: the dialog starts from the installment's own amount and date. */
const formSchema = z.object({
  amount: installmentEditSchema.shape.amount.unwrap(),
  dueDate: installmentEditSchema.shape.dueDate.unwrap(),
  reason: installmentEditSchema.shape.reason,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** What to send: only the fields that changed, and the reason. */
export function installmentChange(installment: Installment, values: FormOutput): InstallmentChange | null {
  const change: InstallmentChange = { reason: values.reason };
  if (paise(values.amount) !== paise(installment.amount)) change.amount = values.amount;
  if (values.dueDate !== installment.dueDate.slice(0, 10)) change.dueDate = values.dueDate;
  return change.amount === undefined && change.dueDate === undefined ? null : change;
}

export interface EditInstallmentDialogProps {
  open: boolean;
  enrollmentId: string;
  installment: Installment;
  onClose: () => void;
}

export function EditInstallmentDialog({ open, enrollmentId, installment, onClose }: EditInstallmentDialogProps) {
  const [changeInstallment, { isLoading: saving }] = useChangeInstallmentMutation();
  const { failure, send } = useMoneySubmit(['amount', 'dueDate', 'reason'], 'The installment could not be changed.');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { amount: installment.amount, dueDate: installment.dueDate.slice(0, 10), reason: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = installmentChange(installment, values);
    if (!body) {
      setError('amount', { type: 'validate', message: FEE_MESSAGES.nothingChanged }, { shouldFocus: true });
      return;
    }
    // Only payments, refunds and concessions take an idempotency key: sent twice, a change sets the same values again.
    const sent = await send(
      () => changeInstallment({ enrollmentId, installmentId: installment._id, body }).unwrap(),
      (field, message, focus) =>
        setError(field as FieldPath<FormInput>, { type: 'server', message }, { shouldFocus: focus }),
    );
    if (sent) onClose();
  });

  return (
    <FormDialog
      open={open}
      title={`Edit installment ${installment.number}`}
      description={
        <>
          Now {formatRupees(installment.amount)}, due {formatDate(installment.dueDate)}. Nothing has been paid on it
          yet, so its amount and due date can change. The reason is kept in the history.
        </>
      }
      submitLabel="Save changes"
      busy={saving}
      failure={failure}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <AmountField {...register('amount', { valueAsNumber: true })} error={errors.amount?.message} sx={{ flex: 1 }} />
        <DateField label="Due date" {...register('dueDate')} error={errors.dueDate?.message} sx={{ flex: 1 }} />
      </Stack>
      <ReasonField
        {...register('reason')}
        error={errors.reason?.message}
        help='Why it changes, e.g. "Scholarship agreed by the director".'
      />
    </FormDialog>
  );
}
