/**
 * A received cheque cleared or bounced. The outcome is kept beside the payment, never by editing
 * it; a bounce voids the payment with the reason, re-opens its installment and adds the
 * institute's bounce fee as its own line, so the dialog states that amount before it is confirmed.
 *
 * Mount it with a new `key` per opening (the fee panel does).
 */
import { CHEQUE_MESSAGES, chequeOutcomeSchema, type ChequeOutcome } from '@registrar/contract/cheques';
import type { Payment } from '@registrar/contract/fees';
import { firstMessages } from '../../../shared/form/use-on-touched-form';
import { formatRupees } from '../../../shared/lib/money';
import { formatDate } from '../../../shared/lib/format-date';
import { useSettleChequeMutation } from './api/fees-api';
import { today } from './fee-format';
import { DateField, ReasonField, useMoneyValues } from './money-form';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useGetSiteQuery } from '../../../shared/api/site-api';

/** What a bounce does to the dues, the institute's fee stated as an amount once it is known. */
export function bounceConsequence(fee: number | undefined): string {
  const charge =
    fee === undefined
      ? ''
      : fee > 0
        ? ` A cheque bounce charge of ${formatRupees(fee)} is added to the dues as a line of its own, and the student is told by mail.`
        : ' The institute charges no bounce fee; the student is told by mail.';
  return `The payment will be voided with your reason and its installment owes this amount again; any refund already paid on it is owed too.${charge}`;
}

export function ChequeOutcomeDialog({
  enrollmentId,
  payment,
  state,
  onClose,
}: {
  enrollmentId: string;
  payment: Payment;
  state: ChequeOutcome;
  onClose: () => void;
}) {
  const [settle, { isLoading }] = useSettleChequeMutation();
  const { data: site } = useGetSiteQuery(undefined, { skip: state !== 'bounced' });
  const { values, bind, failure, submit } = useMoneyValues(
    { on: today(), reason: '' },
    'The cheque could not be updated.',
  );
  const bounced = state === 'bounced';
  const cheque = `cheque ${payment.chequeNumber ?? ''}`.trim();

  const save = async () => {
    const parsed = chequeOutcomeSchema.safeParse({ state, on: values.on, reason: values.reason || undefined });
    const found: Record<string, string | undefined> = parsed.success ? {} : firstMessages(parsed.error.issues);
    if (values.on > today()) found.on = CHEQUE_MESSAGES.onInFuture;
    const body = parsed.success ? parsed.data : null;
    const write = body && (() => settle({ enrollmentId, paymentId: payment._id, body }).unwrap());
    if (await submit(found, write)) onClose();
  };

  return (
    <FormDialog
      open
      title={`${bounced ? 'Cheque bounced' : 'Cheque cleared'}: receipt ${payment.receiptNumber}`}
      description={
        <>
          {formatRupees(payment.amount)} by {cheque}
          {payment.bankName ? ` on ${payment.bankName}` : ''}, received {formatDate(payment.paidOn)}.{' '}
          {bounced
            ? bounceConsequence(site?.chequeBounceFee)
            : 'The payment stays as it is; the cheque is marked cleared.'}
        </>
      }
      submitLabel={bounced ? 'Mark bounced' : 'Mark cleared'}
      busy={isLoading}
      failure={failure}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <DateField label={bounced ? 'Bounced on' : 'Cleared on'} latest={today()} {...bind('on')} />
      {bounced && <ReasonField {...bind('reason')} help='For example "Insufficient funds".' />}
    </FormDialog>
  );
}
