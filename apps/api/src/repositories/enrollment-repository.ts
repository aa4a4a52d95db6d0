/** Enrolment queries: the record, its documents, schedule and events; the staff list. */
import { and, asc, desc, eq, gte, ilike, inArray, lt, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { EnrollmentListQuery } from '@registrar/contract/enrollment-admin';
import { LIST_TOTAL_CAP } from '@registrar/contract/envelope';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { Db, Executor } from '../db/database';
import type { ListTotalsCache } from '../db/list-totals-cache';
import {
  courses,
  enrollmentDocuments,
  enrollmentEvents,
  enrollments,
  inquiries,
  installments,
  staff,
} from '../db/schema';
import { containsPattern, searchMatch } from '../db/search';

export type EnrollmentRow = typeof enrollments.$inferSelect;
export type EnrollmentInsert = typeof enrollments.$inferInsert;
export type DocumentRow = typeof enrollmentDocuments.$inferSelect;
export type InstallmentRow = typeof installments.$inferSelect;

// Sub-selects spelled out: drizzle prints an outer column unqualified inside them.
const totalFeePaise = sql<number>`(select coalesce(sum("installments"."amount_paise"), 0)::bigint from "installments" where "installments"."enrollment_id" = "enrollments"."id")`;
/** Paid net of refunds, as allocated to the schedule (kept on the installments by the fee service). */
const paidPaise = sql<number>`(select coalesce(sum("installments"."paid_paise"), 0)::bigint from "installments" where "installments"."enrollment_id" = "enrollments"."id")`;
/** Whether the enrolment's open installments are owed at all: not for a rejected or cancelled one. */
const feesCount = sql`dashboard_fees_count("enrollments"."status")`;
/** What is late today: the unpaid part of every installment whose due date has passed. */
const overduePaise = (today: string) =>
  sql<number>`(select coalesce(sum("i"."amount_paise" - "i"."paid_paise"), 0)::bigint from "installments" "i" where ${feesCount} and "i"."enrollment_id" = "enrollments"."id" and "i"."due_date" < ${today} and "i"."paid_paise" < "i"."amount_paise")`;
const profilePictureId = sql<
  string | null
>`(select "d"."id" from "enrollment_documents" "d" where "d"."enrollment_id" = "enrollments"."id" and "d"."field" = 'profilePicture' order by "d"."created_at" desc limit 1)`;

type ListFilters = Omit<EnrollmentListQuery, 'page' | 'limit' | 'sort'>;

/**
 * What a list shows: rows passing every filter and, with a search, the rows of a course whose
 * name contains the term or those whose name, email, phone or enrolment number does (through the
 * trigram index, src/db/search.ts). The courses are looked up first, so the planner sees real ids
 * and how many rows they cover (a sub-select would hide that and push it to a full scan).
 */
interface Selection {
  filters: SQL[];
  /** The courses whose name contains the search term. */
  courseIds?: string[];
  inCourses?: SQL | undefined;
  inColumns?: SQL | undefined;
}

async function selection(db: Executor, q: ListFilters, today: string, knownCourseIds?: string[]): Promise<Selection> {
  const filters: SQL[] = [];
  if (q.paymentState === 'overdue') filters.push(sql`${overduePaise(today)} > 0`);
  if (q.paymentState === 'due')
    filters.push(sql`${feesCount} and ${overduePaise(today)} = 0 and ${totalFeePaise} > ${paidPaise}`);
  if (q.paymentState === 'paid_up') filters.push(sql`(not ${feesCount} or ${totalFeePaise} <= ${paidPaise})`);
  if (q.status) filters.push(eq(enrollments.status, q.status));
  if (q.courseId) filters.push(eq(enrollments.courseId, q.courseId));
  if (q.from) filters.push(gte(enrollments.createdAt, new Date(`${q.from}T00:00:00`)));
  if (q.to) filters.push(lt(enrollments.createdAt, new Date(new Date(`${q.to}T00:00:00`).getTime() + 86_400_000)));
  if (!q.search) return { filters };
  const courseIds =
    knownCourseIds ??
    (
      await db
        .select({ id: courses.id })
        .from(courses)
        .where(ilike(courses.name, containsPattern(q.search)))
    ).map((c) => c.id);
  return {
    filters,
    courseIds,
    inCourses: courseIds.length ? inArray(enrollments.courseId, courseIds) : undefined,
    inColumns: searchMatch(q.search, [
      enrollments.name,
      enrollments.email,
      enrollments.phoneNumber,
      enrollments.enrollmentNumber,
    ]),
  };
}

function where({ filters, inCourses, inColumns }: Selection): SQL | undefined {
  // The course first: PostgreSQL checks an OR's arms in the order written, and the id is cheap.
  return and(...filters, inCourses ? or(inCourses, inColumns) : inColumns);
}

/** How many rows match, counted no further than `cap` + 1: past the cap the exact figure is not worth a scan. */
async function countUpTo(db: Db, condition: SQL | undefined, cap: number): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(enrollments)
    .where(condition)
    .limit(cap + 1);
  const result = await db.execute(sql`select count(*)::int as n from (${matching}) m`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * How many rows the selection holds, up to `cap` + 1 (a common term such as "gmail" matches most
 * of a million rows; counting them all took seconds). A search that names a course counts that
 * course's rows by index alone and adds the other matches, instead of visiting every row of it.
 */
async function count(db: Db, s: Selection, cap: number): Promise<number> {
  if (!s.inCourses || !s.inColumns) return countUpTo(db, where(s), cap);
  const [inCourses, elsewhere] = await Promise.all([
    countUpTo(db, and(...s.filters, s.inCourses), cap),
    countUpTo(db, and(...s.filters, not(s.inCourses), s.inColumns), cap),
  ]);
  return Math.min(inCourses + elsewhere, cap + 1);
}

function orderBy(sort: EnrollmentListQuery['sort']): SQL[] {
  const direction = sort.startsWith('-') ? desc : asc;
  const key = sort.replace(/^-/, '') as 'createdAt' | 'name' | 'status';
  return [
    direction({ createdAt: enrollments.createdAt, name: enrollments.name, status: enrollments.status }[key]),
    desc(enrollments.id),
  ];
}

const listColumns = (today: string) => ({
  enrollment: enrollments,
  course: { id: courses.id, name: courses.name, pricePaise: courses.pricePaise },
  totalFeePaise,
  paidPaise,
  overduePaise: overduePaise(today),
  profilePictureId,
});

export type EnrollmentListRow = {
  enrollment: EnrollmentRow;
  course: { id: string; name: string; pricePaise: number };
  totalFeePaise: number;
  paidPaise: number;
  overduePaise: number;
  profilePictureId: string | null;
};

/** What the CSV export writes of each enrolment: none of the list's per-row payment sums but the total fee. */
const exportColumns = {
  id: enrollments.id,
  enrollmentNumber: enrollments.enrollmentNumber,
  createdAt: enrollments.createdAt,
  status: enrollments.status,
  name: enrollments.name,
  email: enrollments.email,
  phoneNumber: enrollments.phoneNumber,
  courseName: courses.name,
  paymentMethod: enrollments.paymentMethod,
  startDate: enrollments.startDate,
  totalFeePaise,
  currentlyWorking: enrollments.currentlyWorking,
  currentlyWorkingPlace: enrollments.currentlyWorkingPlace,
};

const today = () => localIsoDate();

export const enrollmentRepository = {
  /**
   * One page and the total. With `totals`, a search and filters counted before (and unchanged
   * since, as the cache hears) reuse that total and course match, and a page shown before reuses
   * which rows it shows: its columns are still read, by id.
   */
  async page(
    db: Db,
    q: EnrollmentListQuery,
    totals?: ListTotalsCache,
  ): Promise<{ items: EnrollmentListRow[]; total: number; totalIsCapped: boolean }> {
    const day = today();
    const { page: _page, limit: _limit, sort: _sort, ...listFilters } = q;
    // The day belongs to the key: what is overdue, and so the payment-state filters, move with it.
    const key = JSON.stringify([day, listFilters]);
    const pageKey = JSON.stringify([day, listFilters, q.sort, q.page, q.limit]);
    const followsPayments = Boolean(q.paymentState);
    const ticket = totals?.ticket() ?? 0;
    const known = totals?.total(key);
    const knownPage = totals?.page(pageKey);
    const selected = await selection(db, q, day, known?.courseIds);
    // The page's ids first, then its columns: the sums and the picture are looked up for those
    // rows only, not for every candidate the sort goes through.
    const pageIds = knownPage
      ? knownPage.ids
      : db
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(where(selected))
          .orderBy(...orderBy(q.sort))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit);
    const [items, total] = await Promise.all([
      knownPage && !knownPage.ids.length
        ? []
        : db
            .select(listColumns(day))
            .from(enrollments)
            .innerJoin(courses, eq(courses.id, enrollments.courseId))
            .where(inArray(enrollments.id, pageIds))
            .orderBy(...orderBy(q.sort)),
      known ? known.counted : count(db, selected, LIST_TOTAL_CAP),
    ]);
    const rows = items as EnrollmentListRow[];
    if (!known) totals?.put(ticket, key, { courseIds: selected.courseIds ?? [], counted: total, followsPayments });
    if (!knownPage) totals?.put(ticket, pageKey, { ids: rows.map((r) => r.enrollment.id), followsPayments });
    const totalIsCapped = total > LIST_TOTAL_CAP;
    return { items: rows, total: Math.min(total, LIST_TOTAL_CAP), totalIsCapped };
  },

  /**
   * Every row the list's search and filters select, in its order, `size` at a time: each batch
   * starts after the last row of the one before (by the sort key and id, read in the database so
   * no precision is lost), so a million rows cost a million rows, not a scan per page.
   */
  async *batches(db: Db, q: Omit<EnrollmentListQuery, 'page' | 'limit'>, size = 1_000) {
    const day = today();
    const selected = await selection(db, q, day);
    const descending = q.sort.startsWith('-');
    const column = { createdAt: enrollments.createdAt, name: enrollments.name, status: enrollments.status }[
      q.sort.replace(/^-/, '') as 'createdAt' | 'name' | 'status'
    ];
    const direction = descending ? desc : asc;
    let after: string | undefined;
    for (;;) {
      const past = after
        ? sql`(${column}, ${enrollments.id}) ${sql.raw(descending ? '<' : '>')} (select ${sql.identifier(column.name)}, "id" from "enrollments" where "id" = ${after})`
        : undefined;
      const rows = await db
        .select(exportColumns)
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .where(and(where(selected), past))
        .orderBy(direction(column), direction(enrollments.id))
        .limit(size);
      if (rows.length) yield rows;
      if (rows.length < size) return;
      after = rows.at(-1)!.id;
    }
  },

  async byId(db: Executor, id: string): Promise<EnrollmentListRow | undefined> {
    const rows = await db
      .select(listColumns(today()))
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(eq(enrollments.id, id))
      .limit(1);
    return rows[0] as EnrollmentListRow | undefined;
  },

  async nextNumber(db: Executor): Promise<number> {
    const result = await db.execute(sql`select nextval('enrollment_number_seq')::int as n`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  },

  async openEnrollmentExists(db: Executor, email: string, courseId: string): Promise<boolean> {
    const rows = await db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(
        and(
          sql`lower(${enrollments.email}) = ${email.toLowerCase()}`,
          eq(enrollments.courseId, courseId),
          inArray(enrollments.status, ['pending', 'approved']),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  async insert(db: Executor, values: EnrollmentInsert): Promise<EnrollmentRow> {
    return (await db.insert(enrollments).values(values).returning())[0]!;
  },

  async update(db: Executor, id: string, values: Partial<EnrollmentInsert>): Promise<EnrollmentRow | undefined> {
    const rows = await db
      .update(enrollments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(enrollments.id, id))
      .returning();
    return rows[0];
  },

  async delete(db: Executor, id: string): Promise<boolean> {
    return (await db.delete(enrollments).where(eq(enrollments.id, id)).returning({ id: enrollments.id })).length > 0;
  },

  async addDocuments(db: Executor, rows: (typeof enrollmentDocuments.$inferInsert)[]): Promise<void> {
    if (rows.length) await db.insert(enrollmentDocuments).values(rows);
  },

  async documents(db: Executor, enrollmentId: string): Promise<DocumentRow[]> {
    return db
      .select()
      .from(enrollmentDocuments)
      .where(eq(enrollmentDocuments.enrollmentId, enrollmentId))
      .orderBy(asc(enrollmentDocuments.createdAt));
  },

  async document(db: Executor, id: string): Promise<DocumentRow | undefined> {
    return (await db.select().from(enrollmentDocuments).where(eq(enrollmentDocuments.id, id)).limit(1))[0];
  },

  async removeDocuments(db: Executor, ids: string[]): Promise<void> {
    if (ids.length) await db.delete(enrollmentDocuments).where(inArray(enrollmentDocuments.id, ids));
  },

  /** Which of these ids are committed document rows (for storage recovery at start). */
  async existingDocumentIds(db: Db, ids: string[]): Promise<Set<string>> {
    const rows = await db
      .select({ id: enrollmentDocuments.id })
      .from(enrollmentDocuments)
      .where(inArray(enrollmentDocuments.id, ids));
    return new Set(rows.map((r) => r.id));
  },

  async replaceSchedule(
    db: Executor,
    enrollmentId: string,
    rows: {
      number: number;
      amountPaise: number;
      dueDate: string;
      taxRateBp?: number | undefined;
      charge?: string | null | undefined;
    }[],
  ) {
    await db.delete(installments).where(eq(installments.enrollmentId, enrollmentId));
    if (rows.length) await db.insert(installments).values(rows.map((r) => ({ ...r, enrollmentId })));
  },

  async schedule(db: Executor, enrollmentId: string): Promise<InstallmentRow[]> {
    return db
      .select()
      .from(installments)
      .where(eq(installments.enrollmentId, enrollmentId))
      .orderBy(asc(installments.number));
  },

  async addEvent(db: Executor, values: typeof enrollmentEvents.$inferInsert): Promise<void> {
    await db.insert(enrollmentEvents).values(values);
  },

  /** Whether this staff member viewed this document in the last `withinMs` (views are recorded once per visit). */
  async recentView(
    db: Executor,
    enrollmentId: string,
    documentId: string,
    staffId: string,
    withinMs: number,
  ): Promise<boolean> {
    const rows = await db
      .select({ id: enrollmentEvents.id })
      .from(enrollmentEvents)
      .where(
        and(
          eq(enrollmentEvents.enrollmentId, enrollmentId),
          eq(enrollmentEvents.kind, 'document_viewed'),
          eq(enrollmentEvents.staffId, staffId),
          eq(enrollmentEvents.note, documentId),
          gte(enrollmentEvents.createdAt, new Date(Date.now() - withinMs)),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  async events(db: Db, enrollmentId: string) {
    return db
      .select({ event: enrollmentEvents, staff: { id: staff.id, name: staff.name } })
      .from(enrollmentEvents)
      .leftJoin(staff, eq(staff.id, enrollmentEvents.staffId))
      .where(eq(enrollmentEvents.enrollmentId, enrollmentId))
      .orderBy(asc(enrollmentEvents.createdAt));
  },

  /** The newest open inquiry from the same email or phone (enrolling converts it). */
  async openInquiryFor(db: Executor, email: string, phone: string): Promise<string | undefined> {
    const rows = await db
      .select({ id: inquiries.id })
      .from(inquiries)
      .where(
        and(
          or(sql`lower(${inquiries.email}) = ${email.toLowerCase()}`, eq(inquiries.phoneNumber, phone)),
          notInArray(inquiries.status, ['converted', 'closed']),
        ),
      )
      .orderBy(desc(inquiries.createdAt))
      .limit(1);
    return rows[0]?.id;
  },
};
