/** What the retention rules delete: closed enrolments' documents and old sent mail; and the job-run claims. */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import { enrollmentDocuments, enrollments, jobRuns, outbox } from '../db/schema';

type EnrollmentStatus = (typeof enrollments.$inferSelect)['status'];

export const retentionRepository = {
  /** The conditional update is atomic: of callers racing within `everyMs`, exactly one gets true. */
  async claimRun(db: Db, name: string, now: Date, everyMs: number): Promise<boolean> {
    await db
      .insert(jobRuns)
      .values({ name, lastRunAt: new Date(0) })
      .onConflictDoNothing();
    const claimed = await db
      .update(jobRuns)
      .set({ lastRunAt: now })
      .where(and(eq(jobRuns.name, name), lt(jobRuns.lastRunAt, new Date(now.getTime() - everyMs))))
      .returning({ name: jobRuns.name });
    return claimed.length === 1;
  },

  /** Enrolments in one of `statuses` since before `cutoff` that still hold documents. */
  closedWithDocuments(db: Db, statuses: readonly EnrollmentStatus[], cutoff: Date) {
    // When the enrolment reached its current status: its latest status change to it.
    const closedAt = sql`coalesce((select max(ev.created_at) from enrollment_events ev
      where ev.enrollment_id = ${enrollments.id} and ev.kind = 'status_changed' and ev.to_status = ${enrollments.status}),
      ${enrollments.updatedAt})`;
    return db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(
        and(
          inArray(enrollments.status, [...statuses]),
          sql`exists (select 1 from enrollment_documents d where d.enrollment_id = ${enrollments.id})`,
          sql`${closedAt} < ${cutoff.toISOString()}::timestamptz`,
        ),
      );
  },

  /** Deletes the enrolment's document rows and dates it; answers the ids of the documents gone. */
  async deleteDocuments(tx: Executor, enrollmentId: string, now: Date): Promise<string[]> {
    const rows = await tx
      .delete(enrollmentDocuments)
      .where(eq(enrollmentDocuments.enrollmentId, enrollmentId))
      .returning({ id: enrollmentDocuments.id });
    await tx.update(enrollments).set({ documentsDeletedAt: now }).where(eq(enrollments.id, enrollmentId));
    return rows.map((r) => r.id);
  },

  /** Deletes mail sent before `cutoff`; answers how many rows went. */
  async deleteSentMail(db: Db, cutoff: Date): Promise<number> {
    const rows = await db
      .delete(outbox)
      .where(and(eq(outbox.kind, 'mail'), eq(outbox.status, 'sent'), lt(outbox.sentAt, cutoff)))
      .returning({ id: outbox.id });
    return rows.length;
  },
};
