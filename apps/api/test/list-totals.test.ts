/**
 * The enrolment list keeps each search's total in memory, so paging through a search counts its
 * rows once; a change to enrolments, installments or courses, made on this instance, on another
 * or straight in the database, shows in the next total (on another instance within a second).
 * Two real apps share one database: on PostgreSQL each with its own pool and listening
 * connection, on PGlite in one process.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ListTotalsCache } from '../src/db/list-totals-cache';
import { courses, enrollments, installments } from '../src/db/schema';
import { buildTwo, dbKind } from './build-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const { a, b, testDb } = await buildTwo();

const db = testDb.database.db;
const staff = await makeStaff(db);
const authA = bearer(await tokenFor(a, staff.email, staff.password));
const authB = bearer(await tokenFor(b, staff.email, staff.password));
const [cloud] = await db
  .insert(courses)
  .values({ name: 'Cloud Engineering', pricePaise: 100_000, emiPricePaise: [100_000] })
  .returning();
let numbered = 0;
const enrol = async (name: string) => {
  numbered += 1;
  const [row] = await db
    .insert(enrollments)
    .values({
      enrollmentNumber: `ENR-2026-${String(numbered).padStart(5, '0')}`,
      courseId: cloud!.id,
      name,
      email: `student${numbered}@example.in`,
      phoneNumber: `98${String(numbered).padStart(8, '0')}`,
      currentAddress: 'Pune',
      permanentAddress: 'Pune',
      currentlyWorking: 'other',
      currentlyWorkingPlace: 'Home',
      paymentMethod: 'full_payment',
      companyAddress: 'X',
    })
    .returning();
  await db
    .insert(installments)
    .values({ enrollmentId: row!.id, number: 1, amountPaise: 100_000, dueDate: '2099-01-01' });
  return row!;
};
for (let i = 0; i < 12; i += 1) await enrol(`Priya Nair ${i}`);

/** The list's total for `query` on `app`. */
async function total(app: FastifyInstance, auth: Record<string, string>, query: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: `/api/student-enrollment?limit=5&${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { total: number }).total;
}

/** Milliseconds until `app` answers `expected`, failing after two seconds. */
async function totalWithin(app: FastifyInstance, auth: Record<string, string>, query: string, expected: number) {
  const started = performance.now();
  let last = -1;
  while (performance.now() - started < 2000) {
    last = await total(app, auth, query);
    if (last === expected) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`total still ${last}, expected ${expected}, after 2 s`);
}

/** A write the triggers do not announce (replica mode skips them): only a recount would see it. */
async function silentlyRename(id: string, name: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(enrollments).set({ name }).where(eq(enrollments.id, id));
  });
}

describe(`kept list totals across two instances (${dbKind})`, () => {
  it('counts a search once while paging: later pages reuse the total', async () => {
    expect(await totalWithin(b, authB, 'search=priya&page=1', 12)).toBeLessThan(1000);
    const [first] = await db.select().from(enrollments).where(eq(enrollments.name, 'Priya Nair 0'));
    await silentlyRename(first!.id, 'Asha Rao');
    // Pages 2 and 3 answer the kept total; a recount would say 11.
    expect(await total(b, authB, 'search=priya&page=2')).toBe(12);
    expect(await total(b, authB, 'search=priya&page=3')).toBe(12);
    // Another filter is another total, counted afresh.
    expect(await total(b, authB, 'search=priya&page=1&status=pending')).toBe(11);
    await silentlyRename(first!.id, 'Priya Nair 0');
  });

  it('shows an enrolment added straight in the database on both instances within a second', async () => {
    expect(await totalWithin(a, authA, 'search=priya', 12)).toBeLessThan(1000);
    expect(await totalWithin(b, authB, 'search=priya', 12)).toBeLessThan(1000);
    await enrol('Priya Menon');
    expect(await totalWithin(a, authA, 'search=priya', 13)).toBeLessThan(1000);
    expect(await totalWithin(b, authB, 'search=priya&page=2', 13)).toBeLessThan(1000);
  });

  it('moves a payment-state total when an installment is paid', async () => {
    const query = 'search=priya&paymentState=paid_up';
    expect(await totalWithin(b, authB, query, 0)).toBeLessThan(1000);
    const [one] = await db.select().from(enrollments).where(eq(enrollments.name, 'Priya Nair 1'));
    await db.update(installments).set({ paidPaise: 100_000 }).where(eq(installments.enrollmentId, one!.id));
    expect(await totalWithin(b, authB, query, 1)).toBeLessThan(1000);
  });

  it('keeps a name search total through a payment recorded through the API, and moves the payment-state totals', async () => {
    const paidUp = 'search=priya&paymentState=paid_up';
    const before = await total(b, authB, paidUp);
    expect(await totalWithin(b, authB, 'search=priya', 13)).toBeLessThan(1000);
    expect(await totalWithin(a, authA, 'search=priya', 13)).toBeLessThan(1000);
    const [two] = await db.select().from(enrollments).where(eq(enrollments.name, 'Priya Nair 2'));
    const [three] = await db.select().from(enrollments).where(eq(enrollments.name, 'Priya Nair 3'));
    await silentlyRename(three!.id, 'Asha Rao');
    const [owed] = await db.select().from(installments).where(eq(installments.enrollmentId, two!.id));
    const res = await a.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${two!.id}/${owed!.id}`,
      headers: authA,
      payload: { amount: 1000, paymentMode: 'cash', paidOn: new Date().toISOString().slice(0, 10) },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The payment is announced to both instances; the paid-up total moves on both…
    expect(await totalWithin(b, authB, paidUp, before + 1)).toBeLessThan(1000);
    expect(await totalWithin(a, authA, paidUp, before + 1)).toBeLessThan(1000);
    // …while the kept name totals stand (a recount would say 12: the rename was not announced).
    expect(await total(a, authA, 'search=priya&page=2')).toBe(13);
    expect(await total(b, authB, 'search=priya&page=2')).toBe(13);
    await db.update(enrollments).set({ name: 'Priya Nair 3' }).where(eq(enrollments.id, three!.id));
    expect(await totalWithin(b, authB, 'search=priya', 13)).toBeLessThan(1000);
  });

  it('keeps which rows a page shows, and reads their columns afresh', async () => {
    const page = async () => {
      const res = await b.inject({
        method: 'GET',
        url: '/api/student-enrollment?limit=5&search=priya',
        headers: authB,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { items: { _id: string; name: string }[] }).items;
    };
    expect(await totalWithin(b, authB, 'search=priya', 13)).toBeLessThan(1000);
    const shown = await page();
    await silentlyRename(shown[0]!._id, 'Asha Rao');
    // A new search would leave her out; the kept page still shows her, under the name she has now.
    const again = await page();
    expect(again.map((r) => r._id)).toEqual(shown.map((r) => r._id));
    expect(again[0]!.name).toBe('Asha Rao');
    await db.update(enrollments).set({ name: shown[0]!.name }).where(eq(enrollments.id, shown[0]!._id));
    expect(await totalWithin(b, authB, 'search=priya', 13)).toBeLessThan(1000);
  });

  it('follows a course renamed: a search by course name', async () => {
    expect(await totalWithin(b, authB, 'search=cloud', 13)).toBeLessThan(1000);
    await db.update(courses).set({ name: 'Data Science' }).where(eq(courses.id, cloud!.id));
    expect(await totalWithin(b, authB, 'search=cloud', 0)).toBeLessThan(1000);
    expect(await totalWithin(b, authB, 'search=data%20sci', 13)).toBeLessThan(1000);
  });

  it('shows a deletion on the instance that made it in its very next answer', async () => {
    const doomed = await enrol('Priya Delete');
    expect(await totalWithin(a, authA, 'search=priya%20delete', 1)).toBeLessThan(1000);
    const res = await a.inject({ method: 'DELETE', url: `/api/student-enrollment/${doomed.id}`, headers: authA });
    expect(res.statusCode, res.body).toBe(200);
    expect(await total(a, authA, 'search=priya%20delete')).toBe(0);
  });
});

