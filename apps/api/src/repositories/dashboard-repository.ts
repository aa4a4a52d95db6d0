/** The dashboard's figures, each one SQL statement over the live tables. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Installments still owing, of enrolments that count (paid sums kept on the row, see schema). */
const OPEN_FROM = sql`from installments i
  join enrollments e on e.id = i.enrollment_id and dashboard_fees_count(e.status)
  where i.paid_paise < i.amount_paise`;

export const dashboardRepository = {
  enrollmentsByStatus: (db: Db) =>
    rows<{ key: string; count: number }>(
      db,
      sql`select status as key, sum(count)::int as count from dashboard_enrollment_counts
          group by 1 having sum(count) > 0 order by 2 desc`,
    ),

  inquiriesBy: (db: Db, column: 'status' | 'reference') =>
    rows<{ key: string; count: number }>(
      db,
      sql`select ${sql.raw(column)} as key, count(*)::int as count from inquiries group by 1 order by 2 desc`,
    ),

  inquiryCounts: (db: Db, weekStart: string, monthStart: string) =>
    rows<{ week: number; month: number; total: number; converted: number }>(
      db,
      sql`select count(*) filter (where created_at >= ${weekStart}::date)::int as week,
                 count(*) filter (where created_at >= ${monthStart}::date)::int as month,
                 count(*)::int as total,
                 count(*) filter (where status = 'converted')::int as converted
          from inquiries`,
    ),

  money: (db: Db, monthStart: string, today: string) =>
    rows<{
      collected_month: string;
      collected_all: string;
      outstanding: string;
      overdue: string;
      overdue_count: number;
    }>(
      db,
      // Read from the totals the triggers keep (schema: dashboard_*): a few hundred rows at most.
      sql`select (select coalesce(sum(paid_paise), 0) from dashboard_payment_totals where month = ${monthStart}::date)::bigint as collected_month,
                 (select coalesce(sum(paid_paise), 0) from dashboard_payment_totals)::bigint as collected_all,
                 coalesce(sum(owed_paise), 0)::bigint as outstanding,
                 coalesce(sum(owed_paise) filter (where due_date < ${today}::date), 0)::bigint as overdue,
                 coalesce(sum(open_count) filter (where due_date < ${today}::date), 0)::int as overdue_count
          from dashboard_open_installments`,
    ),

  monthly: (db: Db, firstMonth: string) =>
    rows<{ month: string; enrollments: number; collected: string }>(
      db,
      sql`with months as (select generate_series(${firstMonth}::date, date_trunc('month', current_date)::date, interval '1 month')::date as m),
               e as (select month as m, sum(count) as n from dashboard_enrollment_counts where month >= ${firstMonth}::date group by 1)
          select to_char(months.m, 'YYYY-MM') as month, coalesce(e.n, 0)::int as enrollments, coalesce(p.paid_paise, 0)::bigint as collected
          from months left join e on e.m = months.m left join dashboard_payment_totals p on p.month = months.m order by months.m`,
    ),

  perCourse: (db: Db) =>
    rows<{ course_id: string; name: string; count: number }>(
      db,
      sql`select c.id as course_id, c.name, coalesce(t.n, 0)::int as count from courses c
          left join (select course_id, sum(count) as n from dashboard_enrollment_counts group by 1) t on t.course_id = c.id
          order by 3 desc, 2 limit 50`,
    ),

  installments: (db: Db, today: string, which: 'next' | 'overdue') =>
    rows<{
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
    rows<{ id: string; name: string; status: string; created_at: Date | string }>(
      db,
      sql`select id, name, status, created_at from inquiries order by created_at desc limit 5`,
    ),

  latestEnrollments: (db: Db) =>
    rows<{ id: string; name: string; enrollment_number: string; status: string; created_at: Date | string }>(
      db,
      sql`select id, name, enrollment_number, status, created_at from enrollments order by created_at desc limit 5`,
    ),

  notifications: (db: Db, since: Date) =>
    rows<{ kind: 'enrollment' | 'inquiry' | 'mail_failed'; id: string; title: string; at: Date | string }>(
      db,
      sql`(select 'enrollment' as kind, id::text, 'New enrolment: ' || name || ' (' || enrollment_number || ')' as title, created_at as at
           from enrollments where created_at > ${since.toISOString()}::timestamptz)
          union all
          (select 'inquiry', id::text, 'New inquiry: ' || name, created_at from inquiries where created_at > ${since.toISOString()}::timestamptz)
          union all
          (select 'mail_failed', a.enrollment_id::text, 'Mail failed: ' || a.title, o.created_at from announcements a join outbox o on o.id = a.outbox_id
           where o.status = 'failed' and o.created_at > ${since.toISOString()}::timestamptz)
          order by at desc limit 30`,
    ),

  paymentsBetween: (db: Db, from: string, to: string) =>
    rows<{
      receipt_number: string;
      paid_on: string;
      amount_paise: string;
      mode: string;
      reference: string | null;
      enrollment_number: string;
      name: string;
      course: string;
      installment: number;
      voided: boolean;
      void_reason: string | null;
    }>(
      db,
      sql`select p.receipt_number, p.paid_on::text as paid_on, p.amount_paise, p.mode, p.reference, e.enrollment_number, e.name, c.name as course,
                 p.installment_number as installment, p.voided_at is not null as voided, p.void_reason
          from payments p join enrollments e on e.id = p.enrollment_id join courses c on c.id = e.course_id
          where p.paid_on between ${from}::date and ${to}::date order by p.paid_on, p.receipt_number`,
    ),
};
