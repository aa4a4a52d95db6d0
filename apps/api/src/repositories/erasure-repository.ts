/** The rows an erasure keeps but scrubs: read by enrolment, each written back by id with what changed. */
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import {
  bankStatementLines,
  concessions,
  enrollmentEvents,
  gatewayRefundRequests,
  imports,
  paymentClaims,
  payments,
  refunds,
  studentMessages,
  taxDocuments,
} from '../db/schema';

export type StatementLineChange = Partial<typeof bankStatementLines.$inferInsert>;

export const erasureRepository = {
  payments: (tx: Executor, kept: string[]) => tx.select().from(payments).where(inArray(payments.enrollmentId, kept)),
  refunds: (tx: Executor, kept: string[]) => tx.select().from(refunds).where(inArray(refunds.enrollmentId, kept)),
  concessions: (tx: Executor, kept: string[]) =>
    tx.select().from(concessions).where(inArray(concessions.enrollmentId, kept)),
  gatewayRefunds: (tx: Executor, kept: string[]) =>
    tx.select().from(gatewayRefundRequests).where(inArray(gatewayRefundRequests.enrollmentId, kept)),
  events: (tx: Executor, kept: string[]) =>
    tx.select().from(enrollmentEvents).where(inArray(enrollmentEvents.enrollmentId, kept)),
  claims: (tx: Executor, kept: string[]) =>
    tx.select().from(paymentClaims).where(inArray(paymentClaims.enrollmentId, kept)),
  messages: (tx: Executor, kept: string[]) =>
    tx.select().from(studentMessages).where(inArray(studentMessages.enrollmentId, kept)),
  taxDocuments: (tx: Executor, kept: string[]) =>
    tx.select().from(taxDocuments).where(inArray(taxDocuments.enrollmentId, kept)),

  async setPaymentText(
    tx: Executor,
    id: string,
    text: { reference: string | null; note: string | null; voidReason: string | null },
  ) {
    await tx.update(payments).set(text).where(eq(payments.id, id));
  },
  async setRefundReason(tx: Executor, id: string, reason: string) {
    await tx.update(refunds).set({ reason }).where(eq(refunds.id, id));
  },
  async setConcessionReason(tx: Executor, id: string, reason: string) {
    await tx.update(concessions).set({ reason }).where(eq(concessions.id, id));
  },
  async setGatewayRefundReason(tx: Executor, id: string, reason: string) {
    await tx.update(gatewayRefundRequests).set({ reason }).where(eq(gatewayRefundRequests.id, id));
  },
  async setEventNote(tx: Executor, id: string, note: string) {
    await tx.update(enrollmentEvents).set({ note }).where(eq(enrollmentEvents.id, id));
  },
  async setClaimReason(tx: Executor, id: string, reason: string) {
    await tx.update(paymentClaims).set({ reason }).where(eq(paymentClaims.id, id));
  },
  async setMessageParams(tx: Executor, id: string, params: (typeof studentMessages.$inferSelect)['params']) {
    await tx.update(studentMessages).set({ params }).where(eq(studentMessages.id, id));
  },
  async setTaxDocumentText(
    tx: Executor,
    id: string,
    text: { cancelReason: string | null; buyerName?: string; buyerAddress?: string },
  ) {
    await tx.update(taxDocuments).set(text).where(eq(taxDocuments.id, id));
  },

  /** Statement lines of these enrolments, offered to them, or whose narration holds one of `needles`. */
  statementLinesAbout(tx: Executor, enrollmentIds: string[], needles: string[]) {
    const conditions = [
      enrollmentIds.length ? inArray(bankStatementLines.enrollmentId, enrollmentIds) : undefined,
      ...enrollmentIds.map(
        (id) => sql`${bankStatementLines.candidates} @> ${JSON.stringify([{ enrollmentId: id }])}::jsonb`,
      ),
      ...needles.map((n) => sql`position(${n} in lower(${bankStatementLines.narration})) > 0`),
    ].filter((c): c is SQL => c !== undefined);
    if (!conditions.length) return Promise.resolve([]);
    return tx
      .select()
      .from(bankStatementLines)
      .where(or(...conditions));
  },
  async setStatementLine(tx: Executor, id: string, change: StatementLineChange) {
    await tx.update(bankStatementLines).set(change).where(eq(bankStatementLines.id, id));
  },

  /** Imports whose file name, errors or error rows hold one of `needles` (lower case). */
  importsMentioning(tx: Executor, needles: string[]) {
    const text = sql`lower(${imports.fileName} || ' ' || ${imports.errors}::text || ' ' || coalesce(${imports.errorRows}::text, ''))`;
    return tx
      .select({ id: imports.id, fileName: imports.fileName, errors: imports.errors, errorRows: imports.errorRows })
      .from(imports)
      .where(or(...needles.map((n) => sql`position(${n} in ${text}) > 0`)));
  },
  async setImportLog(
    tx: Executor,
    id: string,
    log: Pick<typeof imports.$inferInsert, 'fileName' | 'errors' | 'errorRows'>,
  ) {
    await tx.update(imports).set(log).where(eq(imports.id, id));
  },
};
