/** A student's consent to WhatsApp and SMS messages, and its withdrawal. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import { enrollments } from '../db/schema';

export const enrollmentConsentRepository = {
  async of(db: Db, enrollmentId: string) {
    const rows = await db
      .select({
        phoneMessagesConsentAt: enrollments.phoneMessagesConsentAt,
        phoneMessagesStoppedAt: enrollments.phoneMessagesStoppedAt,
      })
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId))
      .limit(1);
    return rows[0];
  },

  /** The student's own switch: on is consent given now, off is stopped now. */
  async set(db: Executor, enrollmentId: string, on: boolean): Promise<void> {
    await db
      .update(enrollments)
      .set(
        on
          ? { phoneMessagesConsentAt: sql`now()`, phoneMessagesStoppedAt: null }
          : { phoneMessagesStoppedAt: sql`coalesce(${enrollments.phoneMessagesStoppedAt}, now())` },
      )
      .where(eq(enrollments.id, enrollmentId));
  },

  /** A STOP from this number: every enrolment with it hears by mail only from now. */
  async stopByPhone(db: Db, from: string): Promise<number> {
    const last10 = from.replace(/\D/g, '').slice(-10);
    if (last10.length !== 10) return 0;
    const rows = await db
      .update(enrollments)
      .set({ phoneMessagesStoppedAt: sql`now()` })
      .where(and(sql`${enrollments.phoneNumber} = ${last10}`, isNull(enrollments.phoneMessagesStoppedAt)))
      .returning({ id: enrollments.id });
    return rows.length;
  },
};
