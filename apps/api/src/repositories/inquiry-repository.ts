/** Inquiry queries: paging with filters and search, the timeline, duplicate lookup. */
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Inquiry } from '@registrar/contract/inquiry';
import type { InquiryListQuery } from '@registrar/contract/inquiry-admin';
import type { Db, Executor } from '../db/database';
import { inquiries, inquiryEvents, staff } from '../db/schema';
import { executePrepared } from '../db/prepared';
import { searchMatch } from '../db/search';

export type InquiryRow = typeof inquiries.$inferSelect;
export type InquiryInsert = typeof inquiries.$inferInsert;
export type InquiryEventRow = typeof inquiryEvents.$inferSelect;
/** A public inquiry as `insertIntake` stores it. */
export type IntakeRow = Required<
  Pick<
    InquiryInsert,
    | 'id'
    | 'name'
    | 'address'
    | 'email'
    | 'phoneNumber'
    | 'currentlyWorkingAs'
    | 'currentlyAt'
    | 'areaOfInterest'
    | 'reference'
    | 'friendName'
    | 'friendWorkingArea'
    | 'courseId'
    | 'language'
  >
>;

/** The inquiry form's answers as columns, alike from the form and from an import; one left out is stored as null. */
export const inquiryAnswerColumns = (
  v: Pick<
    Inquiry,
    | 'name'
    | 'address'
    | 'email'
    | 'phoneNumber'
    | 'currentlyWorkingAs'
    | 'currentlyAt'
    | 'areaOfInterest'
    | 'reference'
    | 'friendName'
    | 'friendWorkingArea'
  >,
) => ({
  name: v.name,
  address: v.address,
  email: v.email,
  phoneNumber: v.phoneNumber,
  currentlyWorkingAs: v.currentlyWorkingAs ?? null,
  currentlyAt: v.currentlyAt ?? null,
  areaOfInterest: v.areaOfInterest,
  reference: v.reference,
  // A friend's details mean something only when a friend referred them; with any other reference they are kept for no purpose.
  friendName: v.reference === 'friend' ? (v.friendName ?? null) : null,
  friendWorkingArea: v.reference === 'friend' ? (v.friendWorkingArea ?? null) : null,
});

function filters(q: Omit<InquiryListQuery, 'page' | 'limit' | 'sort'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.search) conditions.push(searchMatch(q.search, [inquiries.name, inquiries.email, inquiries.phoneNumber]));
  if (q.status) conditions.push(eq(inquiries.status, q.status));
  if (q.reference) conditions.push(eq(inquiries.reference, q.reference));
  if (q.ownerId) conditions.push(q.ownerId === 'none' ? isNull(inquiries.ownerId) : eq(inquiries.ownerId, q.ownerId));
  // Contacted: a logged contact, or a status past 'new' (the dashboard's funnel counts the same way).
  if (q.contacted === 'yes') conditions.push(or(isNotNull(inquiries.firstContactAt), ne(inquiries.status, 'new'))!);
  if (q.contacted === 'no') conditions.push(and(isNull(inquiries.firstContactAt), eq(inquiries.status, 'new'))!);
  if (q.contacted === 'logged') conditions.push(isNotNull(inquiries.firstContactAt));
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

  /** The row, locked until the transaction ends (two contacts logged at once take turns). */
  async lockById(db: Executor, id: string): Promise<InquiryRow | undefined> {
    const rows = await db.select().from(inquiries).where(eq(inquiries.id, id)).limit(1).for('update');
    return rows[0];
  },

  /**
   * Stores a public inquiry (its id chosen by the caller), its first timeline entry and its place
   * in the staff's next digest mail in one prepared statement, which also links it to the newest
   * inquiry with the same email or phone since `duplicatesSince` (each side one step down its own
   * index, however many repeats there are): one round trip, all or nothing without a
   * transaction's extra ones.
   */
  async insertIntake(db: Db, row: IntakeRow, duplicatesSince: Date): Promise<void> {
    const since = duplicatesSince.toISOString();
    await executePrepared(
      db,
      'inquiry_intake',
      sql`with duplicate as (
        select m.id from (
          (select id, created_at from inquiries where lower(email) = lower(${row.email}) and created_at >= ${since}::timestamptz
            order by created_at desc limit 1)
          union all
          (select id, created_at from inquiries where phone_number = ${row.phoneNumber} and created_at >= ${since}::timestamptz
            order by created_at desc limit 1)
        ) m order by m.created_at desc limit 1
      ), inquiry as (
        insert into inquiries (id, name, address, email, phone_number, currently_working_as, currently_at,
          area_of_interest, reference, friend_name, friend_working_area, course_id, duplicate_of, language)
        values (${row.id}, ${row.name}, ${row.address}, ${row.email}, ${row.phoneNumber}, ${row.currentlyWorkingAs},
          ${row.currentlyAt}, ${JSON.stringify(row.areaOfInterest)}::jsonb, ${row.reference}, ${row.friendName},
          ${row.friendWorkingArea}, ${row.courseId}, (select id from duplicate), ${row.language})
      ), event as (
        insert into inquiry_events (inquiry_id, kind, to_status) values (${row.id}, 'created', 'new')
      )
      insert into inquiry_notifications (inquiry_id) values (${row.id})`,
    );
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
};
