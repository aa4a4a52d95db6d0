/**
 * The ledger reads and writes of recording many payments at once: each is one statement for the
 * whole batch, so a statement of a thousand credits costs a dozen round trips, not fifteen thousand.
 */
import { and, asc, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { sqlRows, type Executor } from '../db/database';
import { enrollmentEvents, enrollments, installments, payments, receiptCounters } from '../db/schema';
import type { InstallmentRow } from './enrollment-repository';
import type { PaymentRow } from './payment-repository';

/** Statements stay well under PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

const list = (values: SQL[]) => sql.join(values, sql`, `);

export const intakeRepository = {
  /** Waits for each natural key (sorted: two batches never wait on each other in a circle). */
  async lockKeys(db: Executor, keys: string[]): Promise<void> {
    if (!keys.length) return;
    const sorted = [...new Set(keys)].sort();
    await db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(k, 0))
          from unnest(array[${list(sorted.map((k) => sql`${k}`))}]::text[]) with ordinality as t(k, n) order by n`,
    );
  },

  /** Locks the enrolment rows in id order until commit, as `lockEnrollment` does one. */
  async lockEnrollments(db: Executor, ids: string[]): Promise<Map<string, { id: string; status: string }>> {
    const found = await db
      .select({ id: enrollments.id, status: enrollments.status })
      .from(enrollments)
      .where(inArray(enrollments.id, [...new Set(ids)]))
      .orderBy(asc(enrollments.id))
      .for('update');
    return new Map(found.map((e) => [e.id, e]));
  },

  /** Live payments already holding any of these UTRs or gateway payment ids, by key. */
  async byNaturalKeys(db: Executor, utrs: string[], gatewayIds: string[]): Promise<Map<string, PaymentRow>> {
    const found = new Map<string, PaymentRow>();
    if (gatewayIds.length)
      for (const p of await db.select().from(payments).where(inArray(payments.gatewayPaymentId, gatewayIds)))
        found.set(`gateway:${p.gatewayPaymentId}`, p);
    if (utrs.length)
      for (const p of await db
        .select()
        .from(payments)
        .where(and(inArray(payments.utr, utrs), isNull(payments.voidedAt))))
        found.set(`utr:${p.utr}`, p);
    return found;
  },

  /** Each enrolment's installments in number order. */
  async schedules(db: Executor, ids: string[]): Promise<Map<string, InstallmentRow[]>> {
    const found = await db
      .select()
      .from(installments)
      .where(inArray(installments.enrollmentId, [...new Set(ids)]))
      .orderBy(asc(installments.enrollmentId), asc(installments.number));
    const by = new Map<string, InstallmentRow[]>(ids.map((id) => [id, []]));
    for (const row of found) by.get(row.enrollmentId)?.push(row);
    return by;
  },

  /** Each enrolment's live payments less refunds (held credits left out), in the order `netPayments` gives them. */
  async netPayments(
    db: Executor,
    ids: string[],
  ): Promise<Map<string, { id: string; installmentId: string | null; netPaise: number }[]>> {
    const found = await sqlRows<{ id: string; enrollment_id: string; installment_id: string | null; net: string }>(
      db,
      sql`select p.id, p.enrollment_id, p.installment_id,
                 p.amount_paise - coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0) as net
          from payments p where p.enrollment_id in (${list([...new Set(ids)].map((id) => sql`${id}::uuid`))})
            and p.voided_at is null and not p.held_as_credit
          order by p.created_at, p.receipt_number`,
    );
    const by = new Map<string, { id: string; installmentId: string | null; netPaise: number }[]>(
      ids.map((id) => [id, []]),
    );
    for (const r of found)
      by.get(r.enrollment_id)?.push({ id: r.id, installmentId: r.installment_id, netPaise: Number(r.net) });
    return by;
  },

  /** `count` consecutive numbers of the year from the counter row, locked until commit: no gap or repeat. */
  async nextReceiptNumbers(db: Executor, year: number, count: number): Promise<string[]> {
    if (count <= 0) return [];
    const [row] = await sqlRows<{ last: number }>(
      db,
      sql`insert into ${receiptCounters} (year, last) values (${year}, ${count})
          on conflict (year) do update set last = ${receiptCounters.last} + ${count}
          returning last`,
    );
    const first = Number(row!.last) - count + 1;
    return Array.from({ length: count }, (_, i) => `RCPT-${year}-${String(first + i).padStart(6, '0')}`);
  },

  async insertPayments(db: Executor, values: (typeof payments.$inferInsert)[]): Promise<PaymentRow[]> {
    const out: PaymentRow[] = [];
    for (let i = 0; i < values.length; i += CHUNK)
      out.push(
        ...(await db
          .insert(payments)
          .values(values.slice(i, i + CHUNK))
          .returning()),
      );
    return out;
  },

  /** Sets many installments' paid sums in one statement (the dashboard's triggers see one change). */
  async setPaid(db: Executor, changes: { id: string; paidPaise: number }[]): Promise<void> {
    for (let i = 0; i < changes.length; i += CHUNK) {
      const values = list(changes.slice(i, i + CHUNK).map((c) => sql`(${c.id}::uuid, ${c.paidPaise}::bigint)`));
      await db.execute(
        sql`update installments set paid_paise = v.paid from (values ${values}) as v(id, paid) where installments.id = v.id`,
      );
    }
  },

  /**
   * Statement lines still waiting for staff whose UTR these new payments now hold: the same money,
   * so they become recorded, linked to the payment, instead of staying matched with nothing to do.
   */
  async linkWaitingLines(db: Executor, held: { utr: string; paymentId: string }[]): Promise<void> {
    for (let i = 0; i < held.length; i += CHUNK) {
      const values = list(held.slice(i, i + CHUNK).map((h) => sql`(${h.utr}::text, ${h.paymentId}::uuid)`));
      await db.execute(
        sql`update bank_statement_lines l set state = 'recorded', payment_id = p.id, enrollment_id = p.enrollment_id,
              installment_number = p.installment_number, handled_by = p.recorded_by, handled_at = now()
            from (values ${values}) as v(utr, payment_id) join payments p on p.id = v.payment_id
            where l.utr = v.utr and l.state in ('matched', 'suggested', 'unmatched')`,
      );
    }
  },

  async addEvents(db: Executor, values: (typeof enrollmentEvents.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < values.length; i += CHUNK) await db.insert(enrollmentEvents).values(values.slice(i, i + CHUNK));
  },
};
