/** What happened since a staff member last looked: new enrolments and inquiries, mail that failed. */
import { sql } from 'drizzle-orm';
import { sqlRows, type Db, type Executor } from '../db/database';
import { enrollmentNotifications } from '../db/schema';

export const notificationRepository = {
  /** The newest 30 since `since`, newest first. */
  since: (db: Db, since: Date) =>
    sqlRows<{ kind: 'enrollment' | 'inquiry' | 'mail_failed'; id: string; title: string; at: Date | string }>(
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
  /** Holds a new enrolment for the next staff digest. */
  queueEnrollment: async (db: Executor, enrollmentId: string) => {
    await db.insert(enrollmentNotifications).values({ enrollmentId });
  },
};
