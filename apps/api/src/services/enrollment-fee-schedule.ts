/**
 * The fee schedule: built by the server from the course, never from client amounts. The
 * planning itself is shared with the web app (contract `fee-plan`).
 */
import type { PaymentMethod } from '@registrar/contract/constants';
import type { InstallmentStatus } from '@registrar/contract/enrollment-admin';
import {
  addMonths,
  planFeeSchedule,
  planOwedSchedule,
  rateAddedOnTopBp,
  type PlannedInstallment,
} from '@registrar/contract/fee-plan';
import type { Executor } from '../db/database';
import type { CourseRow } from '../repositories/course-repository';
import { gstRepository } from '../repositories/gst-repository';

export { addMonths, planFeeSchedule, type PlannedInstallment };

/**
 * What the student will owe: the course's plan, with the tax added on top of each installment
 * when the course is tax-exclusive and GST is on (the rate is kept with each installment).
 */
export async function planOwed(
  db: Executor,
  course: Pick<CourseRow, 'pricePaise' | 'emiPricePaise' | 'taxInclusive' | 'gstExempt' | 'gstRateBp'>,
  method: PaymentMethod,
  firstDue: string,
): Promise<PlannedInstallment[]> {
  // The settings are read only when the course could carry tax on top.
  if (rateAddedOnTopBp(course, true) === 0) return planFeeSchedule(course, method, firstDue);
  const settings = await gstRepository.settings(db);
  return planOwedSchedule(course, method, firstDue, Boolean(settings?.enabled && settings.gstin));
}

/** What the client showed must be what the course says (in paise, so 1999.99 compares exactly). */
export function amountsAgree(planned: PlannedInstallment[], clientRupees: number[] | undefined): boolean {
  if (!clientRupees) return true;
  return (
    clientRupees.length === planned.length &&
    clientRupees.every((r, i) => Math.round(r * 100) === planned[i]!.amountPaise)
  );
}

/** Installment state from what was paid against it and the date (derived, never stored). */
export function installmentStatus(
  amountPaise: number,
  paidPaise: number,
  dueDate: string,
  today: string,
): InstallmentStatus {
  if (paidPaise >= amountPaise) return 'paid';
  if (dueDate < today) return 'overdue';
  return paidPaise > 0 ? 'partial' : 'unpaid';
}
