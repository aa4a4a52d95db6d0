/**
 * Credits to refund, computed once for every screen: an enrolment's live payments less their
 * refunds, less what its installments were paid. That is money beyond the schedule, and all money
 * held because it arrived after the enrolment was cancelled or rejected (it pays no installment).
 */
import { sql, type SQL } from 'drizzle-orm';
import { sqlRows, type Db, type Executor } from '../db/database';

const creditOf = (enrollmentId: SQL) =>
  sql`(select coalesce(sum(p.amount_paise - coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0)), 0)
         from payments p where p.enrollment_id = ${enrollmentId} and p.voided_at is null)
    - (select coalesce(sum(i.paid_paise), 0) from installments i where i.enrollment_id = ${enrollmentId})`;

/**
 * Enrolments holding a credit. Only doors where money arrives unasked can overpay or reach a
 * closed enrolment (a partial index lists them), and only a written-down fee (a concession, as when
 * a closing decision keeps the money) can leave staff-recorded money beyond it.
 */
const HOLDING = sql`select o.enrollment_id, (${creditOf(sql`o.enrollment_id`)})::bigint as credit
  from (select enrollment_id from payments where source <> 'staff'
        union select enrollment_id from concessions) o`;

/** The dashboard's total of every credit to refund, one scalar sub-query. */
export const CREDITS_TOTAL = sql`select coalesce(sum(credit), 0) from (${HOLDING}) c where credit > 0`;

export interface CreditRow {
  enrollment_id: string;
  enrollment_number: string;
  name: string;
  phone_number: string;
  course: string;
  status: string;
  credit: string;
}

export const creditRepository = {
  /** One enrolment's credit to refund, in paise (0 when it holds none). */
  async of(db: Db | Executor, enrollmentId: string): Promise<number> {
    const [row] = await sqlRows<{ credit: string }>(
      db,
      sql`select (${creditOf(sql`${enrollmentId}::uuid`)})::bigint as credit`,
    );
    return Math.max(0, Number(row?.credit ?? 0));
  },

  /** Every enrolment holding a credit, largest first. */
  list: (db: Db) =>
    sqlRows<CreditRow>(
      db,
      sql`select e.id as enrollment_id, e.enrollment_number, e.name, e.phone_number, c.name as course, e.status,
                 h.credit::text as credit
          from (${HOLDING}) h join enrollments e on e.id = h.enrollment_id join courses c on c.id = e.course_id
          where h.credit > 0 order by h.credit desc, e.enrollment_number`,
    ),
};
