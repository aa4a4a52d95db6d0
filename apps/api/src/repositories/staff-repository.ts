/** Staff accounts, sessions and reset tokens: queries only, no rules (those live in services). */
import { and, asc, eq, gt, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Role } from '@registrar/contract/permissions';
import type { EnrollmentMailChoice } from '@registrar/contract/staff';
import type { Executor } from '../db/database';
import { containsPattern } from '../db/search';
import { passwordResetTokens, staff, staffSessions } from '../db/schema';

export type StaffRow = typeof staff.$inferSelect;
export type SessionRow = typeof staffSessions.$inferSelect;

export const staffRepository = {
  async findByEmail(db: Executor, email: string): Promise<StaffRow | undefined> {
    const rows = await db
      .select()
      .from(staff)
      .where(sql`lower(${staff.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return rows[0];
  },

  async findById(db: Executor, id: string, options: { lock?: boolean } = {}): Promise<StaffRow | undefined> {
    const query = db.select().from(staff).where(eq(staff.id, id)).limit(1);
    const rows = options.lock ? await query.for('update') : await query;
    return rows[0];
  },

  async count(db: Executor): Promise<number> {
    const rows = await db.select({ n: sql<number>`count(*)::int` }).from(staff);
    return rows[0]?.n ?? 0;
  },

  async list(db: Executor): Promise<StaffRow[]> {
    return db.select().from(staff).orderBy(staff.createdAt);
  },

  /** One page, by name, matching name or email when a search is given. */
  async page(db: Executor, q: { page: number; limit: number; search?: string | undefined }) {
    const like = q.search ? containsPattern(q.search) : undefined;
    const where = like ? or(ilike(staff.name, like), ilike(staff.email, like)) : undefined;
    const [items, totals] = await Promise.all([
      db
        .select()
        .from(staff)
        .where(where)
        .orderBy(asc(sql`lower(${staff.name})`), asc(staff.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(staff)
        .where(where),
    ]);
    return { items, total: totals[0]?.n ?? 0 };
  },

  /** Active admins, locked until the transaction ends so two demotions cannot both pass. */
  async lockActiveAdmins(db: Executor): Promise<string[]> {
    const rows = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, 'admin'), eq(staff.active, true)))
      .for('update');
    return rows.map((r) => r.id);
  },

  async insert(
    db: Executor,
    values: {
      name: string;
      email: string;
      phone?: string | null;
      passwordHash: string;
      role: StaffRow['role'];
      invitedAt?: Date | null;
    },
  ) {
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
      Pick<
        StaffRow,
        | 'name'
        | 'phone'
        | 'themeSettings'
        | 'enrollmentMail'
        | 'passwordHash'
        | 'passwordChangedAt'
        | 'notificationsSeenAt'
        | 'role'
        | 'active'
        | 'lastSignInAt'
        | 'invitedAt'
      >
    >,
  ): Promise<StaffRow | undefined> {
    const rows = await db
      .update(staff)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(staff.id, id))
      .returning();
    return rows[0];
  },
  /** Active staff of these roles, oldest account first; `enrollmentMail` narrows to those who chose it. */
  activeInRoles(db: Executor, roles: readonly Role[], enrollmentMail?: EnrollmentMailChoice) {
    return db
      .select({ email: staff.email, name: staff.name, role: staff.role })
      .from(staff)
      .where(
        and(
          eq(staff.active, true),
          inArray(staff.role, [...roles]),
          enrollmentMail ? eq(staff.enrollmentMail, enrollmentMail) : undefined,
        ),
      )
      .orderBy(asc(staff.createdAt));
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
