/** The mail outbox: rows written inside the caller's transaction, claimed by workers. */
import { and, eq, gt, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import { outbox } from '../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;

/** What stays of a mail whose secret link was forgotten: the fact that it was written, not its text. */
const FORGOTTEN_PAYLOAD = { to: '', subject: '', text: '', html: '', forgotten: true };
const FORGOTTEN_PAYLOAD_SQL = sql`${JSON.stringify(FORGOTTEN_PAYLOAD)}::jsonb`;
const EXPIRED_ERROR = 'expired: the link in it no longer works';

export const outboxRepository = {
  /** `secretUntil`: the mail holds a link that works until then; its body is forgotten after. */
  async enqueue(db: Executor, kind: string, payload: unknown, secretUntil?: Date): Promise<string> {
    const rows = await db
      .insert(outbox)
      .values({ kind, payload, secretUntil: secretUntil ?? null })
      .returning({ id: outbox.id });
    return rows[0]!.id;
  },

  /**
   * Blanks the body of every secret-bearing mail whose link has expired; one not yet delivered
   * is given up (its link no longer works). Answers how many rows were blanked.
   */
  async forgetExpiredSecrets(db: Db): Promise<number> {
    const rows = await db
      .update(outbox)
      .set({
        payload: FORGOTTEN_PAYLOAD,
        secretUntil: null,
        status: sql`case when ${outbox.status} in ('queued', 'sending') then 'failed' else ${outbox.status} end`,
        lockedUntil: null,
        lastError: sql`case when ${outbox.status} in ('queued', 'sending') then ${EXPIRED_ERROR} else ${outbox.lastError} end`,
      })
      .where(lte(outbox.secretUntil, sql`now()`))
      .returning({ id: outbox.id });
    return rows.length;
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
            or(isNull(outbox.secretUntil), gt(outbox.secretUntil, now)),
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
      .set({
        status: 'sent',
        sentAt: now,
        lockedUntil: null,
        lastError: null,
        // Delivered: a secret link now lives only in the recipient's mailbox.
        payload: sql`case when ${outbox.secretUntil} is null then ${outbox.payload} else ${FORGOTTEN_PAYLOAD_SQL} end`,
        secretUntil: null,
      })
      .where(eq(outbox.id, id));
  },

  async markFailedAttempt(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
    await db
      .update(outbox)
      .set(
        retryAt
          ? { status: 'queued', nextAttemptAt: retryAt, lockedUntil: null, lastError: error }
          : {
              status: 'failed',
              lockedUntil: null,
              lastError: error,
              payload: sql`case when ${outbox.secretUntil} is null then ${outbox.payload} else ${FORGOTTEN_PAYLOAD_SQL} end`,
              secretUntil: null,
            },
      )
      .where(eq(outbox.id, id));
  },

  /** Puts a claimed row back until `until`, the attempt not counted (quiet hours, pacing). */
  async hold(db: Db, id: string, until: Date): Promise<void> {
    await db
      .update(outbox)
      .set({ status: 'queued', nextAttemptAt: until, lockedUntil: null, attempts: sql`${outbox.attempts} - 1` })
      .where(eq(outbox.id, id));
  },

  async byId(db: Db, id: string): Promise<OutboxRow | undefined> {
    const rows = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
    return rows[0];
  },
};
