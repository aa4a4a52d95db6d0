/** Bulk imports: the log, and the look-ups an import makes to find what a row already matches. */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { sqlRows, type Db, type Executor } from '../db/database';
import {
  courses,
  enrollmentEvents,
  enrollments,
  importMappings,
  imports,
  inquiries,
  inquiryEvents,
  installments,
  payments,
  staff,
} from '../db/schema';

export type ImportRecord = typeof imports.$inferSelect;

export const importRepository = {
  async insert(db: Executor | Db, values: typeof imports.$inferInsert): Promise<ImportRecord> {
    return (await db.insert(imports).values(values).returning())[0]!;
  },

  async byId(db: Db, id: string): Promise<ImportRecord | undefined> {
    return (await db.select().from(imports).where(eq(imports.id, id)).limit(1))[0];
  },

  /** The mapping kept for a kind's header, if an admin confirmed one. */
  async savedMapping(db: Db, kind: string, headerKey: string): Promise<Record<string, string> | undefined> {
    const found = await db
      .select({ mapping: importMappings.mapping })
      .from(importMappings)
      .where(and(eq(importMappings.kind, kind), eq(importMappings.headerKey, headerKey)))
      .limit(1);
    return found[0]?.mapping;
  },

  /** Keeps the mapping that read a file for the next file with the same header, replacing the last. */
  async saveMapping(db: Db, kind: string, headerKey: string, mapping: Record<string, string>, staffId: string) {
    await db
      .insert(importMappings)
      .values({ kind, headerKey, mapping, updatedBy: staffId })
      .onConflictDoUpdate({
        target: [importMappings.kind, importMappings.headerKey],
        set: { mapping, updatedBy: staffId, updatedAt: new Date() },
      });
  },

  async log(db: Db, limit = 50) {
    return db
      .select({ record: imports, by: { id: staff.id, name: staff.name } })
      .from(imports)
      .leftJoin(staff, eq(staff.id, imports.staffId))
      .orderBy(desc(imports.createdAt))
      .limit(limit);
  },

  /** Every course by lower-cased name, inactive ones too (old students took retired courses). */
  async coursesByName(db: Executor | Db) {
    const found = await db.select().from(courses);
    return new Map(found.map((c) => [c.name.trim().toLowerCase(), c]));
  },

  /** Enrolments that already carry one of these institute ids. */
  async enrollmentIdsByExternalId(db: Executor | Db, externalIds: string[]): Promise<Map<string, string>> {
    if (!externalIds.length) return new Map();
    const found = await db
      .select({ id: enrollments.id, externalId: enrollments.externalId })
      .from(enrollments)
      .where(inArray(enrollments.externalId, externalIds));
    return new Map(found.map((r) => [r.externalId!, r.id]));
  },

  /**
   * Enrolments by `lower(email)|courseId`, erased ones left out; where one person took a course
   * twice, the open (or most recent) one.
   */
  async enrollmentsByEmailCourse(db: Executor | Db, emails: string[]) {
    const out = new Map<string, { id: string; status: string }>();
    if (!emails.length) return out;
    const found = await db
      .select({
        id: enrollments.id,
        email: enrollments.email,
        courseId: enrollments.courseId,
        status: enrollments.status,
      })
      .from(enrollments)
      .where(and(inArray(sql`lower(${enrollments.email})`, emails), isNull(enrollments.erasedAt)))
      .orderBy(desc(enrollments.createdAt));
    const open = (status: string) => status !== 'rejected' && status !== 'cancelled';
    for (const r of found) {
      const key = `${r.email.toLowerCase()}|${r.courseId}`;
      const kept = out.get(key);
      if (!kept || (!open(kept.status) && open(r.status))) out.set(key, { id: r.id, status: r.status });
    }
    return out;
  },

  /** Installment ids of these enrolments by `enrollmentId|number`. */
  async installmentsOf(db: Executor | Db, enrollmentIds: string[]): Promise<Map<string, string>> {
    if (!enrollmentIds.length) return new Map();
    const found = await db
      .select({ id: installments.id, enrollmentId: installments.enrollmentId, number: installments.number })
      .from(installments)
      .where(inArray(installments.enrollmentId, enrollmentIds));
    return new Map(found.map((r) => [`${r.enrollmentId}|${r.number}`, r.id]));
  },

  /** What each installment of these enrolments still owes, in paise, by `enrollmentId|number`. */
  async installmentDues(db: Executor | Db, enrollmentIds: string[]): Promise<Map<string, number>> {
    if (!enrollmentIds.length) return new Map();
    const found = await db
      .select({
        enrollmentId: installments.enrollmentId,
        number: installments.number,
        amount: installments.amountPaise,
        paid: installments.paidPaise,
      })
      .from(installments)
      .where(inArray(installments.enrollmentId, enrollmentIds));
    return new Map(found.map((r) => [`${r.enrollmentId}|${r.number}`, Math.max(0, r.amount - r.paid)]));
  },

  /** Payments already holding one of these receipt numbers, with their enrolment. */
  async paymentsByReceipt(db: Executor | Db, receiptNumbers: string[]): Promise<Map<string, string>> {
    if (!receiptNumbers.length) return new Map();
    const found = await db
      .select({ receiptNumber: payments.receiptNumber, enrollmentId: payments.enrollmentId })
      .from(payments)
      .where(inArray(payments.receiptNumber, receiptNumbers));
    return new Map(found.map((r) => [r.receiptNumber, r.enrollmentId]));
  },

  /** Live payments of these enrolments as `enrollmentId|installment|paise|paidOn`. */
  async livePaymentKeys(db: Executor | Db, enrollmentIds: string[]): Promise<Set<string>> {
    if (!enrollmentIds.length) return new Set();
    const found = await db
      .select({
        enrollmentId: payments.enrollmentId,
        number: payments.installmentNumber,
        amountPaise: payments.amountPaise,
        paidOn: payments.paidOn,
      })
      .from(payments)
      .where(and(inArray(payments.enrollmentId, enrollmentIds), isNull(payments.voidedAt)));
    return new Set(found.map((p) => `${p.enrollmentId}|${p.number}|${p.amountPaise}|${p.paidOn}`));
  },

  /** Live payments holding one of these UTRs, by UTR → receipt number. */
  async receiptsByUtr(db: Executor | Db, utrs: string[]): Promise<Map<string, string>> {
    if (!utrs.length) return new Map();
    const found = await db
      .select({ utr: payments.utr, receiptNumber: payments.receiptNumber })
      .from(payments)
      .where(and(inArray(payments.utr, utrs), isNull(payments.voidedAt)));
    return new Map(found.map((r) => [r.utr!, r.receiptNumber]));
  },

  /** Inquiries already received, as `lower(email)|YYYY-MM-DD` of the day they came in. */
  async inquiryKeys(db: Executor | Db, emails: string[]): Promise<Set<string>> {
    if (!emails.length) return new Set();
    const found = await db
      .select({ key: sql<string>`lower(${inquiries.email}) || '|' || to_char(${inquiries.createdAt}, 'YYYY-MM-DD')` })
      .from(inquiries)
      .where(inArray(sql`lower(${inquiries.email})`, emails));
    return new Set(found.map((r) => r.key));
  },

  async insertInquiry(db: Executor, values: typeof inquiries.$inferInsert, note: string, staffId: string) {
    const [row] = await db.insert(inquiries).values(values).returning({ id: inquiries.id });
    // The admin who imported it is its source on the timeline, not the public form.
    await db
      .insert(inquiryEvents)
      .values({ inquiryId: row!.id, kind: 'created', toStatus: values.status ?? 'new', note, staffId });
  },

  /** `count` enrolment numbers from the sequence in one statement. */
  async nextEnrollmentNumbers(tx: Executor, count: number): Promise<number[]> {
    const found = await sqlRows<{ n: number }>(
      tx,
      sql`select nextval('enrollment_number_seq')::int as n from generate_series(1, ${count}) order by 1`,
    );
    return found.map((r) => r.n);
  },

  /** Many enrolments, their schedules and their first history lines, a statement each. */
  async insertEnrollments(
    tx: Executor,
    batch: {
      enrollment: typeof enrollments.$inferInsert;
      schedule: Omit<typeof installments.$inferInsert, 'enrollmentId'>[];
      event: Omit<typeof enrollmentEvents.$inferInsert, 'enrollmentId'>;
    }[],
  ): Promise<void> {
    if (!batch.length) return;
    await tx.insert(enrollments).values(batch.map((b) => b.enrollment));
    const schedule = batch.flatMap((b) => b.schedule.map((s) => ({ ...s, enrollmentId: b.enrollment.id! })));
    if (schedule.length) await tx.insert(installments).values(schedule);
    await tx.insert(enrollmentEvents).values(batch.map((b) => ({ ...b.event, enrollmentId: b.enrollment.id! })));
  },

  /** Serialises imports across instances: false when another holds the lock (until its commit). */
  async tryLock(tx: Executor): Promise<boolean> {
    const found = await sqlRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtextextended('registrar:import', 0)) as locked`,
    );
    return found[0]?.locked === true;
  },
};
