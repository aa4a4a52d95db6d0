/**
 * The rows a person's rights reach: what is found by their email or phone for access and erasure,
 * and the deletes and rewrites an erasure makes (the money rows' own scrubbing is erasure-repository's).
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import {
  announcements,
  auditLog,
  concessions,
  enrollmentDocuments,
  enrollmentEvents,
  enrollments,
  erasures,
  inquiries,
  inquiryEvents,
  outbox,
  payments,
  staff,
  studentLinks,
  studentRequests,
} from '../db/schema';

type ErasureRow = typeof erasures.$inferSelect;
/** No query for no enrolments. */
const whenAny = <T>(ids: string[], query: () => Promise<T[]>): Promise<T[]> =>
  ids.length ? query() : Promise.resolve([]);

export const privacyRepository = {
  /** Inquiries made with this email (any case), each with its history. */
  async inquiriesOf(db: Db, lowerEmail: string) {
    const rows = await db
      .select()
      .from(inquiries)
      .where(sql`lower(${inquiries.email}) = ${lowerEmail}`);
    const events = rows.length
      ? await db
          .select()
          .from(inquiryEvents)
          .where(
            inArray(
              inquiryEvents.inquiryId,
              rows.map((i) => i.id),
            ),
          )
      : [];
    return { rows, events };
  },

  /** Mail queued or sent to this address. */
  mailsTo: (db: Db, lowerEmail: string) =>
    db
      .select({
        id: outbox.id,
        payload: outbox.payload,
        status: outbox.status,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(sql`lower(${outbox.payload}->>'to') = ${lowerEmail}`),

  async isStaffEmail(db: Db, lowerEmail: string): Promise<boolean> {
    const rows = await db
      .select({ id: staff.id })
      .from(staff)
      .where(sql`lower(${staff.email}) = ${lowerEmail}`)
      .limit(1);
    return rows.length > 0;
  },

  /** Enrolments under this email not erased yet. */
  enrollmentsOf: (db: Db, lowerEmail: string) =>
    db
      .select({
        id: enrollments.id,
        number: enrollments.enrollmentNumber,
        name: enrollments.name,
        phone: enrollments.phoneNumber,
        alternative: enrollments.alterNativePhoneNumber,
        inquiryId: enrollments.inquiryId,
      })
      .from(enrollments)
      .where(and(sql`lower(${enrollments.email}) = ${lowerEmail}`, isNull(enrollments.erasedAt))),

  /** Inquiries by this email, by any of these phones (digits only), or with these ids. */
  inquiriesMatching: (db: Db, lowerEmail: string, phoneDigits: string[], ids: string[]) =>
    db
      .select({ id: inquiries.id, name: inquiries.name, email: inquiries.email, phone: inquiries.phoneNumber })
      .from(inquiries)
      .where(
        or(
          sql`lower(${inquiries.email}) = ${lowerEmail}`,
          phoneDigits.length
            ? inArray(sql`regexp_replace(${inquiries.phoneNumber}, '[^0-9]', '', 'g')`, phoneDigits)
            : undefined,
          ids.length ? inArray(inquiries.id, ids) : undefined,
        ),
      ),

  documentsOf: (db: Db, enrollmentIds: string[]) =>
    whenAny(enrollmentIds, () =>
      db
        .select({ id: enrollmentDocuments.id })
        .from(enrollmentDocuments)
        .where(inArray(enrollmentDocuments.enrollmentId, enrollmentIds)),
    ),

  /** Lets this transaction scrub names out of money rows' free text; amounts, dates and numbers stay locked. */
  allowErasure: (tx: Executor) => tx.execute(sql`select set_config('registrar.erasure', 'on', true)`),

  async recordErasure(tx: Executor, values: typeof erasures.$inferInsert): Promise<ErasureRow> {
    const [row] = await tx.insert(erasures).values(values).returning();
    return row!;
  },
  async setErasureCounts(db: Executor, id: string, counts: ErasureRow['counts']): Promise<void> {
    await db.update(erasures).set({ counts }).where(eq(erasures.id, id));
  },
  async deleteErasure(db: Executor, id: string): Promise<void> {
    await db.delete(erasures).where(eq(erasures.id, id));
  },

  /** Deletes the enrolments' announcements; answers the mails they were sent as. */
  async deleteAnnouncements(tx: Executor, enrollmentIds: string[]): Promise<string[]> {
    if (!enrollmentIds.length) return [];
    const rows = await tx
      .delete(announcements)
      .where(inArray(announcements.enrollmentId, enrollmentIds))
      .returning({ outboxId: announcements.outboxId });
    return rows.map((r) => r.outboxId);
  },

  /** Their documents' rows and page links go; their open erasure requests are marked done by `staffId`. */
  async deleteDocumentsLinksAndRequests(tx: Executor, enrollmentIds: string[], staffId: string): Promise<void> {
    if (!enrollmentIds.length) return;
    await tx.delete(enrollmentDocuments).where(inArray(enrollmentDocuments.enrollmentId, enrollmentIds));
    await tx.delete(studentLinks).where(inArray(studentLinks.enrollmentId, enrollmentIds));
    await tx
      .update(studentRequests)
      .set({ state: 'done', handledAt: sql`now()`, handledBy: staffId })
      .where(
        and(
          inArray(studentRequests.enrollmentId, enrollmentIds),
          eq(studentRequests.kind, 'erasure'),
          eq(studentRequests.state, 'open'),
        ),
      );
  },

  paymentsOf: (tx: Executor, enrollmentIds: string[]) =>
    whenAny(enrollmentIds, () =>
      tx
        .select({ enrollmentId: payments.enrollmentId, id: payments.id })
        .from(payments)
        .where(inArray(payments.enrollmentId, enrollmentIds)),
    ),

  concessionsOf: (tx: Executor, enrollmentIds: string[]) =>
    whenAny(enrollmentIds, () =>
      tx
        .select({ enrollmentId: concessions.enrollmentId })
        .from(concessions)
        .where(inArray(concessions.enrollmentId, enrollmentIds)),
    ),

  async deleteEnrollments(tx: Executor, ids: string[]): Promise<void> {
    await tx.delete(enrollments).where(inArray(enrollments.id, ids));
  },

  async updateEnrollments(
    tx: Executor,
    ids: string[],
    values: Partial<typeof enrollments.$inferInsert>,
  ): Promise<void> {
    await tx.update(enrollments).set(values).where(inArray(enrollments.id, ids));
  },

  async addEvents(tx: Executor, events: (typeof enrollmentEvents.$inferInsert)[]): Promise<void> {
    await tx.insert(enrollmentEvents).values(events);
  },

  /** Deletes the inquiries and their history; answers how many inquiries went. */
  async deleteInquiries(tx: Executor, ids: string[]): Promise<number> {
    await tx.delete(inquiryEvents).where(inArray(inquiryEvents.inquiryId, ids));
    const gone = await tx.delete(inquiries).where(inArray(inquiries.id, ids)).returning({ id: inquiries.id });
    return gone.length;
  },

  /** Forgets these typed emails as actors of entries no staff member made; answers how many changed. */
  async forgetAuditActors(tx: Executor, lowerEmails: string[]): Promise<number> {
    const rows = await tx
      .update(auditLog)
      .set({ actorEmail: null })
      .where(and(inArray(sql`lower(${auditLog.actorEmail})`, lowerEmails), isNull(auditLog.staffId)))
      .returning({ id: auditLog.id });
    return rows.length;
  },

  mailIdsTo: (tx: Executor, lowerEmails: string[]) =>
    tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(inArray(sql`lower(trim(${outbox.payload}->>'to'))`, lowerEmails)),

  async deleteMails(tx: Executor, ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    return (await tx.delete(outbox).where(inArray(outbox.id, ids)).returning({ id: outbox.id })).length;
  },

  /** Mails whose payload holds one of `needles` (lower case) anywhere: a cheap first look. */
  mailsMentioning: (tx: Executor, needles: string[]) =>
    needles.length
      ? tx
          .select({ id: outbox.id, payload: outbox.payload })
          .from(outbox)
          .where(
            and(
              eq(outbox.kind, 'mail'),
              or(...needles.map((n) => sql`position(${n} in lower(${outbox.payload}::text)) > 0`)),
            ),
          )
      : Promise.resolve([]),

  async setMailPayload(tx: Executor, id: string, payload: unknown): Promise<void> {
    await tx.update(outbox).set({ payload }).where(eq(outbox.id, id));
  },

  /** Rewrites a table so no old row version stays in its files. */
  vacuumFull: (db: Db, table: string) => db.execute(sql`vacuum full ${sql.identifier(table)}`),

  /** Closes the embedded database's log and drops its old segments. */
  async dropOldLog(db: Db): Promise<void> {
    await db.execute(sql`select pg_switch_wal()`);
    await db.execute(sql`checkpoint`);
  },
};
