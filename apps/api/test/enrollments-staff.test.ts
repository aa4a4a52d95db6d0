/** Staff (signed in, never anonymous) read documents, filter, edit, sign, move status, delete and export enrolments. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { enrolmentApp, enrolmentServers } from './enrolment-app';
import { PNG, enrolmentDocuments, file, multipart } from './fixtures/files';
import { login } from './staff-fixtures';
import { storageKinds } from './storage-kinds';

const { catcher, s3 } = await enrolmentServers();

// The same journeys with documents on local disk and in S3 (s3rver).
describe.each(storageKinds(s3))('enrolments for staff, documents on $name storage', async (storage) => {
  const { app, stored, db, staff, auth, course, fields, enrol } = await enrolmentApp(storage, catcher);

  it('documents are for staff: the login cookie works for GET, nothing works anonymously', async () => {
    const res = await enrol([...fields({ email: 'cookie@example.in' }), ...enrolmentDocuments()]);
    const number = res.json().data.enrollmentNumber;
    const item = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment?search=${number}`, headers: auth })
    ).json().data.items[0];
    const url = item.profilePictureUrl as string;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const cookie = String((await login(app, staff.email, staff.password, '10.111.0.1')).headers['set-cookie']).split(
      ';',
    )[0]!;
    expect((await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);
  });

  it('staff: filters, sorts, edits, replaces a document, attaches the authority signature, changes status, deletes', async () => {
    const res = await enrol([
      ...fields({ email: 'staffflow@example.in', name: 'Staff Flow' }),
      ...enrolmentDocuments(),
    ]);
    const item = (
      await app.inject({
        method: 'GET',
        url: `/api/student-enrollment?search=staffflow&status=pending&courseId=${course._id}`,
        headers: auth,
      })
    ).json().data.items[0];
    expect(item.enrollmentNumber).toBe(res.json().data.enrollmentNumber);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/student-enrollment?search=staffflow&status=approved',
          headers: auth,
        })
      ).json().data.total,
    ).toBe(0);
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/student-enrollment?search=Full%20Stack&limit=1', headers: auth })
      ).json().data.total,
    ).toBeGreaterThan(1);

    const before = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment/${item._id}`, headers: auth })
    ).json().data;
    const oldFront = before.documents.find((d: { field: string }) => d.field === 'aadharFront');
    const edit = multipart([
      { name: 'name', value: 'Staff Flow Edited' },
      file('aadharFront', PNG, 'new.png', 'image/png'),
      file('authoritySign', PNG, 'sign.png', 'image/png'),
    ]);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment/${item._id}`,
      headers: { ...auth, ...edit.headers },
      payload: edit.payload,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json().data;
    expect(after.name).toBe('Staff Flow Edited');
    expect(after.documents.map((d: { field: string }) => d.field).sort()).toEqual([
      'aadharBack',
      'aadharFront',
      'authoritySign',
      'profilePicture',
    ]);
    expect((await app.inject({ method: 'GET', url: oldFront.url, headers: auth })).statusCode).toBe(404);
    expect(await stored.stored()).not.toContain(oldFront._id);
    expect(after.history.at(-1)).toMatchObject({
      kind: 'updated',
      note: 'Changed: name, aadharFront (file), authoritySign (file)',
    });

    const change = (status: string, note?: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/student-enrollment-status/${item._id}`,
        headers: auth,
        payload: { status, note },
      });
    expect((await change('completed')).statusCode).toBe(409); // pending → completed is not allowed
    const approved = await change('approved', 'Documents verified');
    expect(approved.json().data.status).toBe('approved');
    expect(approved.json().data.history.at(-1)).toMatchObject({
      kind: 'status_changed',
      fromStatus: 'pending',
      toStatus: 'approved',
      note: 'Documents verified',
      by: { name: 'Admissions' },
    });

    const docIds = after.documents.map((d: { _id: string }) => d._id);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/student-enrollment/${item._id}`, headers: auth })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/student-enrollment/${item._id}`, headers: auth })).statusCode,
    ).toBe(404);
    const remaining = await db.execute(
      sql`select count(*)::int as n from installments where enrollment_id = ${item._id}`,
    );
    expect((remaining as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const left = await stored.stored();
    for (const id of docIds) expect(left).not.toContain(id);
  });

  it('exports enrolments as CSV for Excel', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/student-enrollment/export.csv?status=pending',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFF"Enrolment number"')).toBe(true);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="enrollments-/);
  });
});
