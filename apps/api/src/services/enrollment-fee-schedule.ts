/**
 * The fee schedule (DESIGN §5): built by the server from the course, never from client amounts.
 * Installment method → one installment per course emiPrice amount; full payment → one of the
 * price. The first is due on the joining date (or the submission date), then monthly.
 */
import type { InstallmentStatus } from '@registrar/contract/enrollment-admin';
import type { PaymentMethod } from '@registrar/contract/constants';

export interface PlannedInstallment {
  number: number;
  amountPaise: number;
  dueDate: string;
}

/** `YYYY-MM-DD` plus `months`, the day clamped to the month's end (31 Jan + 1 → 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export function planFeeSchedule(
  course: { pricePaise: number; emiPricePaise: number[] },
  method: PaymentMethod,
  firstDue: string,
): PlannedInstallment[] {
  const amounts = method === 'installment' ? course.emiPricePaise : [course.pricePaise];
  return amounts.map((amountPaise, i) => ({ number: i + 1, amountPaise, dueDate: addMonths(firstDue, i) }));
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
