/**
 * Refund and concession dialogs. Money is never taken out of the ledger: a refund is a new,
 * numbered row against one payment (never more than it has left to refund); a concession lowers
 * what the enrolment owes, from its last installments backwards. Both need a reason, and both
 * send one idempotency key per opening, so a double click records once.
 *
 * Mount each with a new `key` per opening (the fee panel does).
 */
import Stack from '@mui/material/Stack';
import { FEE_MESSAGES, concessionInputSchema, refundInputSchema, type Payment } from '@registrar/contract/fees';
import { useCan } from '../../../shared/session/permissions';
import { RefundEffectField } from './refund-effect-field';
import { firstMessages } from '../../../shared/form/use-on-touched-form';
import { formatRupees } from '../../../shared/lib/money';
import { formatDate } from '../../../shared/lib/format-date';
import { useGiveConcessionMutation, useRefundPaymentMutation } from './api/fees-api';
import { isMoreThan, refundableOn, today } from './fee-format';
import { AMOUNT_HELP, AmountField, DateField, ModeField, ReasonField, typedAmount, useMoneyValues } from './money-form';
import { FormDialog } from '../../../shared/ui/form-dialog';

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
  // A payment the gateway took goes back through it: dated when the gateway makes it, by the way it came.
  const online = payment.source === 'gateway' && payment.gatewayPaymentId !== null;
  const [refund, { isLoading }] = useRefundPaymentMutation();
  const canEnd = useCan('enrollments.status');
  const { values, bind, failure, submit } = useMoneyValues(
    {
      amount: String(left),
      reason: '',
      refundedOn: today(),
      // The money goes back the way it came unless staff choose otherwise.
      paymentMode: payment.paymentMode as string,
      effect: '',
    },
    'The refund could not be recorded.',
  );

  const save = async () => {
    const parsed = refundInputSchema.safeParse({
      paymentId: payment._id,
      ...values,
      amount: typedAmount(values.amount),
    });
    const found = parsed.success ? {} : firstMessages(parsed.error.issues);
    // Checked even while other fields are wrong, so every problem shows at once.
    if (!found.amount && isMoreThan(Number(values.amount), left))
      found.amount = `${FEE_MESSAGES.refundTooMuch} (${formatRupees(left)})`;
    if (values.refundedOn > today()) found.refundedOn = FEE_MESSAGES.refundedOnInFuture;
    const body = parsed.success ? parsed.data : null;
    const write = body && ((idempotencyKey: string) => refund({ enrollmentId, body, idempotencyKey }).unwrap());
    if (await submit(found, write)) onClose();
  };

  return (
    <FormDialog
      open={open}
      title={`Refund receipt ${payment.receiptNumber}`}
      description={
        <>
          {formatRupees(payment.amount)} paid on {formatDate(payment.paidOn)}
          {payment.refunded > 0 ? `, ${formatRupees(payment.refunded)} already refunded` : ''}. Up to{' '}
          {formatRupees(left)} can be refunded.{' '}
          {online
            ? 'Paid online: the payment gateway is asked to send the money back to the student. The refund enters the ledger, with its own number, when the gateway reports it made; until then it shows under "Refunds at the gateway".'
            : 'The payment and its receipt stay in the ledger; the refund gets its own number and does what you choose below.'}
        </>
      }
      submitLabel={online ? 'Ask the gateway to refund' : 'Record refund'}
      busy={isLoading}
      failure={failure}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <AmountField {...bind('amount')} help={AMOUNT_HELP} />
      {!online && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateField label="Refunded on" latest={today()} {...bind('refundedOn')} sx={{ flex: 1 }} />
          <ModeField label="Refund mode" also={payment.paymentMode} {...bind('paymentMode')} sx={{ flex: 1 }} />
        </Stack>
      )}
      <RefundEffectField {...bind('effect')} canEnd={canEnd} />
      <ReasonField {...bind('reason')} help='For example "Left the course in week 2".' />
    </FormDialog>
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
  const [give, { isLoading }] = useGiveConcessionMutation();
  const { values, bind, failure, submit } = useMoneyValues(
    { amount: '', reason: '' },
    'The concession could not be recorded.',
  );

  const save = async () => {
    const parsed = concessionInputSchema.safeParse({ ...values, amount: typedAmount(values.amount) });
    const found = parsed.success ? {} : firstMessages(parsed.error.issues);
    if (!found.amount && isMoreThan(Number(values.amount), outstanding)) found.amount = FEE_MESSAGES.concessionTooMuch;
    const body = parsed.success ? parsed.data : null;
    const write = body && ((idempotencyKey: string) => give({ enrollmentId, body, idempotencyKey }).unwrap());
    if (await submit(found, write)) onClose();
  };

  return (
    <FormDialog
      open={open}
      title="Give a concession"
      description={
        <>
          Lowers what is owed ({formatRupees(outstanding)} now), starting from the last installment and working
          backwards; no installment goes below what has been paid on it. The concession stays on record with your name
          and reason.
        </>
      }
      submitLabel="Give concession"
      busy={isLoading}
      failure={failure}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <AmountField {...bind('amount')} help={AMOUNT_HELP} />
      <ReasonField {...bind('reason')} help='For example "Merit scholarship" or "Sibling discount".' />
    </FormDialog>
  );
}
