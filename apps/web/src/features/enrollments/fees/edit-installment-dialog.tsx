/**
 * Change an unpaid installment: its amount, its due date or both, with a reason
 * the history keeps. Only what changed is sent; nothing changed says so on the amount, as the
 * contract's `installmentEditSchema` does. The server's field errors land on their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Installment } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES, installmentEditSchema } from '@registrar/contract/fees';
import type { ApiQueryError } from '../../../shared/api/base-api';
import { formatRupees } from '../../../shared/lib/money';
import { formatDate } from '../../../shared/lib/format-date';
import { useChangeInstallmentMutation, type InstallmentChange } from './api/fees-api';

const REASON_MAX = 500;

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
  if (Math.round(values.amount * 100) !== Math.round(installment.amount * 100)) change.amount = values.amount;
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
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  const [changeInstallment, { isLoading: saving }] = useChangeInstallmentMutation();
  const [formError, setFormError] = useState<string | null>(null);
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
    setFormError(null);
    const body = installmentChange(installment, values);
    if (!body) {
      setError('amount', { type: 'validate', message: FEE_MESSAGES.nothingChanged }, { shouldFocus: true });
      return;
    }
    try {
      await changeInstallment({ enrollmentId, installmentId: installment._id, body }).unwrap();
      onClose();
    } catch (err) {
      const error = err as Partial<ApiQueryError>;
      let placed = false;
      for (const { path, message } of error.fieldErrors ?? []) {
        if (!['amount', 'dueDate', 'reason'].includes(path)) continue;
        setError(path as FieldPath<FormInput>, { type: 'server', message }, { shouldFocus: !placed });
        placed = true;
      }
      if (!placed) setFormError(error.message || 'The installment could not be changed.');
    }
  });

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
    >
      <DialogTitle id={`${id}-title`}>Edit installment {installment.number}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText id={`${id}-description`} sx={{ mb: 2 }}>
          Now {formatRupees(installment.amount)}, due {formatDate(installment.dueDate)}. Nothing has been paid on it
          yet, so its amount and due date can change. The reason is kept in the history.
        </DialogContentText>
        <Box component="form" id={`${id}-form`} noValidate onSubmit={(e) => void onSubmit(e)}>
          <Stack spacing={2.5}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Amount"
                type="number"
                required
                autoFocus
                error={Boolean(errors.amount)}
                helperText={errors.amount?.message}
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
                  htmlInput: { inputMode: 'decimal', step: '0.01', min: '0' },
                }}
                sx={{ flex: 1 }}
                {...register('amount', { valueAsNumber: true })}
              />
              <TextField
                label="Due date"
                type="date"
                required
                error={Boolean(errors.dueDate)}
                helperText={errors.dueDate?.message}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
                {...register('dueDate')}
              />
            </Stack>
            <TextField
              label="Reason"
              required
              multiline
              minRows={2}
              error={Boolean(errors.reason)}
              helperText={errors.reason?.message ?? 'Why it changes, e.g. "Scholarship agreed by the director".'}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
              fullWidth
              {...register('reason')}
            />
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form={`${id}-form`} variant="contained" loading={saving}>
          Save changes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
