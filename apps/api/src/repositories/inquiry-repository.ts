/** Inquiry queries: paging with filters and search, the timeline, duplicate lookup. */
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { InquiryListQuery } from '@registrar/contract/inquiry-admin';
import type { Db } from '../db/database';
import { inquiries, inquiryEvents, searchText, staff } from '../db/schema';
import type { Executor } from './staff-repository';

export type InquiryRow = typeof inquiries.$inferSelect;
export type InquiryInsert = typeof inquiries.$inferInsert;
export type InquiryEventRow = typeof inquiryEvents.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(q: Omit<InquiryListQuery, 'page' | 'limit' | 'sort'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.search) {
    // One pg_trgm index over the three columns (migration 0009) finds the candidates; each column
    // is then checked on its own, so a term never matches across two of them.
    const like = `%${escapeLike(q.search)}%`;
    conditions.push(
      and(
        ilike(sql`(${searchText(inquiries.name, inquiries.email, inquiries.phoneNumber)})`, like),
        or(ilike(inquiries.name, like), ilike(inquiries.email, like), ilike(inquiries.phoneNumber, like)),
      )!,
    );
  }
  if (q.status) conditions.push(eq(inquiries.status, q.status));
  if (q.reference) conditions.push(eq(inquiries.reference, q.reference));
  if (q.from) conditions.push(gte(inquiries.createdAt, new Date(`${q.from}T00:00:00`)));
  if (q.to) conditions.push(lt(inquiries.createdAt, new Date(new Date(`${q.to}T00:00:00`).getTime() + 86_400_000)));
  return conditions.length ? and(...conditions) : undefined;
}

function orderBy(sort: InquiryListQuery['sort']): SQL[] {
  const direction = sort.startsWith('-') ? desc : asc;
  const column = { createdAt: inquiries.createdAt, name: inquiries.name, status: inquiries.status }[
    sort.replace(/^-/, '') as 'createdAt' | 'name' | 'status'
  ];
  return [direction(column), desc(inquiries.id)];
}

export const inquiryRepository = {
  async page(db: Db, q: InquiryListQuery) {
    const where = filters(q);
    const [items, totals] = await Promise.all([
      db
        .select()
        .from(inquiries)
        .where(where)
        .orderBy(...orderBy(q.sort))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(inquiries)
        .where(where),
    ]);
    return { items, total: totals[0]?.n ?? 0 };
  },

  /** Every matching row, for the CSV export (capped: an export is not a backup). */
  async all(db: Db, q: Omit<InquiryListQuery, 'page' | 'limit'>, cap = 50_000): Promise<InquiryRow[]> {
    return db
      .select()
      .from(inquiries)
      .where(filters(q))
      .orderBy(...orderBy(q.sort))
      .limit(cap);
  },

  async byId(db: Executor, id: string): Promise<InquiryRow | undefined> {
    const rows = await db.select().from(inquiries).where(eq(inquiries.id, id)).limit(1);
    return rows[0];
  },

  /** The newest earlier inquiry with the same email or phone since `since`. */
  async recentMatch(db: Executor, email: string, phone: string, since: Date): Promise<string | undefined> {
    const rows = await db
      .select({ id: inquiries.id })
      .from(inquiries)
      .where(
        and(
          or(sql`lower(${inquiries.email}) = ${email.toLowerCase()}`, eq(inquiries.phoneNumber, phone)),
          gte(inquiries.createdAt, since),
        ),
      )
      .orderBy(desc(inquiries.createdAt))
      .limit(1);
    return rows[0]?.id;
  },

  async insert(db: Executor, values: InquiryInsert): Promise<InquiryRow> {
    const rows = await db.insert(inquiries).values(values).returning();
    return rows[0]!;
  },

  async update(db: Executor, id: string, values: Partial<InquiryInsert>): Promise<InquiryRow | undefined> {
    const rows = await db
      .update(inquiries)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(inquiries.id, id))
      .returning();
    return rows[0];
  },

  async delete(db: Executor, id: string): Promise<boolean> {
    return (await db.delete(inquiries).where(eq(inquiries.id, id)).returning({ id: inquiries.id })).length > 0;
  },

  async addEvent(db: Executor, values: typeof inquiryEvents.$inferInsert): Promise<void> {
    await db.insert(inquiryEvents).values(values);
  },

  async events(db: Db, inquiryId: string) {
    return db
      .select({ event: inquiryEvents, staff: { id: staff.id, name: staff.name } })
      .from(inquiryEvents)
      .leftJoin(staff, eq(staff.id, inquiryEvents.staffId))
      .where(eq(inquiryEvents.inquiryId, inquiryId))
      .orderBy(asc(inquiryEvents.createdAt));
  },

  async staffRecipients(db: Executor): Promise<{ email: string; name: string }[]> {
    return db.select({ email: staff.email, name: staff.name }).from(staff);
  },
};
