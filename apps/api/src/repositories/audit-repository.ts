/** The audit trail: entries written one at a time, read newest first, filtered by record and by a search over who, what and where from. */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import { auditLog } from '../db/schema';
import { containsPattern } from '../db/search';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;

export const auditRepository = {
  async insert(db: Executor, entry: NewAuditEntry): Promise<void> {
    await db.insert(auditLog).values(entry);
  },

  async page(
    db: Db,
    q: {
      page: number;
      limit: number;
      search?: string | undefined;
      entity?: string | undefined;
      entityId?: string | undefined;
    },
  ): Promise<{ items: AuditRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (q.entity) conditions.push(eq(auditLog.entity, q.entity));
    if (q.entityId) conditions.push(eq(auditLog.entityId, q.entityId));
    if (q.search) {
      const like = containsPattern(q.search);
      conditions.push(or(ilike(auditLog.actorEmail, like), ilike(auditLog.action, like), ilike(auditLog.ip, like))!);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [items, totals] = await Promise.all([
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(where),
    ]);
    return { items, total: totals[0]?.n ?? 0 };
  },
};
