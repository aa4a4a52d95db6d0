/** Installment paid sums, always recomputed from the ledger rather than added to. */
import { allocatePayments } from '@registrar/contract/fee-plan';
import type { Executor } from '../db/database';
import { enrollmentRepository, type InstallmentRow } from '../repositories/enrollment-repository';
import { intakeRepository } from '../repositories/intake-repository';

/**
 * Recomputes every installment's paid sum of these enrolments from their ledgers (live payments
 * less refunds). The caller holds the enrolments' locks and may hand their schedules as it read
 * them; only changed rows are written, so the dashboard totals' triggers see exactly the change.
 */
export async function reconcilePaid(
  tx: Executor,
  enrollments: string | readonly string[],
  stored?: ReadonlyMap<string, InstallmentRow[]>,
): Promise<void> {
  const ids = typeof enrollments === 'string' ? [enrollments] : [...new Set(enrollments)];
  if (!ids.length) return;
  const nets = await intakeRepository.netPayments(tx, ids);
  const changes: { id: string; paidPaise: number }[] = [];
  for (const id of ids) {
    // One after the other: a transaction is one connection.
    const schedule = stored?.get(id) ?? (await enrollmentRepository.schedule(tx, id));
    const { paidPaise } = allocatePayments(schedule, nets.get(id)!);
    for (const [i, row] of schedule.entries())
      if (row.paidPaise !== paidPaise[i]) changes.push({ id: row.id, paidPaise: paidPaise[i]! });
  }
  await intakeRepository.setPaid(tx, changes);
}
