/**
 * The fee schedule and how money sits on it, as pure functions over integer paise. The server
 * writes by them and the enrolment edit dialog previews with them, so what staff are told before
 * saving is what the save does.
 */
import type { PaymentMethod } from './constants';
import { withTaxAdded } from './gst';

export interface PlannedInstallment {
  number: number;
  amountPaise: number;
  dueDate: string;
  /** The GST rate added on top (a tax-exclusive course while GST is on); absent or 0: none. */
  taxRateBp?: number;
}

/** `YYYY-MM-DD` plus `months`, the day clamped to the month's end (31 Jan + 1 → 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * Installment method → one installment per course emiPrice amount; full payment → one of the
 * price. The first is due on the joining date (or the submission date), then monthly.
 */
export function planFeeSchedule(
  course: { pricePaise: number; emiPricePaise: number[] },
  method: PaymentMethod,
  firstDue: string,
): PlannedInstallment[] {
  const amounts = method === 'installment' ? course.emiPricePaise : [course.pricePaise];
  return amounts.map((amountPaise, i) => ({ number: i + 1, amountPaise, dueDate: addMonths(firstDue, i) }));
}

/**
 * What each installment has been paid. A payment goes to the installment it was recorded for
 * while that installment still exists; a payment whose installment was replaced (a new course or
 * payment method) goes to the oldest installments first. `unallocated` is money the schedule
 * cannot hold (never left over when the rules are kept).
 */
export function allocatePayments(
  schedule: readonly { id: string; amountPaise: number }[],
  payments: readonly { installmentId: string | null; netPaise: number }[],
): { paidPaise: number[]; unallocated: number } {
  const paid = schedule.map(() => 0);
  const index = new Map(schedule.map((s, i) => [s.id, i]));
  let rest = 0;
  for (const p of payments) {
    const i = p.installmentId === null ? undefined : index.get(p.installmentId);
    if (i === undefined) {
      rest += p.netPaise;
      continue;
    }
    const put = Math.min(p.netPaise, Math.max(0, schedule[i]!.amountPaise - paid[i]!));
    paid[i]! += put;
    rest += p.netPaise - put;
  }
  for (let i = 0; i < schedule.length && rest > 0; i += 1) {
    const put = Math.min(rest, Math.max(0, schedule[i]!.amountPaise - paid[i]!));
    paid[i]! += put;
    rest -= put;
  }
  return { paidPaise: paid, unallocated: rest };
}

/**
 * A tax-exclusive course's schedule: each installment's price is its taxable value and the tax at
 * `rateBp` is added to what the student owes, the rate kept with the installment.
 */
export function addTaxOnTop(planned: readonly PlannedInstallment[], rateBp: number): PlannedInstallment[] {
  return planned.map((p) => ({ ...p, amountPaise: withTaxAdded(p.amountPaise, rateBp), taxRateBp: rateBp }));
}

/** A course's tax terms, the rate in basis points (18% = 1800). */
export interface CourseTaxTerms {
  taxInclusive: boolean;
  gstExempt: boolean;
  gstRateBp: number;
}

/** The rate added on top of a course's price: a tax-exclusive, taxable course while GST is on; else 0. */
export const rateAddedOnTopBp = (course: CourseTaxTerms, gstOn: boolean): number =>
  gstOn && !course.taxInclusive && !course.gstExempt ? course.gstRateBp : 0;

/**
 * What the student will owe for a course and payment method: its plan, with the tax added on top
 * of each installment when the course is tax-exclusive and GST is on.
 */
export function planOwedSchedule(
  course: { pricePaise: number; emiPricePaise: number[] } & CourseTaxTerms,
  method: PaymentMethod,
  firstDue: string,
  gstOn: boolean,
): PlannedInstallment[] {
  const planned = planFeeSchedule(course, method, firstDue);
  const rateBp = rateAddedOnTopBp(course, gstOn);
  return rateBp > 0 ? addTaxOnTop(planned, rateBp) : planned;
}

/**
 * A concession taken from the last installments backwards, never below what an installment has
 * been paid. Null when the schedule does not owe that much.
 */
export function applyConcession(
  schedule: readonly { amountPaise: number; paidPaise: number }[],
  concessionPaise: number,
): number[] | null {
  const amounts = schedule.map((s) => s.amountPaise);
  let rest = concessionPaise;
  for (let i = schedule.length - 1; i >= 0 && rest > 0; i -= 1) {
    const take = Math.min(rest, Math.max(0, amounts[i]! - schedule[i]!.paidPaise));
    amounts[i]! -= take;
    rest -= take;
  }
  return rest > 0 ? null : amounts;
}

