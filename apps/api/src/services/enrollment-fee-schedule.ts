/**
 * The fee schedule: built by the server from the course, never from client amounts. The
 * planning itself is shared with the web app (contract `fee-plan`).
 */
import type { InstallmentStatus } from '@registrar/contract/enrollment-admin';
import { addMonths, planFeeSchedule, type PlannedInstallment } from '@registrar/contract/fee-plan';

export { addMonths, planFeeSchedule, type PlannedInstallment };

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
