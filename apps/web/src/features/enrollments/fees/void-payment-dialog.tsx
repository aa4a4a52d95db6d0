/**
 * Void a payment: payments are never edited or deleted; a mistaken one is voided with a
 * reason, which the ledger, the history and the statement keep. The shared confirm dialog asks
 * first; the reason is required (the contract's `voidPaymentSchema` and its message).
 */
import { useId, useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FEE_MESSAGES, voidPaymentSchema, type Payment } from '@registrar/contract/fees';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { formatRupees } from '../../../shared/lib/money';
import { formatDate } from '../../../shared/lib/format-date';
import { useVoidPaymentMutation } from './api/fees-api';
import { ReasonField, useMoneySubmit } from './money-form';

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
  const [voidPayment, { isLoading }] = useVoidPaymentMutation();
  // A void is keyed by the payment itself (a second one answers "already voided"), not by an idempotency key.
  const { failure, send, clearFailure } = useMoneySubmit(['reason'], 'The payment could not be voided.');

  const close = () => {
    setReason('');
    setReasonError(null);
    clearFailure();
    onClose();
  };

  const confirm = async () => {
    if (!payment) return;
    const parsed = voidPaymentSchema.shape.reason.safeParse(reason);
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? FEE_MESSAGES.reasonRequired);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    const sent = await send(
      () =>
        voidPayment({
          enrollmentId,
          // A payment whose installment a re-plan replaced is found by its own id.
          installmentId: payment.installmentId ?? payment._id,
          paymentId: payment._id,
          reason: parsed.data,
        }).unwrap(),
      (_field, message) => setReasonError(message),
    );
    if (sent) close();
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
            <ReasonField
              id={`${id}-reason`}
              multiline={false}
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
              error={reasonError ?? undefined}
              help='For example "Cheque bounced" or "Recorded twice".'
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
