/** The digests' queues, and each digest's turn, claimed through `job_runs` so exactly one instance sends it. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * This turn of the `job` digest, or false when one went out less than `everyMs` ago. The row
 * stays locked until the transaction ends: an instance racing for it waits, then finds the turn taken.
 */
export async function claimDigestTurn(tx: Executor, job: string, everyMs: number, now: Date): Promise<boolean> {
  await tx.execute(sql`insert into job_runs (name, last_run_at) values (${job}, 'epoch') on conflict do nothing`);
  const claimed = await tx.execute(
    sql`update job_runs set last_run_at = ${now.toISOString()}::timestamptz where name = ${job}
      and last_run_at <= ${new Date(now.getTime() - everyMs).toISOString()}::timestamptz returning name`,
  );
  return rowsOf(claimed).length === 1;
}

export interface WaitingEnrollment {
  id: string;
  name: string;
  email: string;
  enrollmentNumber: string;
  courseName: string;
}
export interface WaitingInquiry {
  id: string;
  name: string;
  email: string;
  phone_number: string;
  area_of_interest: string[];
  reference: string;
  duplicate_of: string | null;
}

/** The queues the digests take from: a row per new record not yet told of. */
export const digestQueueRepository = {
  async anyWaiting(db: Executor, queue: 'enrollment_notifications' | 'inquiry_notifications') {
    return rowsOf(await db.execute(sql`select 1 from ${sql.raw(queue)} limit 1`)).length > 0;
  },

  /** Empties the queue; answers the first `max` enrolments it held, each with how many it held in all. */
  async takeEnrollments(tx: Executor, max: number) {
    return rowsOf<WaitingEnrollment & { waiting: number }>(
      await tx.execute(sql`with taken as (delete from enrollment_notifications returning enrollment_id)
        select e.id, e.name, e.email, e.enrollment_number as "enrollmentNumber", c.name as "courseName",
          count(*) over ()::int as waiting
        from taken join enrollments e on e.id = taken.enrollment_id join courses c on c.id = e.course_id
        order by e.created_at, e.id limit ${max}`),
    );
  },

  /** Empties the queue; answers the first `max` inquiries it held, each with how many it held in all. */
  async takeInquiries(tx: Executor, max: number) {
    return rowsOf<WaitingInquiry & { waiting: number }>(
      await tx.execute(sql`with taken as (delete from inquiry_notifications returning inquiry_id)
        select i.id, i.name, i.email, i.phone_number, i.area_of_interest, i.reference, i.duplicate_of,
          count(*) over ()::int as waiting
        from taken join inquiries i on i.id = taken.inquiry_id order by i.created_at, i.id limit ${max}`),
    );
  },
};
