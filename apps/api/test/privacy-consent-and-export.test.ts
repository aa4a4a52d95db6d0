/** Consent records the terms version shown (stale terms are refused), and the data export zips records and documents. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { JPEG } from './fixtures/files';
import { pdfText } from './pdf-text';
import { ipCounter, privacyApp, privacyS3 } from './privacy-app';
import { unzip } from './zip-entries';
import { storageKinds } from './storage-kinds';

const s3 = await privacyS3();

describe.each(storageKinds(s3))('privacy: consent and the data export, documents on $name storage', async (storage) => {
  const { app, stored, db, auth, staffId, saveTerms, currentTerms, person, enrol, detailOf } =
    await privacyApp(storage);

  describe('consent', () => {
    it('records the terms version shown, when and from where; the statement shows it', async () => {
      const version = await currentTerms();
      const res = await enrol(person('Consent Person', 'consent@example.in', '9000000001'), {
        termsVersion: String(version),
      });
      expect(res.statusCode, res.body).toBe(201);
      const detail = await detailOf('consent@example.in');
      expect(detail.termsVersion).toBe(version);
      expect(Date.now() - Date.parse(detail.consentedAt)).toBeLessThan(60_000);
      const { rows } = (await db.execute(
        sql`select consent_ip from enrollments where email = 'consent@example.in'`,
      )) as unknown as { rows: { consent_ip: string }[] };
      expect(rows[0]!.consent_ip).toBe(`10.140.0.${ipCounter % 250}`);

      const pdf = await app.inject({
        method: 'GET',
        url: `/api/student-enrollment-fee-download/${detail._id}`,
        headers: auth,
      });
      const text = pdfText(pdf.rawPayload);
      expect(text).toMatch(new RegExp(`Terms accepted: version ${version} on \\d`));
    });

    it('refuses terms that changed since the page was opened, asking to reload, and keeps nothing', async () => {
      const shown = await currentTerms();
      await saveTerms('<p>Fees are not refundable. Classes start at 9.</p>');
      const before = await stored.stored();
      const res = await enrol(person('Stale Page', 'stale@example.in', '9000000002'), { termsVersion: String(shown) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: ENROLLMENT_MESSAGES.termsChanged });
      expect(await stored.staged()).toEqual([]);
      expect(await stored.stored()).toEqual(before);
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from enrollments where email = 'stale@example.in'`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]!.n).toBe(0);
      // The reloaded page sends the new version and goes through.
      const again = await enrol(person('Stale Page', 'stale@example.in', '9000000002'), {
        termsVersion: String(await currentTerms()),
      });
      expect(again.statusCode, again.body).toBe(201);
    });
  });

  describe('access: the data export', () => {
    it('answers a zip with the records as JSON and the documents as uploaded, and audits it', async () => {
      const p = person('Export Person', 'export@example.in', '9000000003');
      expect((await enrol(p, { termsVersion: String(await currentTerms()) })).statusCode).toBe(201);
      const detail = await detailOf(p.email);
      const res = await app.inject({ method: 'GET', url: `/api/student-data-export/${detail._id}`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain(`personal-data-${detail.enrollmentNumber}.zip`);
      const entries = await unzip(res.rawPayload);
      const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
      expect(data.enrollment).toMatchObject({ name: p.name, email: p.email, phoneNumber: p.phoneNumber });
      expect(data.mails.length).toBeGreaterThan(0);
      expect([...entries.keys()].sort()).toEqual([
        'data.json',
        'documents/01-profilePicture.png',
        'documents/02-aadharFront.jpg',
        'documents/03-aadharBack.pdf',
      ]);
      expect(entries.get('documents/02-aadharFront.jpg')!.equals(JPEG)).toBe(true);
      expect(entries.get('documents/03-aadharBack.pdf')!.toString()).toContain(p.name);

      // The audit entry is written as the response ends: wait for it rather than race it.
      const exported = async () =>
        (
          (await db.execute(
            sql`select action, entity, staff_id from audit_log where entity_id = ${detail._id} and action = 'export'`,
          )) as unknown as { rows: { action: string; entity: string; staff_id: string }[] }
        ).rows;
      await expect.poll(exported).toEqual([{ action: 'export', entity: 'enrollment', staff_id: staffId }]);
      expect((await app.inject({ method: 'GET', url: `/api/student-data-export/${detail._id}` })).statusCode).toBe(401);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/student-data-export/00000000-0000-4000-8000-000000000000',
            headers: auth,
          })
        ).json().message,
      ).toBe(ENROLLMENT_MESSAGES.notFound);
    });
  });
});
