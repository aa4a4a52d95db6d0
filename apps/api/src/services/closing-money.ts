/**
 * The money on an enrolment being rejected or cancelled: nothing paid is left without a decision.
 * Either every live payment is refunded through the one way money leaves the ledger, or the whole
 * fee is written off so what was paid becomes a credit to refund, as money held after closing is.
 */
import { ENROLLMENT_STATUS_LABELS, type EnrollmentStatus } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES, type PaidMoneyDecision } from '@registrar/contract/fees';
import { localIsoDate } from '@registrar/contract/enrollment';
import { formatRupeesExact } from '@registrar/contract/language';
import type { Executor } from '../db/database';
import { badRequest } from '../lib/http-errors';
import { toRupees } from '../lib/money';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { reconcilePaid } from './fee-reconcile';
import { recordRefund } from './refund-intake';

const inr = (paise: number) => formatRupeesExact(toRupees(paise));

export interface ClosingMoney {
  enrollmentId: string;
  status: EnrollmentStatus;
  decision: PaidMoneyDecision | undefined;
  /** Why the enrolment closed, carried onto each refund and concession. */
  why: string;
  staffId: string;
}

/** Carries out the decision inside the status change's transaction; the caller holds the enrolment's lock. */
export async function settlePaidOnClose(tx: Executor, input: ClosingMoney): Promise<void> {
  const { enrollmentId, decision, staffId } = input;
  const nets = (await paymentRepository.netPayments(tx, enrollmentId)).filter((p) => p.netPaise > 0);
  const paid = nets.reduce((t, p) => t + p.netPaise, 0);
  if (paid === 0) return;
  if (!decision) {
    const message = `${FEE_MESSAGES.paidMoneyDecisionRequired} (${inr(paid)})`;
    throw badRequest(message, [{ path: 'paidMoney', message }]);
  }
  const reason = `Enrolment ${ENROLLMENT_STATUS_LABELS[input.status].toLowerCase()}${input.why ? `: ${input.why}` : ''}`;
  if (decision.decision === 'refund') {
    const refundedOn = localIsoDate();
    for (const p of nets)
      await recordRefund(tx, {
        enrollmentId,
        paymentId: p.id,
        amountPaise: p.netPaise,
        mode: decision.paymentMode,
        refundedOn,
        reason,
        effect: decision.effect,
        staffId,
      });
    return;
  }
  // Written off to nothing, the schedule holds none of the money: all of it is the credit to refund.
  const schedule = await enrollmentRepository.schedule(tx, enrollmentId);
  const fee = schedule.reduce((t, s) => t + s.amountPaise, 0);
  for (const row of schedule)
    if (row.amountPaise !== 0) await paymentRepository.updateInstallment(tx, row.id, { amountPaise: 0 });
  if (fee > 0)
    await paymentRepository.insertConcession(tx, {
      enrollmentId,
      amountPaise: fee,
      reason: `${reason}. ${inr(paid)} paid kept as a credit to refund`,
      recordedBy: staffId,
    });
  await reconcilePaid(tx, enrollmentId);
  await enrollmentRepository.addEvent(tx, {
    enrollmentId,
    kind: 'concession_given',
    note: `${inr(paid)} paid kept as a credit to refund; the fee of ${inr(fee)} written off. ${reason}`,
    staffId,
  });
}
