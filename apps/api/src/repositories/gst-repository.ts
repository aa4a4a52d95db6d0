/** GST rows: the institute's settings, the document counters, the documents and filed months. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import { courses, enrollments, gstFiledPeriods, gstSettings, taxDocumentCounters, taxDocuments } from '../db/schema';

export type GstSettingsRow = typeof gstSettings.$inferSelect;
export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type TaxDocumentSeries = 'INV' | 'BOS' | 'CN';

export const gstRepository = {
  /** The settings, the buyer and the course of one enrolment, in one query. */
  async invoiceContext(db: Executor, enrollmentId: string) {
    const rows = await db
      .select({ settings: gstSettings, enrollment: enrollments, course: courses })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .innerJoin(gstSettings, eq(gstSettings.id, 1))
      .where(eq(enrollments.id, enrollmentId))
      .limit(1);
    return rows[0];
  },

  async settings(db: Db | Executor): Promise<GstSettingsRow | undefined> {
    return (await db.select().from(gstSettings).where(eq(gstSettings.id, 1)).limit(1))[0];
  },

  async saveSettings(db: Db | Executor, values: Omit<typeof gstSettings.$inferInsert, 'id'>): Promise<void> {
    await db
      .insert(gstSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: gstSettings.id, set: { ...values, updatedAt: new Date() } });
  },

  /** The next number of a series from a counter row that stays locked until commit: no gap or repeat. */
  async nextNumber(db: Executor, gstin: string, series: TaxDocumentSeries, fy: string): Promise<number> {
    const result = await db.execute(
      sql`insert into ${taxDocumentCounters} (gstin, series, fy, last) values (${gstin}, ${series}, ${fy}, 1)
          on conflict (gstin, series, fy) do update set last = ${taxDocumentCounters.last} + 1
          returning last`,
    );
    return (result as unknown as { rows: { last: number }[] }).rows[0]!.last;
  },

  async insert(db: Executor, values: typeof taxDocuments.$inferInsert): Promise<TaxDocumentRow> {
    return (await db.insert(taxDocuments).values(values).returning())[0]!;
  },

  /** The invoice or bill of supply of a payment. */
  async original(db: Db | Executor, paymentId: string): Promise<TaxDocumentRow | undefined> {
    const rows = await db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.paymentId, paymentId), sql`${taxDocuments.kind} <> 'credit_note'`))
      .limit(1);
    return rows[0];
  },

  async creditNoteOfRefund(db: Db | Executor, refundId: string): Promise<TaxDocumentRow | undefined> {
    return (await db.select().from(taxDocuments).where(eq(taxDocuments.refundId, refundId)).limit(1))[0];
  },

  /** What credit notes already gave back against one invoice. */
  async credited(db: Executor, originalId: string): Promise<{ valuePaise: number }> {
    const rows = await db
      .select({ v: sql<string>`coalesce(sum(${taxDocuments.valuePaise}), 0)` })
      .from(taxDocuments)
      .where(and(eq(taxDocuments.originalId, originalId), eq(taxDocuments.kind, 'credit_note')));
    return { valuePaise: Number(rows[0]?.v ?? 0) };
  },

  async cancel(db: Executor, id: string, reason: string, staffId: string | null): Promise<void> {
    await db
      .update(taxDocuments)
      .set({ cancelledAt: new Date(), cancelReason: reason, cancelledBy: staffId })
      .where(eq(taxDocuments.id, id));
  },

  async ofPeriod(db: Db, gstin: string, period: string): Promise<TaxDocumentRow[]> {
    return db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.gstin, gstin), eq(taxDocuments.period, period)))
      .orderBy(asc(taxDocuments.number));
  },

  async byIds(db: Db, ids: string[]): Promise<TaxDocumentRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(taxDocuments)
      .where(sql`${taxDocuments.id} in ${ids}`);
  },

  async isFiled(db: Db | Executor, gstin: string, period: string): Promise<boolean> {
    const rows = await db
      .select({ p: gstFiledPeriods.period })
      .from(gstFiledPeriods)
      .where(and(eq(gstFiledPeriods.gstin, gstin), eq(gstFiledPeriods.period, period)))
      .limit(1);
    return rows.length > 0;
  },

  /** Whether GST is on and the month of `isoDate` is marked filed for the institute's GSTIN. */
  async dateFiled(db: Db | Executor, isoDate: string): Promise<boolean> {
    const rows = await db
      .select({ p: gstFiledPeriods.period })
      .from(gstFiledPeriods)
      .innerJoin(gstSettings, and(eq(gstSettings.id, 1), eq(gstSettings.gstin, gstFiledPeriods.gstin)))
      .where(and(eq(gstSettings.enabled, true), eq(gstFiledPeriods.period, isoDate.slice(0, 7))))
      .limit(1);
    return rows.length > 0;
  },

  async markFiled(db: Db, gstin: string, period: string, staffId: string): Promise<void> {
    await db.insert(gstFiledPeriods).values({ gstin, period, filedBy: staffId }).onConflictDoNothing();
  },

  /** The invoice (or bill of supply) number of each payment and credit note number of each refund. */
  async numbersFor(db: Db | Executor, enrollmentId: string) {
    const rows = await db
      .select({
        kind: taxDocuments.kind,
        number: taxDocuments.number,
        paymentId: taxDocuments.paymentId,
        refundId: taxDocuments.refundId,
      })
      .from(taxDocuments)
      .where(eq(taxDocuments.enrollmentId, enrollmentId));
    const ofPayment = new Map<string, string>();
    const ofRefund = new Map<string, string>();
    for (const r of rows) {
      if (r.kind !== 'credit_note') ofPayment.set(r.paymentId, r.number);
      else if (r.refundId) ofRefund.set(r.refundId, r.number);
    }
    return { ofPayment, ofRefund };
  },
};
