/**
 * The `verify-ledger` check of closed enrolments: money recorded after an enrolment was cancelled
 * or rejected pays none of its installments, so all of it, less what was refunded, is the credit
 * to refund that the enrolment, the dashboard and the collections screen show.
 */
import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../db/database';
import { formatInr } from './fee-service';

export async function verifyClosedCredits(db: Db): Promise<string[]> {
  const rows = await sqlRows<{ enrollment_number: string; status: string; after: string; held: string }>(
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
  );
  return rows.map(
    (r) =>
      `${r.enrollment_number}: ${formatInr(Number(r.after))} paid after it was ${r.status}, less refunds, but ${formatInr(Number(r.held))} held as a credit to refund`,
  );
}
