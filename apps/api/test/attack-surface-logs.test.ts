/** No log holds personal data or a secret, not even when every write fails inside the database. */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { nextIp, rows, surfaceApp } from './attack-surface-app';
import { dbKind } from './build-app';
import { enrolmentDocuments, multipart, type Part } from './fixtures/files';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

describe(`attack surface of the logs on ${dbKind}`, async () => {
  const { logLines, app, db, staff, token, auth, course, fields, enrol, sendInquiry } = await surfaceApp();

  describe('no personal data or secret reaches a log', () => {
    const PERSON = {
      name: 'Zenobia Quartermaine',
      email: 'zenobia.quartermaine@example.in',
      phone: '9765432109',
      staffPhone: '9654321098',
    };

    it('a staff email collision answers 409 with a clear message and logs no value', async () => {
      logLines.length = 0;
      const res = await app.inject({ method: 'POST', url: '/test/duplicate-staff', payload: { email: staff.email } });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ success: false, message: STAFF_MESSAGES.emailTaken, error: 'CONFLICT' });
      const log = logLines.join('');
      expect(log).toContain('staff_email_lower_key');
      for (const secret of [staff.email.toUpperCase(), staff.email, 'Collision Person', '9123456780', '$argon2id$'])
        expect(log).not.toContain(secret);
    });

    it('every write failing in the database: the log holds codes and tables, never the values', async () => {
      // Prepare what the writes need while the database still accepts them.
      const person = await makeStaff(db, { name: PERSON.name });
      const personToken = await tokenFor(app, person.email, person.password);
      await app.outbox.runOnce();
      await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: person.email } });
      const [mail] = await rows<{ t: string }>(
        db,
        sql`select payload::text as t from outbox where secret_until is not null`,
      );
      const resetToken = /reset-password\/([A-Za-z0-9_-]{20,})/.exec(mail!.t)![1]!;
      const inquiry = await sendInquiry({
        name: 'Early Bird',
        address: '1 Lane',
        email: 'early.bird@example.in',
        phoneNumber: '9811111111',
      });
      expect(inquiry.statusCode, inquiry.body).toBe(201);
      const made = await enrol([...fields({ email: 'prep.person@example.in' }), ...enrolmentDocuments()]);
      expect(made.statusCode, made.body).toBe(201);
      const [inq] = await rows<{ id: string }>(db, sql`select id from inquiries limit 1`);
      const [enr] = await rows<{ id: string }>(
        db,
        sql`select id from enrollments where enrollment_number = ${made.json().data.enrollmentNumber}`,
      );
      const [inst] = await rows<{ id: string }>(
        db,
        sql`select id from installments where enrollment_id = ${enr!.id} limit 1`,
      );

      // From now on every insert, update and delete fails inside the database.
      await db.execute(
        sql.raw(`create or replace function registrar_test_refuse() returns trigger language plpgsql as $$
          begin raise exception 'writes are refused in this test'; end $$`),
      );
      const tables = await rows<{ tablename: string }>(
        db,
        sql`select tablename from pg_tables where schemaname = 'public'`,
      );
      for (const { tablename } of tables)
        await db.execute(
          sql.raw(
            `create trigger refuse_writes before insert or update or delete on "${tablename}" for each row execute function registrar_test_refuse()`,
          ),
        );
      logLines.length = 0;

      const personal = {
        name: PERSON.name,
        address: '221B Residency Road, Bengaluru',
        email: PERSON.email,
        phoneNumber: PERSON.phone,
      };
      const pAuth = bearer(personToken);
      const writes: {
        method: 'POST' | 'PUT' | 'DELETE';
        url: string;
        headers?: Record<string, string>;
        payload?: unknown;
        multipart?: Part[];
      }[] = [
        { method: 'POST', url: '/api/login', payload: { email: person.email, password: person.password } },
        { method: 'POST', url: '/api/forgot-password', payload: { email: person.email } },
        {
          method: 'POST',
          url: '/api/reset-password',
          payload: { token: resetToken, password: 'Another-Pass-55', confirmPassword: 'Another-Pass-55' },
        },
        {
          method: 'POST',
          url: '/api/change-password',
          headers: pAuth,
          payload: {
            currentPassword: person.password,
            newPassword: 'Another-Pass-56',
            confirmPassword: 'Another-Pass-56',
          },
        },
        {
          method: 'PUT',
          url: '/api/user-profile',
          headers: pAuth,
          payload: { name: PERSON.name, phone: PERSON.staffPhone },
        },
        {
          method: 'POST',
          url: '/api/inquiry',
          payload: { ...personal, areaOfInterest: [course.name], reference: 'website' },
        },
        {
          method: 'PUT',
          url: `/api/inquiry/${inq!.id}`,
          headers: auth,
          payload: { ...personal, areaOfInterest: [course.name], reference: 'website' },
        },
        {
          method: 'PUT',
          url: `/api/inquiry/status-change/${inq!.id}`,
          headers: auth,
          payload: { status: 'contacted', note: PERSON.email },
        },
        { method: 'DELETE', url: `/api/inquiry/${inq!.id}`, headers: auth },
        {
          method: 'POST',
          url: '/api/student-enrollment',
          multipart: [
            ...fields({
              name: PERSON.name,
              email: PERSON.email,
              phoneNumber: PERSON.phone,
              currentAddress: personal.address,
            }),
            ...enrolmentDocuments(),
          ],
        },
        {
          method: 'PUT',
          url: `/api/student-enrollment/${enr!.id}`,
          headers: auth,
          multipart: [
            { name: 'name', value: PERSON.name },
            { name: 'email', value: PERSON.email },
            { name: 'phoneNumber', value: PERSON.phone },
          ],
        },
        {
          method: 'PUT',
          url: `/api/student-enrollment-status/${enr!.id}`,
          headers: auth,
          payload: { status: 'approved', note: PERSON.name },
        },
        {
          method: 'PUT',
          url: `/api/student-enrollment-payment/${enr!.id}/${inst!.id}`,
          headers: auth,
          payload: {
            amount: 100,
            paymentMode: 'cash',
            paidOn: new Date().toISOString().slice(0, 10),
            reference: PERSON.phone,
          },
        },
        {
          method: 'PUT',
          url: `/api/student-enrollment-annocument/${enr!.id}`,
          headers: auth,
          payload: { title: PERSON.name, message: PERSON.email },
        },
        {
          method: 'POST',
          url: '/api/course',
          headers: auth,
          payload: { name: PERSON.name, price: 1000, emiPrice: [1000] },
        },
        {
          method: 'PUT',
          url: `/api/course/${course._id}`,
          headers: auth,
          payload: { name: PERSON.name, price: 1000, emiPrice: [1000] },
        },
        {
          method: 'PUT',
          url: '/api/cms/terms_condition',
          headers: auth,
          payload: { description: `<p>${PERSON.email}</p>` },
        },
        { method: 'DELETE', url: `/api/student-enrollment/${enr!.id}`, headers: auth },
        { method: 'POST', url: '/api/notifications/seen', headers: auth },
        { method: 'POST', url: '/api/logout', headers: pAuth },
      ];
      const statuses: Record<string, number> = {};
      for (const w of writes) {
        const body = w.multipart ? multipart(w.multipart) : undefined;
        const res = await app.inject({
          method: w.method,
          url: w.url,
          headers: { ...(w.headers ?? {}), ...(body?.headers ?? {}) },
          ...(body ? { payload: body.payload } : w.payload !== undefined ? { payload: w.payload as object } : {}),
          remoteAddress: nextIp(),
        });
        statuses[`${w.method} ${w.url}`] = res.statusCode;
      }
      // Every write reached the database and failed there (not earlier, in validation).
      expect(
        Object.values(statuses).every((s) => s === 500),
        JSON.stringify(statuses),
      ).toBe(true);

      const log = logLines.join('');
      expect(log).toContain('P0001'); // the SQLSTATE of the refusal: the log says what went wrong
      const hash = (
        await rows<{ h: string }>(db, sql`select password_hash as h from staff where email = ${person.email}`)
      )[0]!.h;
      for (const secret of [
        PERSON.name,
        PERSON.email,
        PERSON.phone,
        PERSON.staffPhone,
        person.email,
        person.password,
        '221B Residency Road',
        hash,
        '$argon2id$',
        resetToken,
        createHash('sha256').update(resetToken).digest('hex'),
        personToken,
        token,
        'params:',
      ])
        expect(log, `the log holds ${secret}`).not.toContain(secret);

      for (const { tablename } of tables) await db.execute(sql.raw(`drop trigger refuse_writes on "${tablename}"`));
    });
  });
});
