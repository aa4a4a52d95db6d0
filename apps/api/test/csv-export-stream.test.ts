/**
 * The enrolment and payment CSV exports stream in batches: every selected row comes out once, in
 * order, however many there are (no cap at some row count), the answer has no length up front,
 * and rows that tie on the sort key (one import, one day's payments) are neither lost nor repeated
 * across batches.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { dbKind } from './build-app';
import { buildWithCourse } from './course-app';
import { seedEnrollments } from './fixtures/seed';

const { app, db, auth, course } = await buildWithCourse('Cloud Engineering');
// One statement: all of them share one created_at, more than two batches' worth.
const ENROLMENTS = 2_345;
await seedEnrollments(db, course.id, ENROLMENTS, 'approved', 'ENR-S');
await db.execute(sql`insert into installments (enrollment_id, number, amount_paise, due_date)
  select id, 1, 100000, current_date from enrollments`);
// More than two batches of payments on one day.
const PAYMENTS = 4_321;
await db.execute(sql`insert into payments (enrollment_id, installment_id, amount_paise, mode, paid_on, receipt_number)
  select i.enrollment_id, i.id, 10, 'cash', current_date, 'RCPT-S-' || lpad(((i.r - 1) * 2 + n)::text, 5, '0')
  from (select *, row_number() over (order by id) r from installments) i, generate_series(1, 2) n
  where (i.r - 1) * 2 + n <= ${PAYMENTS}`);

async function csv(url: string) {
  const res = await app.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  // Streamed: the length is not known before the last row is written.
  expect(res.headers['content-length']).toBeUndefined();
  const [header, ...rows] = res.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  return { header: header!, rows, first: rows.map((r) => r.split(',')[0]!) };
}

describe(`streamed CSV exports (${dbKind})`, () => {
  it('writes every enrolment once, across batches, in each sort order', async () => {
    for (const sort of ['-createdAt', 'name', '-status']) {
      const { header, first } = await csv(`/api/student-enrollment/export.csv?sort=${sort}`);
      expect(header).toContain('"Enrolment number"');
      expect(first).toHaveLength(ENROLMENTS);
      expect(new Set(first).size).toBe(ENROLMENTS);
    }
    const byName = (await csv('/api/student-enrollment/export.csv?sort=name&search=student%201')).rows;
    // "Student 1", "Student 10"…, "Student 1999": 1 + 10 + 100 + 1000.
    expect(byName).toHaveLength(1_111);
  });

  it('writes every payment of the days asked for once, in receipt order', async () => {
    const day = localIsoDate();
    const { rows } = await csv(`/api/payments/export.csv?from=${day}&to=${day}`);
    // The register's layout: date, kind, number, …; a totals row closes it.
    expect(rows.at(-1)).toMatch(/^"Total",/);
    const numbers = rows.slice(0, -1).map((r) => r.split(',')[2]!);
    expect(numbers).toHaveLength(PAYMENTS);
    expect(numbers).toEqual([...numbers].sort());
    expect(new Set(numbers).size).toBe(PAYMENTS);
  });
});
