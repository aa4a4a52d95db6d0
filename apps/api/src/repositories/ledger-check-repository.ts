/**
 * The ledger as `verify-ledger` reads it: what is kept beside the money (paid sums, dashboard
 * totals, number counters) and what the ledger itself says, row by row, for the service to compare.
 */
import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../db/database';

export interface ScheduleRow {
  id: string;
  enrollment_id: string;
  enrollment_number: string;
  number: number;
  amount_paise: string;
  paid_paise: string;
}
export interface OwedRow {
  due_date: string;
  owed: string;
  open_count: number;
  pending: string;
}
const NUMBERED = [
  ['receipt', 'receipt_counters', 'payments', 'receipt_number'],
  ['refund', 'refund_counters', 'refunds', 'refund_number'],
] as const;

export const ledgerCheckRepository = {
  schedule: (db: Db) =>
    sqlRows<ScheduleRow>(
      db,
      sql`select i.id, i.enrollment_id, e.enrollment_number, i.number, i.amount_paise::text, i.paid_paise::text
          from installments i join enrollments e on e.id = i.enrollment_id order by i.enrollment_id, i.number`,
    ),

  /** Live payments that pay installments, less their refunds, in the order they are allocated. */
  netPayments: (db: Db) =>
    sqlRows<{ enrollment_id: string; installment_id: string | null; net: string }>(
      db,
      sql`select p.enrollment_id, p.installment_id,
                 (p.amount_paise - coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0))::text as net
          from payments p where p.voided_at is null and not p.held_as_credit
          order by p.enrollment_id, p.created_at, p.receipt_number`,
    ),

  /** Payments refunded beyond their amount, or voided (not by a bounce) with refunds on them. */
  overRefunded: (db: Db) =>
    sqlRows<{ receipt_number: string; amount: string; refunded: string; voided: boolean }>(
      db,
      sql`select p.receipt_number, p.amount_paise::text as amount, sum(r.amount_paise)::text as refunded, p.voided_at is not null as voided
          from payments p join refunds r on r.payment_id = p.id
          left join cheque_events c on c.payment_id = p.id and c.state = 'bounced'
          group by p.id, c.id
          having sum(r.amount_paise) > p.amount_paise or (p.voided_at is not null and c.id is null)`,
    ),

  refundsBeforePayment: (db: Db) =>
    sqlRows<{ refund_number: string; receipt_number: string; refunded_on: string; paid_on: string }>(
      db,
      sql`select r.refund_number, p.receipt_number, r.refunded_on::text, p.paid_on::text
          from refunds r join payments p on p.id = r.payment_id where r.refunded_on < p.paid_on order by r.refund_number`,
    ),

  keptMonthTotals: (db: Db) =>
    sqlRows<{ month: string; paid: string }>(
      db,
      sql`select month::text, paid_paise::text as paid from dashboard_payment_totals where paid_paise <> 0`,
    ),

  ledgerMonthTotals: (db: Db) =>
    sqlRows<{ month: string; paid: string }>(
      db,
      sql`select month::text, sum(amount)::text as paid from (
            select date_trunc('month', paid_on::timestamp)::date as month, amount_paise as amount from payments where voided_at is null
            union all
            select date_trunc('month', refunded_on::timestamp)::date, -amount_paise from refunds) m
          group by 1 having sum(amount) <> 0`,
    ),

  keptOwed: (db: Db) =>
    sqlRows<OwedRow>(
      db,
      sql`select due_date::text, owed_paise::text as owed, open_count, pending_owed_paise::text as pending
          from dashboard_open_installments where owed_paise <> 0 or open_count <> 0 or pending_owed_paise <> 0`,
    ),

  ledgerOwed: (db: Db) =>
    sqlRows<OwedRow>(
      db,
      sql`select i.due_date::text, sum(i.amount_paise - i.paid_paise)::text as owed, count(*)::int as open_count,
            coalesce(sum(i.amount_paise - i.paid_paise) filter (where e.status = 'pending'), 0)::text as pending
          from installments i join enrollments e on e.id = i.enrollment_id and dashboard_fees_count(e.status)
          where i.paid_paise < i.amount_paise group by 1`,
    ),

  keptEnrollmentCounts: (db: Db) =>
    sqlRows<{ key: string; count: number }>(
      db,
      sql`select month::text || ' ' || course_id || ' ' || status as key, count from dashboard_enrollment_counts where count <> 0`,
    ),

  ledgerEnrollmentCounts: (db: Db) =>
    sqlRows<{ key: string; count: number }>(
      db,
      sql`select date_trunc('month', created_at)::date::text || ' ' || course_id || ' ' || status as key, count(*)::int as count
          from enrollments group by date_trunc('month', created_at), course_id, status`,
    ),

  /** Each year whose receipt or refund counter differs from how many numbers of that year exist. */
  async counterGaps(db: Db) {
    const gaps: { kind: string; year: number; last: number; given: number }[] = [];
    for (const [kind, counter, table, column] of NUMBERED)
      for (const r of await sqlRows<{ year: number; last: number; given: number }>(
        db,
        sql`select c.year, c.last, (select count(*) from ${sql.raw(table)} t
              where t.${sql.raw(column)} like '%-' || c.year || '-%')::int as given
            from ${sql.raw(counter)} c where c.last <> (select count(*) from ${sql.raw(table)} t
              where t.${sql.raw(column)} like '%-' || c.year || '-%')`,
      ))
        gaps.push({ kind, ...r });
    return gaps;
  },

  paymentModes: (db: Db) =>
    sqlRows<{ receipt_number: string; mode: string; utr: string | null }>(
      db,
      sql`select receipt_number, mode, utr from payments`,
    ),

  refundModes: (db: Db) =>
    sqlRows<{ refund_number: string; mode: string }>(db, sql`select refund_number, mode from refunds`),

  /** Each refund with its enrolment's status and the concessions it carries. */
  refundEffects: (db: Db) =>
    sqlRows<{ refund_number: string; effect: string; amount: string; conceded: string; status: string }>(
      db,
      sql`select r.refund_number, r.effect, r.amount_paise::text as amount, e.status,
                 coalesce((select sum(c.amount_paise) from concessions c where c.refund_id = r.id), 0)::text as conceded
          from refunds r join enrollments e on e.id = r.enrollment_id`,
    ),

  /** Cheque outcomes that something about looks off: the service says what. */
  oddChequeOutcomes: (db: Db) =>
    sqlRows<{
      receipt_number: string;
      state: string;
      mode: string;
      voided: boolean;
      early: boolean;
      fee: boolean;
      elsewhere: boolean;
      on: string;
      paid_on: string;
    }>(
      db,
      sql`select p.receipt_number, c.state, p.mode, p.voided_at is not null as voided,
                 c.occurred_on < p.paid_on as early, (c.state <> 'bounced' and c.bounce_fee_paise > 0) as fee,
                 c.enrollment_id <> p.enrollment_id as elsewhere, c.occurred_on::text as on, p.paid_on::text as paid_on
          from cheque_events c join payments p on p.id = c.payment_id
          where p.mode <> 'cheque' or (c.state = 'bounced' and p.voided_at is null) or c.enrollment_id <> p.enrollment_id
             or c.occurred_on < p.paid_on or (c.state <> 'bounced' and c.bounce_fee_paise > 0)`,
    ),

  /** UTRs on more than one live payment. */
  repeatedUtrs: (db: Db) =>
    sqlRows<{ utr: string; receipts: string }>(
      db,
      sql`select utr, string_agg(receipt_number || ' (' || source || ')', ', ' order by receipt_number) as receipts
          from payments where utr is not null and voided_at is null group by utr having count(*) > 1 order by utr`,
    ),

  /** Statement lines waiting for staff whose UTR a live payment already holds. */
  waitingLinesWithTakenUtr: (db: Db) =>
    sqlRows<{ utr: string; row_number: number; file_name: string; receipt_number: string }>(
      db,
      sql`select l.utr, l.row_number, s.file_name, p.receipt_number
          from bank_statement_lines l join bank_statements s on s.id = l.statement_id
          join payments p on p.utr = l.utr and p.voided_at is null
          where l.state in ('matched', 'suggested', 'unmatched') order by s.file_name, l.row_number`,
    ),

  /** Tax documents made after their month was marked filed. */
  lateTaxDocuments: (db: Db) =>
    sqlRows<{ number: string; period: string; filed_at: string }>(
      db,
      sql`select d.number, d.period, f.filed_at::text as filed_at
          from tax_documents d join gst_filed_periods f on f.gstin = d.gstin and f.period = d.period
          where d.created_at > f.filed_at
          order by d.number`,
    ),

  /** Closed enrolments whose money paid after closing (less refunds) differs from what is held as credit. */
  closedCreditMismatches: (db: Db) =>
    sqlRows<{ enrollment_number: string; status: string; after: string; held: string }>(
      db,
      sql`with closed as (
            select e.id, e.enrollment_number, e.status, max(ev.created_at) as at from enrollments e
            join enrollment_events ev on ev.enrollment_id = e.id and ev.to_status = e.status
            where e.status in ('cancelled', 'rejected') group by e.id),
          net as (
            select c.enrollment_number, c.status, p.held_as_credit as held, p.created_at > c.at as after,
                   p.amount_paise - coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0) as net
            from closed c join payments p on p.enrollment_id = c.id and p.voided_at is null)
          select enrollment_number, status,
                 coalesce(sum(net) filter (where after or held), 0)::text as after,
                 coalesce(sum(net) filter (where held), 0)::text as held
          from net group by enrollment_number, status
          having coalesce(sum(net) filter (where after or held), 0) <> coalesce(sum(net) filter (where held), 0)
          order by enrollment_number`,
    ),
};
