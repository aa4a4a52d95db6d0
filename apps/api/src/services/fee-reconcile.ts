/** Installment paid sums, always recomputed from the ledger rather than added to. */
import { allocatePayments } from '@registrar/contract/fee-plan';
import type { Executor } from '../db/database';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { paymentRepository } from '../repositories/payment-repository';

/**
 * Recomputes every installment's paid sum of one enrolment from its ledger (live payments less
 * refunds). The caller holds the enrolment's lock; only changed rows are written, so the
 * dashboard totals' triggers see exactly the change.
 */
export async function reconcilePaid(tx: Executor, enrollmentId: string): Promise<void> {
  // One after the other: a transaction is one connection.
  const schedule = await enrollmentRepository.schedule(tx, enrollmentId);
  const net = await paymentRepository.netPayments(tx, enrollmentId);
  const { paidPaise } = allocatePayments(schedule, net);
  for (const [i, row] of schedule.entries())
    if (row.paidPaise !== paidPaise[i]) await paymentRepository.setPaid(tx, row.id, paidPaise[i]!);
}
