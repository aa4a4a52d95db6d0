/**
 * Void a payment: payments are never edited or deleted; a mistaken one is voided with a
 * reason, which the ledger, the history and the statement keep. The shared confirm dialog asks
 * first; the reason is required (the contract's `voidPaymentSchema` and its message).
 */
import { useId, useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { voidPaymentSchema, type Payment } from '@registrar/contract/fees';
import type { ApiQueryError } from '../../../shared/api/base-api';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { formatRupees } from '../../../shared/lib/money';
import { formatDate } from '../../../shared/lib/format-date';
import { useVoidPaymentMutation } from './api/fees-api';

const REASON_MAX = 500;

export interface VoidPaymentDialogProps {
  enrollmentId: string;
  /** The payment to void; null keeps the dialog closed. */
  payment: Payment | null;
  onClose: () => void;
}

export function VoidPaymentDialog({ enrollmentId, payment: asked, onClose }: VoidPaymentDialogProps) {
  const id = useId();
  // Keeps showing the payment while the dialog fades out after `payment` went back to null.
  const [payment, setPayment] = useState(asked);
  if (asked && asked !== payment) setPayment(asked);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [voidPayment, { isLoading }] = useVoidPaymentMutation();

  const close = () => {
    setReason('');
    setReasonError(null);
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    if (!payment) return;
    const parsed = voidPaymentSchema.shape.reason.safeParse(reason);
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? 'Please give a reason');
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setFailure(null);
    try {
      await voidPayment({
        enrollmentId,
        // A payment whose installment a re-plan replaced is found by its own id.
        installmentId: payment.installmentId ?? payment._id,
        paymentId: payment._id,
        reason: parsed.data,
      }).unwrap();
      close();
    } catch (err) {
      const error = err as Partial<ApiQueryError>;
      const onReason = error.fieldErrors?.find((e) => e.path === 'reason');
      if (onReason) setReasonError(onReason.message);
      else setFailure(error.message || 'The payment could not be voided.');
    }
  };

  return (
    <ConfirmDialog
      open={Boolean(asked)}
      title={`Void receipt ${payment?.receiptNumber ?? ''}?`}
      description={
        payment && (
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {formatRupees(payment.amount)} paid on {formatDate(payment.paidOn)} against installment{' '}
              {payment.installmentNumber}. The payment stays in the ledger, struck through with your reason; the
              installment owes this amount again.
            </Typography>
            <TextField
              id={`${id}-reason`}
              label="Reason"
              required
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (reasonError) setReasonError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void confirm();
                }
              }}
              error={Boolean(reasonError)}
              helperText={reasonError ?? 'For example "Cheque bounced" or "Recorded twice".'}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
              fullWidth
              disabled={isLoading}
            />
          </Stack>
        )
      }
      error={failure}
      confirmLabel="Void payment"
      destructive
      busy={isLoading}
      onConfirm={() => void confirm()}
      onClose={close}
    />
  );
}
