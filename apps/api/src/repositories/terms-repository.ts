import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { staff, termsVersions } from '../db/schema';

export type TermsRow = typeof termsVersions.$inferSelect;

export const termsRepository = {
  async latest(db: Db): Promise<TermsRow | undefined> {
    const rows = await db.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(1);
    return rows[0];
  },

  async history(db: Db, limit = 100) {
    return db
      .select({ terms: termsVersions, staff: { id: staff.id, name: staff.name, email: staff.email } })
      .from(termsVersions)
      .leftJoin(staff, eq(staff.id, termsVersions.savedBy))
      .orderBy(desc(termsVersions.version))
      .limit(limit);
  },

  /** The next version number is taken inside the insert; the unique index settles a race. */
  async append(db: Db, values: { name: string; description: string; savedBy: string }): Promise<TermsRow> {
    const rows = await db
      .insert(termsVersions)
      .values({
        ...values,
        version: sql`(select coalesce(max(${termsVersions.version}), 0) + 1 from ${termsVersions})`,
      })
      .returning();
    return rows[0]!;
  },
};