/**
 * A "lower the fee" refund: each installment is lowered by what the refund took from its paid sum
 * (`paidBefore` against the schedule's paid sums after the refund), so an installment paid in full
 * stays paid; what the refund took from no installment (a credit) comes off the last open ones.
 * Null when the schedule does not owe that much.
 */
export function applyRefundConcession(
  schedule: readonly { amountPaise: number; paidPaise: number }[],
  paidBefore: readonly number[],
  concessionPaise: number,
): number[] | null {
  let rest = concessionPaise;
  const lowered = schedule.map((s, i) => {
    const take = Math.min(rest, Math.max(0, (paidBefore[i] ?? 0) - s.paidPaise));
    rest -= take;
    return { amountPaise: s.amountPaise - take, paidPaise: s.paidPaise };
  });
  if (rest === 0) return lowered.map((s) => s.amountPaise);
  return applyConcession(lowered, rest);
}

export interface CurrentInstallment {
  number: number;
  amountPaise: number;
  dueDate: string;
  paidPaise: number;
  /** Set on a charge a bounced cheque left: it is owed whatever the course, so a re-plan keeps it. */
  charge?: string | null | undefined;
}

export interface ReplannedInstallment extends PlannedInstallment {
  paidPaise: number;
  charge?: string | null | undefined;
  /** The due date it had before, when the re-plan moves it. */
  movedFrom: string | null;
}

export type Replan =
  | { kind: 'none' }
  | { kind: 'dates'; schedule: ReplannedInstallment[] }
  | { kind: 'schedule'; schedule: ReplannedInstallment[]; carriedPaise: number }
  | { kind: 'paidTooMuch'; paidPaise: number; newTotalPaise: number };

/**
 * What an enrolment edit does to the schedule. A new joining date alone moves the due dates of
 * installments not yet paid in full; a new course or payment method builds the new schedule,
 * takes the concessions already given from its end and carries what was paid (net of refunds)
 * over, oldest installment first; a bounced cheque's charges stay lines of their own, after it.
 * More paid than the new total cannot be carried.
 */
export function replanSchedule(input: {
  current: readonly CurrentInstallment[];
  /** Live payments less refunds. */
  netPaidPaise: number;
  concessionPaise: number;
  scheduleChanged: boolean;
  /** Set when the first due date changes. */
  firstDue: string;
  dateChanged: boolean;
  plan: () => PlannedInstallment[];
}): Replan {
  if (input.scheduleChanged) {
    const planned = input.plan();
    const amounts =
      applyConcession(
        planned.map((p) => ({ amountPaise: p.amountPaise, paidPaise: 0 })),
        input.concessionPaise,
      ) ?? planned.map(() => 0);
    const last = planned.reduce((n, p) => Math.max(n, p.number), 0);
    const charges = input.current
      .filter((c) => c.charge)
      .map((c, i) => ({ number: last + i + 1, amountPaise: c.amountPaise, dueDate: c.dueDate, charge: c.charge }));
    const rows = [...planned.map((p, i) => ({ ...p, amountPaise: amounts[i]! })), ...charges];
    const newTotalPaise = rows.reduce((t, r) => t + r.amountPaise, 0);
    if (input.netPaidPaise > newTotalPaise)
      return { kind: 'paidTooMuch', paidPaise: input.netPaidPaise, newTotalPaise };
    const { paidPaise } = allocatePayments(
      rows.map((r) => ({ id: String(r.number), amountPaise: r.amountPaise })),
      [{ installmentId: null, netPaise: input.netPaidPaise }],
    );
    return {
      kind: 'schedule',
      carriedPaise: input.netPaidPaise,
      schedule: rows.map((r, i) => ({ ...r, paidPaise: paidPaise[i]!, movedFrom: null })),
    };
  }
  if (!input.dateChanged) return { kind: 'none' };
  return {
    kind: 'dates',
    schedule: input.current.map((c) => {
      const kept = c.charge || c.paidPaise >= c.amountPaise;
      const dueDate = kept ? c.dueDate : addMonths(input.firstDue, c.number - 1);
      return { ...c, dueDate, movedFrom: dueDate === c.dueDate ? null : c.dueDate };
    }),
  };
}
