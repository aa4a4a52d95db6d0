/**
 * `verify-ledger`: recomputes from the money ledger (payments, voids, refunds) everything kept
 * beside it — each installment's paid sum, the dashboard's running totals, the number counters —
 * checks modes, refund effects, cheque outcomes and each day book closing, and names every difference. An empty answer means the books balance.
 */
import { sql } from 'drizzle-orm';
import { allocatePayments } from '@registrar/contract/fee-plan';
import { sqlRows, type Db } from '../db/database';
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

interface Owed {
  due_date: string;
  owed: string;
  open_count: number;
  pending: string;
}
const owedText = (r: Owed) => `${r.owed} in ${r.open_count}, ${r.pending} of it pending`;
const keyed = <T>(list: T[], key: (r: T) => string, value: (r: T) => string) =>
  new Map(list.map((r) => [key(r), value(r)]));

export async function verifyLedger(db: Db): Promise<string[]> {
  const problems: string[] = [];

  // Paid sums: the same allocation the fee service writes, over every enrolment at once.
  const schedule = await sqlRows<{
    id: string;
    enrollment_id: string;
    enrollment_number: string;
    number: number;
    amount_paise: string;
    paid_paise: string;
  }>(
    db,
    sql`select i.id, i.enrollment_id, e.enrollment_number, i.number, i.amount_paise::text, i.paid_paise::text
        from installments i join enrollments e on e.id = i.enrollment_id order by i.enrollment_id, i.number`,
  );
  const net = await sqlRows<{ enrollment_id: string; installment_id: string | null; net: string }>(
    db,
    sql`select p.enrollment_id, p.installment_id,
               (p.amount_paise - coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0))::text as net
        from payments p where p.voided_at is null and not p.held_as_credit
        order by p.enrollment_id, p.created_at, p.receipt_number`,
  );
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
  for (const r of await sqlRows<{ receipt_number: string; amount: string; refunded: string; voided: boolean }>(
    db,
    sql`select p.receipt_number, p.amount_paise::text as amount, sum(r.amount_paise)::text as refunded, p.voided_at is not null as voided
        from payments p join refunds r on r.payment_id = p.id
        left join cheque_events c on c.payment_id = p.id and c.state = 'bounced'
        group by p.id, c.id
        having sum(r.amount_paise) > p.amount_paise or (p.voided_at is not null and c.id is null)`,
  ))
    problems.push(
      `${r.receipt_number}: ${r.voided ? 'voided but refunded' : 'refunded more than paid'} (${formatInr(Number(r.refunded))} of ${formatInr(Number(r.amount))})`,
    );

  // A refund gives back money already received: dated before its payment, a month's takings go negative.
  for (const r of await sqlRows<{
    refund_number: string;
    receipt_number: string;
    refunded_on: string;
    paid_on: string;
  }>(
    db,
    sql`select r.refund_number, p.receipt_number, r.refunded_on::text, p.paid_on::text
        from refunds r join payments p on p.id = r.payment_id where r.refunded_on < p.paid_on order by r.refund_number`,
  ))
    problems.push(`${r.refund_number}: dated ${r.refunded_on}, before its payment ${r.receipt_number} of ${r.paid_on}`);

  // Dashboard totals kept by triggers.
  problems.push(
    ...compare(
      'collected in month',
      keyed(
        await sqlRows<{ month: string; paid: string }>(
          db,
          sql`select month::text, paid_paise::text as paid from dashboard_payment_totals where paid_paise <> 0`,
        ),
        (r) => r.month,
        (r) => r.paid,
      ),
      keyed(
        await sqlRows<{ month: string; paid: string }>(
          db,
          sql`select month::text, sum(amount)::text as paid from (
                select date_trunc('month', paid_on::timestamp)::date as month, amount_paise as amount from payments where voided_at is null
                union all
                select date_trunc('month', refunded_on::timestamp)::date, -amount_paise from refunds) m
              group by 1 having sum(amount) <> 0`,
        ),
        (r) => r.month,
        (r) => r.paid,
      ),
    ),
    ...compare(
      'owed due on',
      keyed(
        await sqlRows<Owed>(
          db,
          sql`select due_date::text, owed_paise::text as owed, open_count, pending_owed_paise::text as pending
              from dashboard_open_installments where owed_paise <> 0 or open_count <> 0 or pending_owed_paise <> 0`,
        ),
        (r) => r.due_date,
        owedText,
      ),
      keyed(
        await sqlRows<Owed>(
          db,
          sql`select i.due_date::text, sum(i.amount_paise - i.paid_paise)::text as owed, count(*)::int as open_count,
                coalesce(sum(i.amount_paise - i.paid_paise) filter (where e.status = 'pending'), 0)::text as pending
              from installments i join enrollments e on e.id = i.enrollment_id and dashboard_fees_count(e.status)
              where i.paid_paise < i.amount_paise group by 1`,
        ),
        (r) => r.due_date,
        owedText,
      ),
    ),
    ...compare(
      'enrolments of',
      keyed(
        await sqlRows<{ key: string; count: number }>(
          db,
          sql`select month::text || ' ' || course_id || ' ' || status as key, count from dashboard_enrollment_counts where count <> 0`,
        ),
        (r) => r.key,
        (r) => String(r.count),
      ),
      keyed(
        await sqlRows<{ key: string; count: number }>(
          db,
          sql`select date_trunc('month', created_at)::date::text || ' ' || course_id || ' ' || status as key, count(*)::int as count
              from enrollments group by date_trunc('month', created_at), course_id, status`,
        ),
        (r) => r.key,
        (r) => String(r.count),
      ),
    ),
  );

  // Numbers given without gap or repeat: each year's counter equals how many numbers exist.
  for (const [kind, counter, table, column] of [
    ['receipt', 'receipt_counters', 'payments', 'receipt_number'],
    ['refund', 'refund_counters', 'refunds', 'refund_number'],
  ] as const)
    for (const r of await sqlRows<{ year: number; last: number; given: number }>(
      db,
      sql`select c.year, c.last, (select count(*) from ${sql.raw(table)} t
            where t.${sql.raw(column)} like '%-' || c.year || '-%')::int as given
          from ${sql.raw(counter)} c where c.last <> (select count(*) from ${sql.raw(table)} t
            where t.${sql.raw(column)} like '%-' || c.year || '-%')`,
    ))
      problems.push(`${kind} numbers of ${r.year}: counter at ${r.last}, ${r.given} in the ledger`);

  problems.push(...(await verifyAccounts(db)), ...(await verifyDayBook(db)));
  problems.push(...(await verifyDoors(db)), ...(await verifyFiledPeriods(db)), ...(await verifyClosedCredits(db)));
  return problems;
}
