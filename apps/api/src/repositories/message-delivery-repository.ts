/** Each channel a student message went out on, the templates providers refused, and consent. */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DeliveryState, MessageChannel } from '@registrar/contract/message-channels';
import { sqlRows, type Db } from '../db/database';
import { enrollments, messageDeliveries, messageTemplateProblems, outbox, studentMessages } from '../db/schema';

export type DeliveryRow = typeof messageDeliveries.$inferSelect;

/** A state's rank: a report may only raise it, so repeats and late arrivals change nothing. */
const RANK = sql`case ${messageDeliveries.state} when 'queued' then 0 when 'sent' then 1 when 'failed' then 2
  when 'delivered' then 3 when 'read' then 4 end`;
const RANK_OF: Record<DeliveryState, number> = { queued: 0, sent: 1, failed: 2, delivered: 3, read: 4 };

export const messageDeliveryRepository = {
  /** The message with what its channels need of the student; undefined when gone. */
  async messageWithStudent(db: Db, messageId: string) {
    const rows = await db
      .select({ message: studentMessages, enrollment: enrollments })
      .from(studentMessages)
      .innerJoin(enrollments, eq(enrollments.id, studentMessages.enrollmentId))
      .where(eq(studentMessages.id, messageId))
      .limit(1);
    return rows[0];
  },

  forMessage: (db: Db, messageId: string) =>
    db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.messageId, messageId))
      .orderBy(asc(messageDeliveries.createdAt)),

  forMessages: (db: Db, messageIds: string[]) =>
    messageIds.length
      ? db
          .select()
          .from(messageDeliveries)
          .where(inArray(messageDeliveries.messageId, messageIds))
          .orderBy(asc(messageDeliveries.createdAt))
      : Promise.resolve([] as DeliveryRow[]),

  /**
   * The message's row on this channel, made if there is none: the unique (message, channel) index
   * means two workers racing get the same row, and a channel is never used twice for one message.
   */
  async claim(db: Db, messageId: string, channel: MessageChannel): Promise<DeliveryRow> {
    await db.insert(messageDeliveries).values({ messageId, channel }).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.messageId, messageId), eq(messageDeliveries.channel, channel)));
    return row!;
  },

  /** The provider accepted it; false when another worker's answer got there first. */
  async accepted(db: Db, id: string, providerId: string | null): Promise<boolean> {
    const rows = await db
      .update(messageDeliveries)
      .set({ state: 'sent', providerId, updatedAt: sql`now()` })
      .where(and(eq(messageDeliveries.id, id), eq(messageDeliveries.state, 'queued')))
      .returning({ id: messageDeliveries.id });
    return rows.length > 0;
  },

  async refused(db: Db, id: string, code: string, error: string): Promise<void> {
    await db
      .update(messageDeliveries)
      .set({ state: 'failed', errorCode: code, error: error.slice(0, 500), updatedAt: sql`now()` })
      .where(and(eq(messageDeliveries.id, id), inArray(messageDeliveries.state, ['queued', 'sent'])));
  },

  /** Notes why a try has not gone through yet, the row still queued for the next one. */
  async notYet(db: Db, id: string, code: string, error: string): Promise<void> {
    await db
      .update(messageDeliveries)
      .set({ errorCode: code, error: error.slice(0, 500), updatedAt: sql`now()` })
      .where(and(eq(messageDeliveries.id, id), eq(messageDeliveries.state, 'queued')));
  },

  /**
   * A provider's report, in one statement that only raises the state: ten copies at once, or a
   * `delivered` after a `read`, change it once at most. Answers the message it moved, if any.
   */
  async report(
    db: Db,
    channel: MessageChannel,
    providerId: string,
    state: DeliveryState,
    failure?: { code: string; error: string },
  ): Promise<string | undefined> {
    const rows = await db
      .update(messageDeliveries)
      .set({
        state,
        updatedAt: sql`now()`,
        ...(failure ? { errorCode: failure.code, error: failure.error.slice(0, 500) } : {}),
      })
      .where(
        and(
          eq(messageDeliveries.channel, channel),
          eq(messageDeliveries.providerId, providerId),
          sql`${RANK} < ${RANK_OF[state]}`,
        ),
      )
      .returning({ messageId: messageDeliveries.messageId });
    return rows[0]?.messageId;
  },

  /** Sends the message's outbox row round again, for the next channel in the order. */
  async requeue(db: Db, messageId: string): Promise<void> {
    await db
      .update(outbox)
      .set({ status: 'queued', nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(
        sql`${outbox.id} = (select ${studentMessages.outboxId} from ${studentMessages} where ${studentMessages.id} = ${messageId})`,
      );
  },

  /** The open problem with this template, if one stops its use. */
  async openProblem(db: Db, channel: MessageChannel, template: string) {
    const rows = await db
      .select({ id: messageTemplateProblems.id })
      .from(messageTemplateProblems)
      .where(
        and(
          eq(messageTemplateProblems.channel, channel),
          eq(messageTemplateProblems.template, template),
          isNull(messageTemplateProblems.clearedAt),
        ),
      )
      .limit(1);
    return rows[0];
  },

  async recordProblem(db: Db, channel: MessageChannel, template: string, code: string, error: string) {
    await db
      .insert(messageTemplateProblems)
      .values({ channel, template, errorCode: code, error: error.slice(0, 500) })
      .onConflictDoNothing();
  },

  openProblems: (db: Db) =>
    sqlRows<{ id: string; channel: MessageChannel; template: string; error_code: string; error: string; at: string }>(
      db,
      sql`select id, channel, template, error_code, error, created_at as at from message_template_problems
          where cleared_at is null order by created_at desc limit 50`,
    ),

  async clearProblem(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .update(messageTemplateProblems)
      .set({ clearedAt: sql`now()` })
      .where(and(eq(messageTemplateProblems.id, id), isNull(messageTemplateProblems.clearedAt)))
      .returning({ id: messageTemplateProblems.id });
    return rows.length > 0;
  },
};
