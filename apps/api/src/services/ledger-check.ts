/**
 * `verify-ledger`: recomputes from the money ledger (payments, voids, refunds) everything kept
 * beside it — each installment's paid sum, the dashboard's running totals, the number counters —
 * checks modes, refund effects, cheque outcomes and each day book closing, and names every difference. An empty answer means the books balance.
 */
import { allocatePayments } from '@registrar/contract/fee-plan';
import type { Db } from '../db/database';
import { ledgerCheckRepository as ledger, type OwedRow as Owed } from '../repositories/ledger-check-repository';
import { formatInr } from './fee-service';
import { verifyDayBook } from './day-book-figures';
import { verifyAccounts } from './ledger-check-accounts';
import { verifyClosedCredits } from './ledger-check-credits';
import { verifyDoors } from './ledger-check-doors';
import { verifyFiledPeriods } from './ledger-check-periods';

/** Two sets of keyed figures; a line for each key where they differ. */
function compare(what: string, kept: Map<string, string>, truth: Map<string, string>): string[] {
  const out: string[] = [];
  for (const key of new Set([...kept.keys(), ...truth.keys()]))
    if ((kept.get(key) ?? '0') !== (truth.get(key) ?? '0'))
      out.push(`${what} ${key}: kept ${kept.get(key) ?? '0'}, ledger says ${truth.get(key) ?? '0'}`);
  return out.sort();
}

const owedText = (r: Owed) => `${r.owed} in ${r.open_count}, ${r.pending} of it pending`;
const keyed = <T>(list: T[], key: (r: T) => string, value: (r: T) => string) =>
  new Map(list.map((r) => [key(r), value(r)]));

export async function verifyLedger(db: Db): Promise<string[]> {
  const problems: string[] = [];

  // Paid sums: the same allocation the fee service writes, over every enrolment at once.
  const schedule = await ledger.schedule(db);
  const net = await ledger.netPayments(db);
  const paymentsBy = new Map<string, { installmentId: string | null; netPaise: number }[]>();
  for (const p of net) {
    const list = paymentsBy.get(p.enrollment_id) ?? [];
    list.push({ installmentId: p.installment_id, netPaise: Number(p.net) });
    paymentsBy.set(p.enrollment_id, list);
  }
  const scheduleBy = new Map<string, typeof schedule>();
  for (const s of schedule) {
    const list = scheduleBy.get(s.enrollment_id) ?? [];
    list.push(s);
    scheduleBy.set(s.enrollment_id, list);
  }
  for (const [enrollmentId, list] of paymentsBy)
    if (!scheduleBy.has(enrollmentId))
      problems.push(
        `enrolment ${enrollmentId}: ${formatInr(list.reduce((t, p) => t + p.netPaise, 0))} paid but no schedule`,
      );
  for (const [enrollmentId, rowsOf] of scheduleBy) {
    // Money beyond the schedule is a credit to refund, not a fault: money that arrived is never refused.
    const { paidPaise } = allocatePayments(
      rowsOf.map((r) => ({ id: r.id, amountPaise: Number(r.amount_paise) })),
      paymentsBy.get(enrollmentId) ?? [],
    );
    rowsOf.forEach((r, i) => {
      if (Number(r.paid_paise) !== paidPaise[i])
        problems.push(
          `${r.enrollment_number} installment ${r.number}: paid kept ${formatInr(Number(r.paid_paise))}, ledger says ${formatInr(paidPaise[i]!)}`,
        );
    });
  }

  // Refunds never exceed their payment, and a voided payment has none — but a bounced cheque keeps the
  // refunds paid out on it, owed again as a charge of the same amount.
  for (const r of await ledger.overRefunded(db))
    problems.push(
      `${r.receipt_number}: ${r.voided ? 'voided but refunded' : 'refunded more than paid'} (${formatInr(Number(r.refunded))} of ${formatInr(Number(r.amount))})`,
    );

  // A refund gives back money already received: dated before its payment, a month's takings go negative.
  for (const r of await ledger.refundsBeforePayment(db))
    problems.push(`${r.refund_number}: dated ${r.refunded_on}, before its payment ${r.receipt_number} of ${r.paid_on}`);

  // Dashboard totals kept by triggers.
  problems.push(
    ...compare(
      'collected in month',
      keyed(
        await ledger.keptMonthTotals(db),
        (r) => r.month,
        (r) => r.paid,
      ),
      keyed(
        await ledger.ledgerMonthTotals(db),
        (r) => r.month,
        (r) => r.paid,
      ),
    ),
    ...compare(
      'owed due on',
      keyed(await ledger.keptOwed(db), (r) => r.due_date, owedText),
      keyed(await ledger.ledgerOwed(db), (r) => r.due_date, owedText),
    ),
    ...compare(
      'enrolments of',
      keyed(
        await ledger.keptEnrollmentCounts(db),
        (r) => r.key,
        (r) => String(r.count),
      ),
      keyed(
        await ledger.ledgerEnrollmentCounts(db),
        (r) => r.key,
        (r) => String(r.count),
      ),
    ),
  );

  // Numbers given without gap or repeat: each year's counter equals how many numbers exist.
  for (const r of await ledger.counterGaps(db))
    problems.push(`${r.kind} numbers of ${r.year}: counter at ${r.last}, ${r.given} in the ledger`);

  problems.push(...(await verifyAccounts(db)), ...(await verifyDayBook(db)));
  problems.push(...(await verifyDoors(db)), ...(await verifyFiledPeriods(db)), ...(await verifyClosedCredits(db)));
  return problems;
}
