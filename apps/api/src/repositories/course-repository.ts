/** Course queries. Search is case-insensitive on the name; paging is offset-based. */
import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import { courses } from '../db/schema';
import { containsPattern } from '../db/search';

export type CourseRow = typeof courses.$inferSelect;
export type CourseWithCount = CourseRow & { enrollmentCount: number };

// Spelled out: inside a sub-select drizzle would print the outer column unqualified ("id").
const enrollmentCount = sql<number>`(select count(*)::int from "enrollments" where "enrollments"."course_id" = "courses"."id")`;

export const courseRepository = {
  async page(db: Db, q: { page: number; limit: number; search?: string | undefined; active?: boolean | undefined }) {
    const conditions: SQL[] = [];
    if (q.search) conditions.push(ilike(courses.name, containsPattern(q.search)));
    if (q.active !== undefined) conditions.push(eq(courses.active, q.active));
    const where = conditions.length ? and(...conditions) : undefined;
    const [items, totals] = await Promise.all([
      db
        .select({ course: courses, enrollmentCount })
        .from(courses)
        .where(where)
        .orderBy(asc(sql`lower(${courses.name})`))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(courses)
        .where(where),
    ]);
    return {
      items: items.map((r) => ({ ...r.course, enrollmentCount: r.enrollmentCount })),
      total: totals[0]?.n ?? 0,
    };
  },

  async active(db: Db): Promise<CourseRow[]> {
    return db
      .select()
      .from(courses)
      .where(eq(courses.active, true))
      .orderBy(asc(sql`lower(${courses.name})`));
  },

  async byId(db: Executor, id: string): Promise<CourseWithCount | undefined> {
    const rows = await db.select({ course: courses, enrollmentCount }).from(courses).where(eq(courses.id, id)).limit(1);
    return rows[0] ? { ...rows[0].course, enrollmentCount: rows[0].enrollmentCount } : undefined;
  },

  async nameTaken(db: Executor, name: string, exceptId?: string): Promise<boolean> {
    const rows = await db
      .select({ id: courses.id })
      .from(courses)
      .where(sql`lower(${courses.name}) = ${name.toLowerCase()}`)
      .limit(1);
    return rows.length > 0 && rows[0]!.id !== exceptId;
  },

  async insert(db: Executor, values: typeof courses.$inferInsert): Promise<CourseRow> {
    const rows = await db.insert(courses).values(values).returning();
    return rows[0]!;
  },

  async update(db: Executor, id: string, values: Partial<typeof courses.$inferInsert>): Promise<CourseRow | undefined> {
    const rows = await db
      .update(courses)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(courses.id, id))
      .returning();
    return rows[0];
  },

  async delete(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
    return rows.length > 0;
  },
};
