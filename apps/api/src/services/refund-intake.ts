/**
 * The one way money leaves the ledger: staff refunding at the counter and a gateway refund that
 * settles later both call `recordRefund` inside their own transaction, so the refund, its number,
 * the paid sums and whatever its effect writes (a concession, a cancellation) commit together.
 */
import { ENROLLMENT_MESSAGES, ENROLLMENT_TRANSITIONS } from '@registrar/contract/enrollment-admin';
import { allocatePayments, applyConcession, applyRefundConcession } from '@registrar/contract/fee-plan';
import { FEE_MESSAGES, type RefundEffect } from '@registrar/contract/fees';
import { PAYMENT_MODE_NAMES, type RecordedPaymentMode } from '@registrar/contract/constants';
import { localIsoDate } from '@registrar/contract/enrollment';
import { formatRupeesExact } from '@registrar/contract/language';
import type { Executor } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { toRupees } from '../lib/money';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { reconcilePaid } from './fee-reconcile';
import { creditRefund } from './gst/tax-documents';
import { tellOfRefund } from './student-messages';

const inr = (paise: number) => formatRupeesExact(toRupees(paise));
const amountProblem = (message: string) => badRequest(message, [{ path: 'amount', message }]);

export interface OutgoingRefund {
  enrollmentId: string;
  paymentId: string;
  amountPaise: number;
  mode: RecordedPaymentMode;
  refundedOn: string;
  reason: string;
  effect: RefundEffect;
  /** Null for a door no person worked (a gateway's settlement). */
  staffId: string | null;
  /** The process that recorded a gateway's settlement; absent for staff at the counter. */
  process?: RefundProcess;
}

/** The processes that settle a gateway's refund: its answer to the request, its webhook, the reconciler. */
export type RefundProcess = 'gateway_answer' | 'gateway_webhook' | 'gateway_reconciler';

/**
 * Writes the schedule down by `paise` as a concession naming the refund: from the installments the
 * refund took paid money from (`paidBefore`, so a paid one stays paid), else from the last open ones.
 */
async function concede(
  tx: Executor,
  input: OutgoingRefund,
  refundId: string,
  paise: number,
  reason: string,
  paidBefore?: readonly number[],
) {
  const { enrollmentId } = input;
  const schedule = await enrollmentRepository.schedule(tx, enrollmentId);
  const amounts = paidBefore ? applyRefundConcession(schedule, paidBefore, paise) : applyConcession(schedule, paise);
  if (!amounts) throw amountProblem(FEE_MESSAGES.refundLowerFeeTooMuch);
  for (const [i, row] of schedule.entries())
    if (amounts[i] !== row.amountPaise)
      await paymentRepository.updateInstallment(tx, row.id, { amountPaise: amounts[i]! });
  await paymentRepository.insertConcession(tx, {
    enrollmentId,
    amountPaise: paise,
    reason,
    recordedBy: input.staffId,
    refundId,
  });
  await reconcilePaid(tx, enrollmentId);
}

const EFFECT_NOTES: Record<RefundEffect, string> = {
  'owed-again': 'owed again',
  'lower-fee': 'fee lowered by the same amount',
  'end-enrolment': 'enrolment ended',
  credit: 'credit returned',
};

