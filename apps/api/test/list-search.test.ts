/**
 * The staff lists' search (enrolments and inquiries) against a plain reading of the rule: a row
 * matches when one of its columns contains the term, in any case, `%`, `_` and `\` being
 * ordinary characters. The trigram indexes must not change a single answer: terms too short to
 * have trigrams, terms spanning two columns and LIKE's own characters included, on the planner's
 * path and with sequential scans off (the index path).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { enrollmentListQuerySchema } from '@registrar/contract/enrollment-admin';
import { inquiryListQuerySchema } from '@registrar/contract/inquiry-admin';
import type { Db } from '../src/db/database';
import { courses, enrollments, inquiries } from '../src/db/schema';
import { searchText } from '../src/db/search';
import { enrollmentRepository } from '../src/repositories/enrollment-repository';
import { inquiryRepository } from '../src/repositories/inquiry-repository';
import { build } from './build-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const people: [name: string, email: string, phone: string][] = [
  ['Asha Verma', 'asha@example.in', '9876543210'],
  ['100% Sure', 'pct@example.in', '9000000001'],
  ['under_score', 'u_s@example.in', '9000000002'],
  ['back\\slash', 'bs@example.in', '9000000003'],
  ['Ab', 'z@x.in', '9000000004'],
  ["Zed O'Neil", 'zed.oneil@example.in', '9000000005'],
  // 'Abe' and '1abe@…' side by side hold "e 1a" (or, joined as the index joins them, "e\u001f1a")
  // only across two columns: no match.
  ['Abe', '1abe@example.in', '9000000006'],
  ['Percy Underwood', 'percy%under@example.in', '9123456780'],
  ...Array.from({ length: 16 }, (_, i): [string, string, string] => [
    `Student ${i}`,
    `s${i}@college.edu`,
    `98${String(i).padStart(8, '0')}`,
  ]),
];

const fixedTerms = [
  '%',
  '_',
  '\\',
  '\\s',
  'k\\s',
  '100%',
  '0%',
  '%_',
  'r_s',
  'u_s@',
  'a',
  'A',
  'ab',
  'AB',
  'z',
  '9',
  '00',
  '.in',
  "O'N",
  "'",
  'e 1',
  'e 1a',
  'e\u001f1a',
  'Abe\u001f1abe@example.in',
  '\u001f',
  'a v',
  'sha ve',
  '@',
  'full st',
  'STACK',
  'data_sci',
  '_sci',
  'ENR-2026-0000',
  '-0001',
  'student 1',
  'nothing-here',
  'x'.repeat(100),
];

const contains = (values: string[], term: string) => values.some((v) => v.toLowerCase().includes(term.toLowerCase()));

describe('list search: trigram indexes, same answers', async () => {
  const { app, database } = await build();
  const db = database.db;
  const staff = await makeStaff(db);
  const auth = bearer(await tokenFor(app, staff.email, staff.password));

  const [fullStack, dataScience] = await db
    .insert(courses)
    .values([
      { name: 'Full Stack Development', pricePaise: 100_000, emiPricePaise: [100_000] },
      { name: 'Data_Science 100%', pricePaise: 100_000, emiPricePaise: [100_000] },
    ])
    .returning();
  const enrolled = await db
    .insert(enrollments)
    .values(
      people.map(([name, email, phoneNumber], i) => ({
        enrollmentNumber: `ENR-2026-${String(i + 1).padStart(5, '0')}`,
        courseId: (i % 3 ? fullStack : dataScience)!.id,
        status: i % 2 ? ('approved' as const) : ('pending' as const),
        name,
        email,
        phoneNumber,
        currentAddress: 'A',
        permanentAddress: 'B',
        currentlyWorking: 'other',
        currentlyWorkingPlace: 'Home',
        paymentMethod: 'full_payment',
        companyAddress: 'X',
      })),
    )
    .returning();
  const courseName = new Map([fullStack!, dataScience!].map((c) => [c.id, c.name]));
  const asked = await db
    .insert(inquiries)
    .values(
      people.map(([name, email, phoneNumber]) => ({
        name,
        email,
        phoneNumber,
        address: 'Pune',
        areaOfInterest: ['Full Stack Development'],
        reference: 'website',
      })),
    )
    .returning();

  const expectedEnrollments = (term: string, status?: string) =>
    enrolled
      .filter(
        (e) =>
          (!status || e.status === status) &&
          (!term || contains([e.name, e.email, e.phoneNumber, e.enrollmentNumber, courseName.get(e.courseId)!], term)),
      )
      .map((e) => e.id)
      .sort();
  const expectedInquiries = (term: string) =>
    asked
      .filter((q) => !term || contains([q.name, q.email, q.phoneNumber], term))
      .map((q) => q.id)
      .sort();

  const viaApi = async (path: string, term: string, filter = '') => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/${path}?limit=100&search=${encodeURIComponent(term)}${filter}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { items: { _id: string }[]; total: number };
    return { ids: data.items.map((i) => i._id).sort(), total: data.total };
  };

  /** The repositories with sequential scans off, so the planner takes the trigram indexes. */
  const viaIndexes = async (term: string) => {
    let result: { enrollments: string[]; inquiries: string[] } | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const e = await enrollmentRepository.page(
        tx as unknown as Db,
        enrollmentListQuerySchema.parse({ limit: 100, search: term }),
      );
      const q = await inquiryRepository.page(
        tx as unknown as Db,
        inquiryListQuerySchema.parse({ limit: 100, search: term }),
      );
      result = {
        enrollments: e.items.map((r) => r.enrollment.id).sort(),
        inquiries: q.items.map((r) => r.id).sort(),
      };
      expect(e.total).toBe(e.items.length);
      expect(q.total).toBe(q.items.length);
    });
    return result!;
  };

  const check = async (raw: string) => {
    const term = raw.trim();
    const enrolments = await viaApi('student-enrollment', raw);
    expect(enrolments.ids, `enrolments for ${JSON.stringify(raw)}`).toEqual(expectedEnrollments(term));
    const approved = await viaApi('student-enrollment', raw, '&status=approved');
    expect(approved.ids, `approved enrolments for ${JSON.stringify(raw)}`).toEqual(
      expectedEnrollments(term, 'approved'),
    );
    expect(approved.total).toBe(approved.ids.length);
    expect(enrolments.total).toBe(enrolments.ids.length);
    const inquiryList = await viaApi('inquiry', raw);
    expect(inquiryList.ids, `inquiries for ${JSON.stringify(raw)}`).toEqual(expectedInquiries(term));
    expect(inquiryList.total).toBe(inquiryList.ids.length);
    if (!term) return;
    const indexed = await viaIndexes(term);
    expect(indexed.enrollments, `enrolments by index for ${JSON.stringify(raw)}`).toEqual(expectedEnrollments(term));
    expect(indexed.inquiries, `inquiries by index for ${JSON.stringify(raw)}`).toEqual(expectedInquiries(term));
  };

  it('the queries spell the indexed expressions (or the planner could not use them)', async () => {
    const plan = async (table: string, text: ReturnType<typeof searchText>) => {
      let lines: string[] = [];
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(
          sql`explain select count(*) from ${sql.identifier(table)} where ${text} ilike ${'%verma%'}`,
        );
        lines = (result as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]!);
      });
      return lines.join('\n');
    };
    expect(
      await plan(
        'enrollments',
        searchText(enrollments.name, enrollments.email, enrollments.phoneNumber, enrollments.enrollmentNumber),
      ),
    ).toContain('enrollments_search_trgm_idx');
    expect(await plan('inquiries', searchText(inquiries.name, inquiries.email, inquiries.phoneNumber))).toContain(
      'inquiries_search_trgm_idx',
    );
  });

  it('LIKE characters, backslashes, short terms, terms across two columns, course names', async () => {
    // The plain reading itself: these are only found across two columns.
    for (const term of ['e 1a', 'e\u001f1a']) {
      expect(expectedEnrollments(term)).toEqual([]);
      expect(expectedInquiries(term)).toEqual([]);
    }
    for (const term of fixedTerms) await check(term);
  });

  it('any substring of a name, email, phone or enrolment number, and random strings of tricky characters', async () => {
    const values = [
      ...enrolled.flatMap((e) => [e.name, e.email, e.phoneNumber, e.enrollmentNumber]),
      ...courseName.values(),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .tuple(fc.constantFrom(...values), fc.nat(), fc.integer({ min: 1, max: 8 }))
            .map(([v, start, length]) => v.slice(start % v.length, (start % v.length) + length)),
          fc.string({
            unit: fc.constantFrom('a', 'B', 'e', 's', '1', '0', ' ', '%', '_', '\\', '@', '.', "'", '-', '\u001f'),
            minLength: 1,
            maxLength: 5,
          }),
        ),
        async (term) => check(term),
      ),
      { numRuns: 60 },
    );
  });
});
