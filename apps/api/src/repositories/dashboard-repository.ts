/** The dashboard's figures, each one SQL statement over the live tables. */
import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../db/database';
import { CREDITS_TOTAL } from './credit-repository';

/** Installments still owing, of enrolments that count (paid sums kept on the row, see schema). */
const OPEN_FROM = sql`from installments i
  join enrollments e on e.id = i.enrollment_id and dashboard_fees_count(e.status)
  where i.paid_paise < i.amount_paise`;

export const dashboardRepository = {
  enrollmentsByStatus: (db: Db) =>
    sqlRows<{ key: string; count: number }>(
      db,
      sql`select status as key, sum(count)::int as count from dashboard_enrollment_counts
          group by 1 having sum(count) > 0 order by 2 desc`,
    ),

  inquiriesBy: (db: Db, column: 'status' | 'reference') =>
    sqlRows<{ key: string; count: number }>(
      db,
      sql`select ${sql.raw(column)} as key, count(*)::int as count from inquiries group by 1 order by 2 desc`,
    ),

  /** Inquiries received in [from, until): how many, and how many of them are converted already. */
  inquiryCounts: (db: Db, from: string, until: string) =>
    sqlRows<{ period: number; total: number; converted: number; converted_period: number }>(
      db,
      sql`select count(*) filter (where created_at >= ${from}::date and created_at < ${until}::date)::int as period,
                 count(*)::int as total,
                 count(*) filter (where status = 'converted')::int as converted,
                 count(*) filter (where status = 'converted' and created_at >= ${from}::date and created_at < ${until}::date)::int as converted_period
          from inquiries`,
    ),

  /** Enrolments made in [from, until), from the monthly totals the triggers keep. */
  enrollmentsBetween: (db: Db, from: string, until: string) =>
    sqlRows<{ n: number }>(
      db,
      sql`select coalesce(sum(count), 0)::int as n from dashboard_enrollment_counts
          where month >= ${from}::date and month < ${until}::date`,
    ),

  /**
   * A staff member's open follow-ups due before `tomorrow` (overdue before `today`), and the first
   * few to call with their last note; the owner's index finds them.
   */
  myFollowUps: async (db: Db, ownerId: string, today: Date, tomorrow: Date) => {
    const open = sql`from inquiries i where i.owner_id = ${ownerId} and i.next_follow_up_at < ${tomorrow.toISOString()}::timestamptz
      and i.status not in ('closed', 'converted')`;
    const [counts, first] = await Promise.all([
      sqlRows<{ overdue: number; today: number }>(
        db,
        sql`select count(*) filter (where i.next_follow_up_at < ${today.toISOString()}::timestamptz)::int as overdue,
                   count(*) filter (where i.next_follow_up_at >= ${today.toISOString()}::timestamptz)::int as today ${open}`,
      ),
      sqlRows<{
        id: string;
        name: string;
        phone_number: string;
        next_follow_up_at: Date | string;
        last_note: string | null;
      }>(
        db,
        sql`select i.id, i.name, i.phone_number, i.next_follow_up_at,
                   (select c.note from inquiry_contacts c where c.inquiry_id = i.id and c.note is not null
                     order by c.created_at desc, c.id desc limit 1) as last_note
            ${open} order by i.next_follow_up_at, i.id limit 5`,
      ),
    ]);
    return { counts: counts[0]!, first };
  },

  money: (db: Db, from: string, until: string, today: string) =>
    sqlRows<{
      collected_period: string;
      collected_all: string;
      imported_period: string;
      outstanding: string;
      outstanding_pending: string;
      overdue: string;
      overdue_count: number;
      uncleared_count: number;
      uncleared: string;
      credits: string;
    }>(
      db,
      // Read from the totals the triggers keep (schema: dashboard_*): a few hundred rows at most.
      // Live cheques and the doors that can overpay have partial indexes of their own.
      sql`with uncleared as (select count(*) as count, coalesce(sum(p.amount_paise), 0) as amount from payments p
                 where p.mode = 'cheque' and p.voided_at is null
                   and not exists (select 1 from cheque_events c where c.payment_id = p.id))
          select (select coalesce(sum(paid_paise), 0) from dashboard_payment_totals
                    where month >= ${from}::date and month < ${until}::date)::bigint as collected_period,
                 (select coalesce(sum(paid_paise), 0) from dashboard_payment_totals)::bigint as collected_all,
                 (select coalesce(sum(p.amount_paise), 0) from payments p
                    where p.source = 'import' and p.voided_at is null
                      and p.paid_on >= ${from}::date and p.paid_on < ${until}::date)::bigint as imported_period,
                 coalesce(sum(owed_paise), 0)::bigint as outstanding,
                 coalesce(sum(pending_owed_paise), 0)::bigint as outstanding_pending,
                 coalesce(sum(owed_paise) filter (where due_date < ${today}::date), 0)::bigint as overdue,
                 coalesce(sum(open_count) filter (where due_date < ${today}::date), 0)::int as overdue_count,
                 (select count from uncleared)::int as uncleared_count,
                 (select amount from uncleared)::bigint as uncleared,
                 (${CREDITS_TOTAL})::bigint as credits
          from dashboard_open_installments`,
    ),

  monthly: (db: Db, firstMonth: string) =>
    sqlRows<{ month: string; enrollments: number; collected: string }>(
      db,
      sql`with months as (select generate_series(${firstMonth}::date, date_trunc('month', current_date)::date, interval '1 month')::date as m),
               e as (select month as m, sum(count) as n from dashboard_enrollment_counts where month >= ${firstMonth}::date group by 1)
          select to_char(months.m, 'YYYY-MM') as month, coalesce(e.n, 0)::int as enrollments, coalesce(p.paid_paise, 0)::bigint as collected
          from months left join e on e.m = months.m left join dashboard_payment_totals p on p.month = months.m order by months.m`,
    ),

  perCourse: (db: Db) =>
    sqlRows<{ course_id: string; name: string; count: number }>(
      db,
      sql`select c.id as course_id, c.name, coalesce(t.n, 0)::int as count from courses c
          left join (select course_id, sum(count) as n from dashboard_enrollment_counts group by 1) t on t.course_id = c.id
          order by 3 desc, 2 limit 50`,
    ),

  installments: (db: Db, today: string, which: 'next' | 'overdue') =>
    sqlRows<{
      enrollment_id: string;
      name: string;
      enrollment_number: string;
      number: number;
      due_date: string;
      owed: string;
    }>(
      db,
      // The partial index on open installments' due dates answers these without a scan.
      sql`select i.enrollment_id, e.name, e.enrollment_number, i.number, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
                 i.amount_paise - i.paid_paise as owed
          ${OPEN_FROM} and ${which === 'next' ? sql`i.due_date >= ${today}::date` : sql`i.due_date < ${today}::date`}
          order by i.due_date asc, i.number limit 10`,
    ),

  latestInquiries: (db: Db) =>
    sqlRows<{ id: string; name: string; status: string; created_at: Date | string }>(
      db,
      sql`select id, name, status, created_at from inquiries order by created_at desc limit 5`,
    ),

  latestEnrollments: (db: Db) =>
    sqlRows<{ id: string; name: string; enrollment_number: string; status: string; created_at: Date | string }>(
      db,
      sql`select id, name, enrollment_number, status, created_at from enrollments order by created_at desc limit 5`,
    ),
};
