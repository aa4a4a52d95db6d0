/** Re-planning an enrolment's fees when its course, payment method or joining date changes. */
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import type { PaymentMethod } from '@registrar/contract/constants';
import { formatDate } from '@registrar/contract/language';
import { replanSchedule } from '@registrar/contract/fee-plan';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import type { Executor } from '../db/database';
import { conflict } from '../lib/http-errors';
import { courseRepository } from '../repositories/course-repository';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { planOwed } from './enrollment-fee-schedule';
import { formatInr } from './fee-service';
import { reconcilePaid } from './fee-reconcile';
import { validationError } from './enrollment-record';

/**
 * Re-plans the schedule without touching the ledger: a new joining date moves the due dates of
 * installments not paid in full; a new course or payment method replaces the schedule and the
 * payments (each keeping its receipt) are carried over oldest installment first. Refused when
 * more has been paid than the new schedule asks.
 */
export async function replanFees(
  tx: Executor,
  id: string,
  change: {
    courseId: string;
    paymentMethod: PaymentMethod;
    firstDue: string;
    scheduleChanged: boolean;
    dateChanged: boolean;
    staffId: string;
  },
): Promise<void> {
  // One after the other: a transaction is one connection.
  const current = await enrollmentRepository.schedule(tx, id);
  const net = await paymentRepository.netPayments(tx, id);
  const concessionPaise = await paymentRepository.concessionPaise(tx, id);
  const course = change.scheduleChanged ? await courseRepository.byId(tx, change.courseId) : undefined;
  if (change.scheduleChanged && !course)
    throw validationError([{ path: 'courseId', message: ENROLLMENT_MESSAGES.courseUnavailable }]);
  const planned = course ? await planOwed(tx, course, change.paymentMethod, change.firstDue) : [];
  const result = replanSchedule({
    current,
    netPaidPaise: net.reduce((t, p) => t + p.netPaise, 0),
    concessionPaise,
    scheduleChanged: change.scheduleChanged,
    dateChanged: change.dateChanged,
    firstDue: change.firstDue,
    plan: () => planned,
  });
  if (result.kind === 'none') return;
  if (result.kind === 'paidTooMuch')
    throw conflict(
      `${FEE_MESSAGES.replanPaidTooMuch} (paid ${formatInr(result.paidPaise)}, new total ${formatInr(result.newTotalPaise)})`,
    );
  if (result.kind === 'dates') {
    for (const [i, row] of result.schedule.entries())
      if (row.movedFrom) await paymentRepository.updateInstallment(tx, current[i]!.id, { dueDate: row.dueDate });
  } else {
    await enrollmentRepository.replaceSchedule(
      tx,
      id,
      result.schedule.map(({ number, amountPaise, dueDate, taxRateBp, charge }) => ({
        number,
        amountPaise,
        dueDate,
        taxRateBp,
        charge,
      })),
    );
    await reconcilePaid(tx, id);
  }
  const line = (r: { number: number; amountPaise: number; dueDate: string; paidPaise: number }) =>
    `#${r.number} ${formatInr(r.amountPaise)} due ${formatDate(r.dueDate)} paid ${formatInr(r.paidPaise)}`;
  await enrollmentRepository.addEvent(tx, {
    enrollmentId: id,
    kind: 'schedule_replanned',
    note: `${
      result.kind === 'dates'
        ? 'New joining date: due dates of open installments moved'
        : `New course or payment method: schedule rebuilt, ${formatInr(result.carriedPaise)} carried over oldest installment first`
    }. Before: ${current.map(line).join('; ') || 'none'}. After: ${result.schedule.map(line).join('; ') || 'none'}.`,
    staffId: change.staffId,
  });
}
