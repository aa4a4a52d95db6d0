/** Requests take only their own fields and parts; a body, character or URL the app cannot read is a 4xx. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { rows, surfaceApp } from './attack-surface-app';
import { dbKind } from './build-app';
import { PNG, enrolmentDocuments, file, multipart } from './fixtures/files';

describe(`attack surface of request shapes on ${dbKind}`, async () => {
  const { app, db, auth, fields, enrol, postRaw, sendInquiry, enrolmentCount } = await surfaceApp();

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
});
