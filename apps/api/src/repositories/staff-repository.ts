/** Staff accounts, sessions and reset tokens: queries only, no rules (those live in services). */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { passwordResetTokens, staff, staffSessions } from '../db/schema';

export type StaffRow = typeof staff.$inferSelect;
export type SessionRow = typeof staffSessions.$inferSelect;
/** `db` or a transaction: both run the same queries. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export const staffRepository = {
  async findByEmail(db: Executor, email: string): Promise<StaffRow | undefined> {
    const rows = await db
      .select()
      .from(staff)
      .where(sql`lower(${staff.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return rows[0];
  },

  async findById(db: Executor, id: string): Promise<StaffRow | undefined> {
    const rows = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
    return rows[0];
  },

  async count(db: Executor): Promise<number> {
    const rows = await db.select({ n: sql<number>`count(*)::int` }).from(staff);
    return rows[0]?.n ?? 0;
  },

  async list(db: Executor): Promise<StaffRow[]> {
    return db.select().from(staff).orderBy(staff.createdAt);
  },

  async insert(db: Executor, values: { name: string; email: string; phone?: string | null; passwordHash: string }) {
    const rows = await db
      .insert(staff)
      .values({ ...values, email: values.email.trim() })
      .returning();
    return rows[0]!;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<
      Pick<StaffRow, 'name' | 'phone' | 'themeSettings' | 'passwordHash' | 'passwordChangedAt' | 'notificationsSeenAt'>
    >,
  ): Promise<StaffRow | undefined> {
    const rows = await db
      .update(staff)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(staff.id, id))
      .returning();
    return rows[0];
  },
};

export const sessionRepository = {
  async create(
    db: Executor,
    values: { staffId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
  ) {
    const rows = await db.insert(staffSessions).values(values).returning();
    return rows[0]!;
  },

  async findLive(db: Executor, id: string, now: Date): Promise<SessionRow | undefined> {
    const rows = await db
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
      .limit(1);
    return rows[0];
  },

  async touch(db: Executor, id: string, now: Date): Promise<void> {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
  },

  async revoke(db: Executor, id: string, now: Date): Promise<void> {
    await db
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
  },

  /** Revokes every live session of the staff member, except `keepId` when given. */
  async revokeAllFor(db: Executor, staffId: string, now: Date, keepId?: string): Promise<void> {
    const conditions = [eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)];
    if (keepId) conditions.push(ne(staffSessions.id, keepId));
    await db
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(...conditions));
  },
};

export const resetTokenRepository = {
  async create(db: Executor, values: { staffId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await db.insert(passwordResetTokens).values(values);
  },

  /** Marks a live token used and returns its staff id; a second use finds nothing. */
  async consume(db: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
    const rows = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ staffId: passwordResetTokens.staffId });
    return rows[0]?.staffId;
  },

  /** A new link makes the older unused ones of the same account useless. */
  async invalidateFor(db: Executor, staffId: string, now: Date): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.staffId, staffId), isNull(passwordResetTokens.usedAt)));
  },
};
