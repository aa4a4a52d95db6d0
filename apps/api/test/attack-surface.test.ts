/**
 * The attack surface: the public enrolment form takes only its own fields, logs never hold
 * personal data or secrets (even when every write fails), reset links are forgotten once sent or
 * expired, change-password is throttled, per-address limits group IPv6 by /64, foreign JWT
 * algorithms are refused, and the multipart caps are our own.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { loggerOptions } from '../src/lib/logger';
import { staffRepository } from '../src/repositories/staff-repository';
import { addressKey } from '../src/services/throttle';
import { build, dbKind } from './build-app';
import { createCourse } from './fixtures/enrolments';
import { PNG, enrolmentDocuments, file, multipart, type Part } from './fixtures/files';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const JWT_SECRET = 'attack-surface-test-secret-0123456789abcdef';
let ipCounter = 0;
const nextIp = () => `10.160.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Rows of a raw query on either database. */
async function rows<T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) {
  return ((await db.execute(q)) as { rows: T[] }).rows;
}

describe(`attack surface on ${dbKind}`, async () => {
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const { app, database } = await build({
    config: { jwtSecret: JWT_SECRET },
    logger: loggerOptions('info', logStream),
    extend: async (a) => {
      // A write that collides with the unique staff email index, as two racing saves would.
      a.post('/test/duplicate-staff', async (request) => {
        const { email } = request.body as { email: string };
        await staffRepository.insert(a.database.db, {
          email: email.toUpperCase(),
          name: 'Collision Person',
          phone: '9123456780',
          role: 'admin',
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$collisionhashcollisionhash',
        });
        return { success: true };
      });
    },
  });
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Surface Admin' });
  const token = await tokenFor(app, staff.email, staff.password);
  const auth = bearer(token);
  const course = await createCourse(app, auth, { name: 'Surface Course', price: 30000, emiPrice: [30000] });

  const fields = (overrides: Record<string, string> = {}): Part[] =>
    Object.entries({
      name: 'Meera Kulkarni',
      currentAddress: '8 FC Road, Pune',
      permanentAddress: '8 FC Road, Pune',
      phoneNumber: '9823456710',
      email: 'meera.k@example.in',
      courseId: course._id,
      currentlyWorking: 'other',
      currentlyWorkingPlace: 'Home',
      paymentMethod: 'full_payment',
      ...overrides,
    }).map(([name, value]) => ({ name, value }));
  const enrol = (parts: Part[], ip = nextIp()) =>
    app.inject({ method: 'POST', url: '/api/student-enrollment', ...multipart(parts), remoteAddress: ip });
  /** Posts `payload` as it stands under `contentType`, whether or not they match, as a careless or hostile client does. */
  const postRaw = (url: string, contentType: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': contentType },
      payload,
      remoteAddress: nextIp(),
    });
  /** Sends the public inquiry form about the course, with these personal details, from an address of its own. */
  const sendInquiry = (person: { name: string; address: string; email: string; phoneNumber: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/inquiry',
      payload: { ...person, areaOfInterest: [course.name], reference: 'website' },
      remoteAddress: nextIp(),
    });
  const enrolmentCount = async () =>
    (await rows<{ n: number }>(db, sql`select count(*)::int as n from enrollments`))[0]!.n;

  describe('the public enrolment form takes only its own fields and files', () => {
    it.each([
      ['status', 'approved'],
      ['enrollmentNumber', 'ENR-2026-00001'],
      ['isAdmin', 'true'],
      ['inquiryId', '00000000-0000-0000-0000-000000000000'],
    ])('refuses a %s field with 400 naming it, and stores nothing', async (name, value) => {
      const before = await enrolmentCount();
      const res = await enrol([...fields(), { name, value }, ...enrolmentDocuments()]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: `${ENROLLMENT_MESSAGES.unexpectedField}: ${name}`,
        errors: [{ path: name, message: ENROLLMENT_MESSAGES.unexpectedField }],
      });
      expect(await enrolmentCount()).toBe(before);
    });

    it('refuses an authority signature from a visitor: staff attach it', async () => {
      const before = await enrolmentCount();
      const res = await enrol([
        ...fields(),
        ...enrolmentDocuments(),
        file('authoritySign', PNG, 'forged.png', 'image/png'),
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: `${ENROLLMENT_MESSAGES.staffOnlyFile}: authoritySign`,
        errors: [{ path: 'authoritySign', message: ENROLLMENT_MESSAGES.staffOnlyFile }],
      });
      expect(await enrolmentCount()).toBe(before);

      // The same form without it is accepted; then staff attach the signature.
      const ok = await enrol([...fields(), ...enrolmentDocuments()]);
      expect(ok.statusCode, ok.body).toBe(201);
      const [row] = await rows<{ id: string }>(
        db,
        sql`select id from enrollments where enrollment_number = ${ok.json().data.enrollmentNumber}`,
      );
      const body = multipart([file('authoritySign', PNG, 'sign.png', 'image/png')]);
      const signed = await app.inject({
        method: 'PUT',
        url: `/api/student-enrollment/${row!.id}`,
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json().data.documents.map((d: { field: string }) => d.field)).toContain('authoritySign');
    });
  });

  describe("multipart caps are the app's own, below the library's defaults", () => {
    const tooMany = { success: false, message: ENROLLMENT_MESSAGES.tooManyParts };
    // Without our caps each of these requests would be read to the end and refused for its
    // stray fields (400); with them it stops at the cap (413).
    it('41 text fields', async () => {
      const parts = Array.from({ length: 41 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
      const res = await enrol(parts);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject(tooMany);
    });
    it('9 files', async () => {
      const parts = Array.from({ length: 9 }, (_, i) => file(`doc${i}`, PNG, `d${i}.png`, 'image/png'));
      const res = await enrol(parts);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject(tooMany);
    });
    it('46 parts (38 fields and 8 files: each under its own cap, together over the parts cap)', async () => {
      const parts = [
        ...Array.from({ length: 38 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
        ...Array.from({ length: 8 }, (_, i) => file(`doc${i}`, PNG, `d${i}.png`, 'image/png')),
      ];
      const res = await enrol(parts);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject(tooMany);
    });
    it('a multipart content type over a body that is not multipart: 400, not a crash', async () => {
      for (const type of ['multipart/form-data; boundary=x', 'multipart/form-data']) {
        const res = await postRaw('/api/student-enrollment', type, '{"name":"not multipart"}');
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect(res.json().success).toBe(false);
      }
    });
  });

  describe('bodies that are not objects', () => {
    it('JSON null to reset-password and change-password: 400, not a crash', async () => {
      const reset = await postRaw('/api/reset-password', 'application/json', 'null');
      expect(reset.statusCode, reset.body).toBe(400);
      const change = await postRaw('/api/change-password', 'application/json', 'null', auth);
      expect(change.statusCode, change.body).toBe(400);
      const multipartChange = await postRaw(
        '/api/change-password',
        'multipart/form-data; boundary=x',
        'currentPassword=x',
        auth,
      );
      expect(multipartChange.statusCode, multipartChange.body).toBeGreaterThanOrEqual(400);
      expect(multipartChange.statusCode, multipartChange.body).toBeLessThan(500);
    });

    it('a NUL character PostgreSQL cannot store: a 4xx in the envelope, never a 500', async () => {
      for (const url of [
        '/api/inquiry?search=%00',
        '/api/student-enrollment/export.csv?search=a%00b',
        '/api/audit?search=%00',
      ]) {
        const res = await app.inject({ method: 'GET', url, headers: auth });
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400)
          expect(res.json()).toMatchObject({ success: false, message: MESSAGES.valueNotStorable });
      }
      const inquiry = await sendInquiry({
        name: 'Nul\u0000Person',
        address: 'Street\u0000 1',
        email: 'nul.person@example.in',
        phoneNumber: '9811112222',
      });
      expect(inquiry.statusCode, inquiry.body).toBeLessThan(500);
    });

    it('a URL the router cannot read gets the envelope', async () => {
      const bad = await app.inject({ method: 'GET', url: '/api/inquiry/%ZZ', headers: auth });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, message: MESSAGES.urlInvalid });
      const long = await app.inject({ method: 'GET', url: `/api/inquiry/${'x'.repeat(5000)}`, headers: auth });
      expect(long.statusCode).toBe(414);
      expect(long.json()).toMatchObject({ success: false, message: MESSAGES.urlTooLong });
    });
  });

  describe('session tokens in any algorithm but HS256 are refused', async () => {
    const [, payloadPart] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString()) as Record<string, unknown>;
    const profile = (t: string) =>
      app.inject({ method: 'GET', url: '/api/user-profile', headers: { authorization: `Bearer ${t}` } });
    const secret = new TextEncoder().encode(JWT_SECRET);

    it('the genuine token works (so the refusals below are about the algorithm)', async () => {
      expect((await profile(token)).statusCode).toBe(200);
    });

    it('HS512 with the right secret', async () => {
      const t = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(secret);
      expect((await profile(t)).statusCode).toBe(401);
    });

    it.each(['RS256', 'ES256'] as const)('%s with a real key pair', async (alg) => {
      const { privateKey } = await generateKeyPair(alg);
      const t = await new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(privateKey);
      expect((await profile(t)).statusCode).toBe(401);
    });

    it.each(['RS256', 'ES256'] as const)(
      '%s signed by HMAC with the secret, as if the secret were the public key',
      async (alg) => {
        const signingInput = `${Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url')}.${payloadPart}`;
        const { createHmac } = await import('node:crypto');
        const signature = createHmac('sha256', JWT_SECRET).update(signingInput).digest('base64url');
        expect((await profile(`${signingInput}.${signature}`)).statusCode).toBe(401);
      },
    );

    it('HS256 keyed with a public key (the algorithm-confusion attack)', async () => {
      const { publicKey } = await generateKeyPair('RS256', { extractable: true });
      const pem = await exportSPKI(publicKey);
      const t = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(pem));
      expect((await profile(t)).statusCode).toBe(401);
    });
  });

  describe('change-password is throttled per account like sign-in', () => {
    it('5 wrong current passwords, then 429 with Retry-After, even for the right one; other accounts unaffected', async () => {
      const victim = await makeStaff(db);
      const victimToken = await tokenFor(app, victim.email, victim.password);
      const change = (t: string, currentPassword: string) =>
        app.inject({
          method: 'POST',
          url: '/api/change-password',
          headers: bearer(t),
          payload: { currentPassword, newPassword: 'Brand-New-Pass-77', confirmPassword: 'Brand-New-Pass-77' },
          remoteAddress: nextIp(),
        });
      for (let i = 0; i < 5; i += 1) {
        const res = await change(victimToken, `Wrong-Guess-${i}a`);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(STAFF_MESSAGES.currentPasswordWrong);
      }
      const blocked = await change(victimToken, `Wrong-Guess-9a`);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
      expect((await change(victimToken, victim.password)).statusCode).toBe(429);

      // Another account is counted on its own; a right guess takes its attempt back.
      const other = await makeStaff(db);
      const otherToken = await tokenFor(app, other.email, other.password);
      for (let i = 0; i < 4; i += 1) expect((await change(otherToken, `Nope-Guess-${i}a`)).statusCode).toBe(400);
      expect((await change(otherToken, other.password)).statusCode).toBe(200);
    });
  });

  describe('per-address limits group IPv6 by /64', () => {
    it('addressKey: one key per /64, IPv4-mapped as IPv4', () => {
      expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
      expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
      expect(addressKey('::ffff:192.0.2.7')).toBe(addressKey('192.0.2.7'));
      expect(addressKey('192.0.2.7')).not.toBe(addressKey('192.0.2.8'));
      expect(addressKey('not an address')).toBe('not an address');
    });

    it('forgot-password from many addresses of one /64 is counted as one address', async () => {
      const forgot = (ip: string, i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { email: `nobody${i}.${ip.length}@example.in` },
          remoteAddress: ip,
        });
      // The per-address limit is 10 an hour: 10 different addresses in one /64 use it up.
      for (let i = 0; i < 10; i += 1)
        expect((await forgot(`2001:db8:77:1:${i.toString(16)}::${i + 1}`, i)).statusCode).toBe(200);
      const eleventh = await forgot('2001:db8:77:1:abcd:ef01:2345:6789', 11);
      expect(eleventh.statusCode).toBe(429);
      // Another /64 has its own count.
      expect((await forgot('2001:db8:77:2::1', 12)).statusCode).toBe(200);
      // IPv4-mapped IPv6 shares the count of its IPv4 address.
      for (let i = 0; i < 10; i += 1)
        expect((await forgot(i % 2 ? '198.51.100.9' : '::ffff:198.51.100.9', 20 + i)).statusCode).toBe(200);
      expect((await forgot('198.51.100.9', 40)).statusCode).toBe(429);
    });
  });

  describe('a reset link is readable in the database only until its mail is sent or it expires', () => {
    const outboxText = async () =>
      (await rows<{ t: string }>(db, sql`select payload::text || coalesce(last_error, '') as t from outbox`))
        .map((r) => r.t)
        .join('\n');
    const requestReset = async (email: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(200);
      const match = /reset-password\/([A-Za-z0-9_-]{20,})/.exec(await outboxText());
      expect(match, 'the queued mail holds the link').not.toBeNull();
      return match![1]!;
    };

    it('sent: the body is blanked, the link still works once', async () => {
      const who = await makeStaff(db);
      await app.outbox.runOnce(); // deliver anything queued before
      const resetToken = await requestReset(who.email);
      await app.outbox.runOnce();
      expect(await outboxText()).not.toContain(resetToken);
      const [row] = await rows<{ status: string; secret_until: unknown }>(
        db,
        sql`select status, secret_until from outbox order by created_at desc limit 1`,
      );
      expect(row).toMatchObject({ status: 'sent', secret_until: null });
      // Forgetting the mail does not touch the link the staff member received.
      const reset = await app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token: resetToken, password: 'Fresh-Start-42x', confirmPassword: 'Fresh-Start-42x' },
        remoteAddress: nextIp(),
      });
      expect(reset.statusCode, reset.body).toBe(200);
    });

    it('never sent before the link expired: the body is blanked and the mail given up', async () => {
      const who = await makeStaff(db);
      await app.outbox.runOnce();
      const resetToken = await requestReset(who.email);
      // The mail forgets its body exactly when the link stops working.
      const [tie] = await rows<{ same: boolean }>(
        db,
        sql`select o.secret_until = t.expires_at as same from outbox o, password_reset_tokens t
            where o.secret_until is not null and t.token_hash = ${createHash('sha256').update(resetToken).digest('hex')}`,
      );
      expect(tie?.same).toBe(true);
      // 31 minutes pass before the worker gets to it (say, the mail server was down).
      await db.execute(
        sql`update outbox set secret_until = secret_until - interval '31 minutes' where secret_until is not null`,
      );
      await db.execute(sql`update password_reset_tokens set expires_at = expires_at - interval '31 minutes'`);
      await app.outbox.runOnce();
      expect(await outboxText()).not.toContain(resetToken);
      const [row] = await rows<{ status: string }>(db, sql`select status from outbox order by created_at desc limit 1`);
      expect(row!.status).toBe('failed');
    });
  });

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
