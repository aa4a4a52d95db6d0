import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COURSE_MESSAGES } from '@registrar/contract/course';
import { build } from './build-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

describe('courses API', async () => {
  const { app, database } = await build({ logger: { level: 'error' } });
  const { email, password } = await makeStaff(database.db);
  const auth = bearer(await tokenFor(app, email, password));
  const create = (payload: object) => app.inject({ method: 'POST', url: '/api/course', headers: auth, payload });
  const fullStack = {
    name: 'Full Stack Development',
    price: 45000,
    emiPrice: [15000, 15000, 15000],
    duration: '6 months',
  };

  it('creates a course and answers 201 with the record', async () => {
    const res = await create(fullStack);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: COURSE_MESSAGES.created,
      data: { ...fullStack, active: true, enrollmentCount: 0 },
    });
    expect(res.json().data._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps amounts exact (1999.99 stays 1999.99)', async () => {
    const res = await create({ name: 'Exact Paise', price: 1999.99, emiPrice: [999.99, 1000] });
    expect(res.json().data).toMatchObject({ price: 1999.99, emiPrice: [999.99, 1000] });
    const read = await app.inject({ method: 'GET', url: `/api/course/${res.json().data._id}`, headers: auth });
    expect(read.json().data).toMatchObject({ price: 1999.99, emiPrice: [999.99, 1000] });
    const stored = await database.db.execute(sql`select price_paise from courses where name = 'Exact Paise'`);
    expect(Number((stored as unknown as { rows: { price_paise: number }[] }).rows[0]!.price_paise)).toBe(199999);
  });

  it('refuses a name that exists in another case with 409', async () => {
    const res = await create({ ...fullStack, name: '  full stack DEVELOPMENT ' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: COURSE_MESSAGES.nameTaken, errors: [{ path: 'name' }] });
  });

  it.each([
    [{ name: '' }, 'name', COURSE_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101) }, 'name', COURSE_MESSAGES.nameTooLong],
    [{ price: 0 }, 'price', COURSE_MESSAGES.priceInvalid],
    [{ price: -5 }, 'price', COURSE_MESSAGES.priceInvalid],
    [{ price: 10.005 }, 'price', COURSE_MESSAGES.priceInvalid],
    [{ emiPrice: [] }, 'emiPrice', COURSE_MESSAGES.installmentsCount],
    [{ emiPrice: Array(25).fill(2000) }, 'emiPrice', COURSE_MESSAGES.installmentsCount],
    [{ emiPrice: [45000, 0] }, 'emiPrice.1', COURSE_MESSAGES.installmentInvalid],
    [{ emiPrice: [1000.123, 44000] }, 'emiPrice.0', COURSE_MESSAGES.installmentInvalid],
    [{ emiPrice: [10000, 10000] }, 'emiPrice', COURSE_MESSAGES.installmentsBelowPrice],
  ])('refuses %j with a clear message on %s', async (patch, path, message) => {
    const res = await create({ ...fullStack, name: `Course ${Math.random()}`, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });

  it('lists with paging and case-insensitive search; staff only', async () => {
    for (const name of ['Data Science', 'Data Engineering', 'UI Design'])
      await create({ name, price: 100, emiPrice: [100] });
    const page = await app.inject({ method: 'GET', url: '/api/course?page=1&limit=2&search=DATA', headers: auth });
    expect(page.json().data).toMatchObject({ page: 1, limit: 2, total: 2, totalPages: 1 });
    expect(page.json().data.items.map((c: { name: string }) => c.name)).toEqual(['Data Engineering', 'Data Science']);
    const wildcard = await app.inject({ method: 'GET', url: '/api/course?search=%25', headers: auth });
    expect(wildcard.json().data.total).toBe(0); // % is a character, not a wildcard
    expect((await app.inject({ method: 'GET', url: '/api/course?page=1&limit=10' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/course?limit=101', headers: auth })).statusCode).toBe(400);
  });

  it('deactivating hides a course from the public forms; partial PUT keeps the rest', async () => {
    const created = (await create({ name: 'Cloud Basics', price: 5000, emiPrice: [2500, 2500] })).json().data;
    const pub = async () =>
      (await app.inject({ method: 'GET', url: '/api/course?type=all' })).json().data as { name: string }[];
    const areas = async () =>
      (await app.inject({ method: 'GET', url: '/api/area-of-interest' })).json().data as { name: string }[];
    expect((await pub()).map((c) => c.name)).toContain('Cloud Basics');
    expect((await pub())[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      price: expect.any(Number),
      emiPrice: expect.any(Array),
      gstRate: expect.any(Number),
      taxInclusive: expect.any(Boolean),
      gstExempt: expect.any(Boolean),
    });
    expect((await areas()).map((c) => c.name)).toContain('Cloud Basics');
    const off = await app.inject({
      method: 'PUT',
      url: `/api/course/${created._id}`,
      headers: auth,
      payload: { active: false },
    });
    expect(off.json().data).toMatchObject({ active: false, name: 'Cloud Basics', price: 5000 });
    expect((await pub()).map((c) => c.name)).not.toContain('Cloud Basics');
    expect((await areas()).map((c) => c.name)).not.toContain('Cloud Basics');
  });

  it('validates an update against the merged course', async () => {
    const created = (await create({ name: 'Merge Check', price: 3000, emiPrice: [3000] })).json().data;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/course/${created._id}`,
      headers: auth,
      payload: { price: 4000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'emiPrice', message: COURSE_MESSAGES.installmentsBelowPrice });
  });

  it('deletes a course without enrolments, refuses one with enrolments (409 saying why)', async () => {
    const free = (await create({ name: 'Temp Course', price: 100, emiPrice: [100] })).json().data;
    const del = await app.inject({ method: 'DELETE', url: `/api/course/${free._id}`, headers: auth });
    expect(del.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/course/${free._id}`, headers: auth })).statusCode).toBe(404);

    const taken = (await create({ name: 'Popular Course', price: 100, emiPrice: [100] })).json().data;
    await database.db
      .execute(sql`insert into enrollments (enrollment_number, course_id, name, email, phone_number, current_address,
      permanent_address, currently_working, currently_working_place, payment_method, company_address)
      values ('ENR-2026-00001', ${taken._id}, 'Asha', 'asha@example.in', '9876543210', 'a', 'b', 'college', 'COEP', 'installment', 'x')`);
    const refused = await app.inject({ method: 'DELETE', url: `/api/course/${taken._id}`, headers: auth });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(COURSE_MESSAGES.hasEnrollments);
    const list = await app.inject({ method: 'GET', url: '/api/course?search=Popular', headers: auth });
    expect(list.json().data.items[0].enrollmentCount).toBe(1);
  });

  it('answers 404 for an unknown course and 400 for a malformed id', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/course/00000000-0000-4000-8000-000000000000', headers: auth }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'PUT', url: '/api/course/nope', headers: auth, payload: {} })).statusCode).toBe(
      400,
    );
  });
});