export async function recordRefund(
  tx: Executor,
  input: OutgoingRefund,
): Promise<{ refundId: string; refundNumber: string }> {
  const { enrollmentId, amountPaise, effect } = input;
  const enrollment = await paymentRepository.lockEnrollment(tx, enrollmentId);
  if (!enrollment) throw notFound(ENROLLMENT_MESSAGES.notFound);
  const payment = await paymentRepository.byIdForUpdate(tx, input.paymentId);
  if (!payment || payment.enrollmentId !== enrollmentId) throw notFound(FEE_MESSAGES.paymentNotFound);
  if (payment.voidedAt) throw conflict(FEE_MESSAGES.refundOfVoided);
  // Money goes back only after it came in: an earlier date would put a refund in a month with no payment.
  if (input.refundedOn < payment.paidOn)
    throw badRequest(FEE_MESSAGES.refundBeforePayment, [
      { path: 'refundedOn', message: FEE_MESSAGES.refundBeforePayment },
    ]);
  const left = payment.amountPaise - (await paymentRepository.refundedPaise(tx, payment.id));
  if (amountPaise > left) throw amountProblem(`${FEE_MESSAGES.refundTooMuch} (${inr(left)})`);
  // A rejected enrolment is already ended: ending it again only writes off what it still owes.
  const closed = enrollment.status === 'cancelled' || enrollment.status === 'rejected';
  if (
    effect === 'end-enrolment' &&
    !closed &&
    !ENROLLMENT_TRANSITIONS[enrollment.status as keyof typeof ENROLLMENT_TRANSITIONS]?.includes('cancelled')
  )
    throw conflict(FEE_MESSAGES.refundEndNotAllowed);
  // Money held on a closed enrolment is all credit; it paid no installment a refund could re-open.
  if (effect === 'credit' && !payment.heldAsCredit) {
    // Only money beyond the whole schedule is a credit; giving back less of it never re-opens an installment.
    const schedule = await enrollmentRepository.schedule(tx, enrollmentId);
    const credit = allocatePayments(schedule, await paymentRepository.netPayments(tx, enrollmentId)).unallocated;
    if (amountPaise > credit) throw amountProblem(`${FEE_MESSAGES.refundMoreThanCredit} (${inr(credit)})`);
  }

  // What each installment had been paid, so a lower fee lands where the refunded money sat.
  const paidBefore =
    effect === 'lower-fee'
      ? (await enrollmentRepository.schedule(tx, enrollmentId)).map((s) => s.paidPaise)
      : undefined;
  const refundNumber = await paymentRepository.nextRefundNumber(tx, Number(localIsoDate().slice(0, 4)));
  const refundId = await paymentRepository.insertRefund(tx, {
    enrollmentId,
    paymentId: payment.id,
    amountPaise,
    mode: input.mode,
    refundedOn: input.refundedOn,
    reason: input.reason,
    refundNumber,
    recordedBy: input.staffId,
    recordedProcess: input.process ?? null,
    effect,
  });
  // A refund of an invoiced payment issues a credit note quoting the invoice.
  await creditRefund(tx, { id: refundId, paymentId: payment.id, amountPaise });
  await tellOfRefund(tx, {
    id: refundId,
    enrollmentId,
    amountPaise,
    voucher: refundNumber,
    receipt: payment.receiptNumber,
  });
  await reconcilePaid(tx, enrollmentId);
  if (effect === 'lower-fee')
    await concede(tx, input, refundId, amountPaise, `${refundNumber}: ${input.reason}`, paidBefore);
  if (effect === 'end-enrolment') {
    const schedule = await enrollmentRepository.schedule(tx, enrollmentId);
    const open = schedule.reduce((t, s) => t + Math.max(0, s.amountPaise - s.paidPaise), 0);
    if (open > 0) await concede(tx, input, refundId, open, `Enrolment ended by ${refundNumber}: ${input.reason}`);
    if (!closed) {
      await enrollmentRepository.update(tx, enrollmentId, { status: 'cancelled' });
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'status_changed',
        fromStatus: enrollment.status as never,
        toStatus: 'cancelled',
        note: `Ended with refund ${refundNumber}`,
        staffId: input.staffId,
      });
    }
  }
  await enrollmentRepository.addEvent(tx, {
    enrollmentId,
    kind: 'payment_refunded',
    note: `${refundNumber}: ${inr(amountPaise)} of ${payment.receiptNumber} refunded by ${PAYMENT_MODE_NAMES[input.mode]} (${EFFECT_NOTES[effect]}). Reason: ${input.reason}`,
    staffId: input.staffId,
  });
  return { refundId, refundNumber };
}
