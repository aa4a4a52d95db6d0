import { and, asc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { documentKeys, enrollmentDocuments } from '../db/schema';

export interface DocumentKeyRow {
  documentId: string;
  keyId: string;
  wrappedKey: string;
}

export const documentKeyRepository = {
  /** Stores a document's wrapped key unless it has one, and returns whichever is stored. */
  async getOrInsert(db: Db, row: DocumentKeyRow): Promise<DocumentKeyRow> {
    await db.insert(documentKeys).values(row).onConflictDoNothing();
    return (await this.get(db, row.documentId))!;
  },

  async put(db: Db, row: DocumentKeyRow): Promise<void> {
    await db
      .insert(documentKeys)
      .values(row)
      .onConflictDoUpdate({ target: documentKeys.documentId, set: { keyId: row.keyId, wrappedKey: row.wrappedKey } });
  },

  async get(db: Db, documentId: string): Promise<DocumentKeyRow | undefined> {
    const rows = await db
      .select({ documentId: documentKeys.documentId, keyId: documentKeys.keyId, wrappedKey: documentKeys.wrappedKey })
      .from(documentKeys)
      .where(eq(documentKeys.documentId, documentId))
      .limit(1);
    return rows[0];
  },

  async delete(db: Db, documentId: string): Promise<void> {
    await db.delete(documentKeys).where(eq(documentKeys.documentId, documentId));
  },

  /** Up to `limit` keys not wrapped by `keyId`, in a stable order after `after`. */
  async notWrappedBy(db: Db, keyId: string, after: string | undefined, limit: number): Promise<DocumentKeyRow[]> {
    return db
      .select({ documentId: documentKeys.documentId, keyId: documentKeys.keyId, wrappedKey: documentKeys.wrappedKey })
      .from(documentKeys)
      .where(and(ne(documentKeys.keyId, keyId), after ? gt(documentKeys.documentId, after) : undefined))
      .orderBy(asc(documentKeys.documentId))
      .limit(limit);
  },

  /** Replaces a wrapped key only if it is still the one read (a concurrent change wins). */
  async rewrap(db: Db, from: DocumentKeyRow, to: { keyId: string; wrappedKey: string }): Promise<boolean> {
    const rows = await db
      .update(documentKeys)
      .set(to)
      .where(and(eq(documentKeys.documentId, from.documentId), eq(documentKeys.wrappedKey, from.wrappedKey)))
      .returning({ id: documentKeys.documentId });
    return rows.length === 1;
  },

  async countByKey(db: Db): Promise<Map<string, number>> {
    const rows = await db
      .select({ keyId: documentKeys.keyId, n: sql<number>`count(*)::int` })
      .from(documentKeys)
      .groupBy(documentKeys.keyId);
    return new Map(rows.map((r) => [r.keyId, Number(r.n)]));
  },

  /** Ids of committed documents in id order, a page at a time. */
  async documentIdsAfter(db: Db, after: string | undefined, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: enrollmentDocuments.id })
      .from(enrollmentDocuments)
      .where(after ? gt(enrollmentDocuments.id, after) : undefined)
      .orderBy(asc(enrollmentDocuments.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /** Keys of no document, older than `before`: left by uploads that never committed. */
  async orphans(db: Db, before: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: documentKeys.documentId })
      .from(documentKeys)
      .leftJoin(enrollmentDocuments, eq(enrollmentDocuments.id, documentKeys.documentId))
      .where(and(isNull(enrollmentDocuments.id), lt(documentKeys.createdAt, before)))
      .limit(limit);
    return rows.map((r) => r.id);
  },
};
