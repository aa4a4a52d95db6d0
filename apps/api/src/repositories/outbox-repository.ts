/** The mail outbox (DESIGN §1): rows written inside the caller's transaction, claimed by workers. */
import { and, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { outbox } from '../db/schema';
import type { Executor } from './staff-repository';

export type OutboxRow = typeof outbox.$inferSelect;

export const outboxRepository = {
  async enqueue(db: Executor, kind: string, payload: unknown): Promise<string> {
    const rows = await db.insert(outbox).values({ kind, payload }).returning({ id: outbox.id });
    return rows[0]!.id;
  },

  /**
   * Claims up to `limit` due rows for `leaseMs`: `for update skip locked` lets several instances
   * share the outbox without sending a row twice at the same time.
   */
  async claimDue(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
    // The database's clock decides what is due: rows carry its now(), and a JS Date compared with
    // microsecond timestamps could miss a row written within the same millisecond.
    const now = sql`now()`;
    const leaseUntil = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            or(eq(outbox.status, 'queued'), eq(outbox.status, 'sending')),
            lte(outbox.nextAttemptAt, now),
            or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
          ),
        )
        .orderBy(outbox.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({ status: 'sending', lockedUntil: leaseUntil, attempts: sql`${outbox.attempts} + 1` })
        .where(
          inArray(
            outbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  },

  async markSent(db: Db, id: string, now = new Date()): Promise<void> {
    await db
      .update(outbox)
      .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
      .where(eq(outbox.id, id));
  },

  async markFailedAttempt(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
    await db
      .update(outbox)
      .set(
        retryAt
          ? { status: 'queued', nextAttemptAt: retryAt, lockedUntil: null, lastError: error }
          : { status: 'failed', lockedUntil: null, lastError: error },
      )
      .where(eq(outbox.id, id));
  },

  async byId(db: Db, id: string): Promise<OutboxRow | undefined> {
    const rows = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
    return rows[0];
  },
};