describe('ListTotalsCache', () => {
  const value = { courseIds: [], counted: 3, followsPayments: false };

  it('keeps nothing while it cannot hear changes', () => {
    const cache = new ListTotalsCache();
    cache.put(cache.ticket(), 'k', value);
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops a count that started before a change', () => {
    const cache = new ListTotalsCache();
    cache.setLive(true);
    const ticket = cache.ticket();
    cache.clear();
    cache.put(ticket, 'k', value);
    expect(cache.get('k')).toBeUndefined();
    cache.put(cache.ticket(), 'k', value);
    expect(cache.get('k')).toMatchObject({ counted: 3 });
  });

  it('keeps a count of a name that was running while a payment landed, but not one filtered by payment state', () => {
    const cache = new ListTotalsCache();
    cache.setLive(true);
    const ticket = cache.ticket();
    cache.changed('installments');
    cache.put(ticket, 'name', value);
    cache.put(ticket, 'paid', { ...value, followsPayments: true });
    expect(cache.get('name')).toMatchObject({ counted: 3 });
    expect(cache.get('paid')).toBeUndefined();
  });

  it('drops a count that was running while more changes landed than it remembers', () => {
    const cache = new ListTotalsCache();
    cache.setLive(true);
    const ticket = cache.ticket();
    for (let n = 0; n < 300; n += 1) cache.changed('installments');
    cache.put(ticket, 'name', value);
    expect(cache.get('name')).toBeUndefined();
  });

  it('forgets on a change to installments only the totals filtered by payment state', () => {
    const cache = new ListTotalsCache();
    cache.setLive(true);
    cache.put(cache.ticket(), 'name', value);
    cache.put(cache.ticket(), 'paid', { ...value, followsPayments: true });
    cache.changed('installments');
    expect(cache.get('name')).toMatchObject({ counted: 3 });
    expect(cache.get('paid')).toBeUndefined();
    cache.changed('enrollments');
    expect(cache.get('name')).toBeUndefined();
  });

  it('forgets on a change to installments only the pages filtered by payment state', () => {
    const cache = new ListTotalsCache();
    cache.setLive(true);
    cache.put(cache.ticket(), 'name page', { ids: ['a', 'b'], followsPayments: false });
    cache.put(cache.ticket(), 'paid page', { ids: ['c'], followsPayments: true });
    cache.changed('installments');
    expect(cache.page('name page')).toEqual({ ids: ['a', 'b'], followsPayments: false });
    expect(cache.page('paid page')).toBeUndefined();
    expect(cache.total('name page')).toBeUndefined();
    cache.changed('enrollments');
    expect(cache.page('name page')).toBeUndefined();
  });

  it('forgets an entry after five minutes even without a notification', () => {
    let now = 0;
    const cache = new ListTotalsCache(() => now);
    cache.setLive(true);
    cache.put(cache.ticket(), 'k', value);
    now = 5 * 60_000;
    expect(cache.get('k')).toMatchObject({ counted: 3 });
    now = 5 * 60_000 + 1;
    expect(cache.get('k')).toBeUndefined();
  });
});
