/** A student's consent to WhatsApp and SMS messages, and its withdrawal. */
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { enrollments } from '../db/schema';

export const enrollmentConsentRepository = {
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
