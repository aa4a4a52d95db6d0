/**
 * A search matching more enrolments than the list counts (a common name, "gmail") answers a
 * capped total, flagged as such, instead of counting every match; paging still reaches the
 * capped number of rows, and a search with fewer matches keeps its exact total.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIST_TOTAL_CAP } from '@registrar/contract/envelope';
import { dbKind } from './build-app';
import { buildWithCourse } from './course-app';

const { app, db, auth, course } = await buildWithCourse('Data Science');
// One more "Sharma" than the list counts, and three "Nairs".
await db.execute(sql`
  insert into enrollments (enrollment_number, course_id, name, email, phone_number, current_address,
    permanent_address, currently_working, currently_working_place, payment_method, company_address, created_at)
  select 'ENR-T-' || g, ${course.id}, case when g <= 3 then 'Priya Nair' else 'Rahul Sharma' end,
    'student' || g || '@gmail.com', '98' || lpad(g::text, 8, '0'), 'Pune', 'Pune', 'other', 'Home',
    'full_payment', 'X', now() - g * interval '1 second'
  from generate_series(1, ${LIST_TOTAL_CAP + 4}) g`);

async function list(query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/student-enrollment?${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    items: { name: string }[];
    total: number;
    totalPages: number;
    totalIsCapped?: boolean;
  };
}

describe(`capped list totals (${dbKind})`, () => {
  it('says "at least the cap" for a search matching more, and pages up to it', async () => {
    const first = await list('search=sharma&limit=10&page=1');
    expect(first).toMatchObject({ total: LIST_TOTAL_CAP, totalIsCapped: true, totalPages: LIST_TOTAL_CAP / 10 });
    expect(first.items).toHaveLength(10);
    const last = await list(`search=sharma&limit=10&page=${LIST_TOTAL_CAP / 10}`);
    expect(last.items).toHaveLength(10);
    expect(last.totalIsCapped).toBe(true);
  });

  it('keeps the exact total where the match is small', async () => {
    expect(await list('search=nair&limit=10')).toMatchObject({ total: 3, totalIsCapped: false, totalPages: 1 });
  });

  it('counts the rows of a course named by the search up to the cap as well', async () => {
    expect(await list('search=data%20science&limit=10')).toMatchObject({ total: LIST_TOTAL_CAP, totalIsCapped: true });
  });
});
