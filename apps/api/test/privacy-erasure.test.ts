/** Erasure on request leaves the person in no table or file (whole-database dump), the ledger kept under a pseudonym. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { PRIVACY_MESSAGES } from '@registrar/contract/privacy';
import { nextIp, privacyApp, privacyS3 } from './privacy-app';
import { login } from './staff-fixtures';
import { storageKinds } from './storage-kinds';

/** Every regular file under `dir`, recursively (the server's control socket holds no data). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return filesUnder(full);
    return d.isFile() ? [full] : [];
  });
}

const s3 = await privacyS3();

describe.each(storageKinds(s3))('privacy: erasure, documents on $name storage', async (storage) => {
  const { app, config, stored, db, auth, staffId, currentTerms, person, enrol, detailOf, deliverAll } =
    await privacyApp(storage);

  describe('erasure on request', () => {
    it('validates the request and needs a session', async () => {
      const erase = (payload: object, headers = auth) =>
        app.inject({ method: 'POST', url: '/api/student-erasure', headers, payload });
      const noReason = await erase({ email: 'someone@example.in', reason: ' ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().message).toBe(PRIVACY_MESSAGES.reasonRequired);
      expect((await erase({ email: 'someone@example.in', reason: 'asked' }, {} as never)).statusCode).toBe(401);
      const nobody = await erase({ email: 'nobody@example.in', reason: 'Asked by phone' });
      expect(nobody.statusCode).toBe(404);
      expect(nobody.json().message).toBe(PRIVACY_MESSAGES.nothingToErase);
    });

    // Many enrolments, files and a vacuum: on a loaded 2-core machine it has run past the default 30 s.
    it('removes the person from every table and file; the ledger stays under a pseudonym', async () => {
      const p = person('Zubeida Quraishi', 'Zubeida.Q@example.in', '9345678912');
      const other = person('Keep Me', 'keep@example.in', '9345678000');
      // Across every table and file: an inquiry (and its staff mail), two enrolments (one with
      // payments, one without), documents, an announcement, a payment whose note names them, a
      // staff note, a failed sign-in typed with their email, and all the mail delivered as .eml.
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/inquiry',
            payload: {
              name: p.name,
              address: '7 Lake Road, Pune',
              email: p.email,
              phoneNumber: p.phoneNumber,
              areaOfInterest: ['full stack'],
              reference: 'website',
            },
            remoteAddress: nextIp(),
          })
        ).statusCode,
      ).toBe(201);
      const version = String(await currentTerms());
      for (const who of [p, other]) expect((await enrol(who, { termsVersion: version })).statusCode).toBe(201);
      const paid = await detailOf(p.email);
      const pay = await app.inject({
        method: 'PUT',
        url: `/api/student-enrollment-payment/${paid._id}/${paid.installments[0]._id}`,
        headers: auth,
        payload: {
          amount: 5000,
          paymentMode: 'online_payment',
          paidOn: localIsoDate(),
          reference: `UPI ${p.phoneNumber}`,
          note: `Paid by ${p.name} at the desk`,
        },
      });
      expect(pay.statusCode, pay.body).toBe(200);
      const receipt = pay.json().data.payments[0].receiptNumber as string;
      // A refund and a concession whose reasons name them: the accounts keep both rows, scrubbed.
      const refund = await app.inject({
        method: 'POST',
        url: `/api/student-enrollment-refund/${paid._id}`,
        headers: auth,
        payload: {
          paymentId: pay.json().data.payments[0]._id,
          amount: 1000,
          reason: `${p.name} paid twice by mistake`,
          refundedOn: localIsoDate(),
          paymentMode: 'online_payment',
          effect: 'owed-again',
        },
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const concession = await app.inject({
        method: 'POST',
        url: `/api/student-enrollment-concession/${paid._id}`,
        headers: auth,
        payload: { amount: 500, reason: `Scholarship for ${p.name}` },
      });
      expect(concession.statusCode, concession.body).toBe(200);
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/student-enrollment-annocument/${paid._id}`,
            headers: auth,
            payload: { title: `Welcome ${p.name}`, message: `Dear ${p.name}, classes start Monday.` },
          })
        ).statusCode,
      ).toBeLessThan(300);
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/student-enrollment-status/${paid._id}`,
            headers: auth,
            payload: { status: 'approved', note: `Called ${p.phoneNumber}, documents fine` },
          })
        ).statusCode,
      ).toBe(200);
      // A second enrolment, in another course, with no payment: it can go entirely.
      const course2 = (
        await app.inject({
          method: 'POST',
          url: '/api/course',
          headers: auth,
          payload: { name: `Data Science ${storage.name}`, price: 1000, emiPrice: [1000] },
        })
      ).json().data;
      expect((await enrol(p, { termsVersion: version, courseId: course2._id })).statusCode).toBe(201);
      await login(app, p.email, 'not-a-staff-password', nextIp());
      // Staff hear of new enrolments in a digest: it names the person too.
      expect(await app.enrollmentDigest.runOnce()).toBeGreaterThan(0);
      await deliverAll();
      const outboxDir = path.join(config.dataDir, 'outbox');
      expect(fs.readdirSync(outboxDir).length).toBeGreaterThan(3);

      const identifiers = [p.email, p.phoneNumber, p.name];
      /** Every text (or json, uuid, …) value of every column of every table, searched for `needle`. */
      const dumpHits = async (needle: string) => {
        const { rows: columns } = (await db.execute(
          sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
        )) as unknown as { rows: { table_name: string; column_name: string }[] };
        const hits: string[] = [];
        for (const c of columns) {
          const { rows } = (await db.execute(
            sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where position(${needle.toLowerCase()} in lower(${sql.identifier(c.column_name)}::text)) > 0`,
          )) as unknown as { rows: { n: number }[] };
          if (rows[0]!.n > 0) hits.push(`${c.table_name}.${c.column_name}`);
        }
        return hits;
      };
      const fileHits = (needle: string) =>
        [...filesUnder(config.dataDir), ...filesUnder(s3.directory)].filter((f) =>
          fs.readFileSync(f).toString('latin1').toLowerCase().includes(needle.toLowerCase()),
        );
      // The seeding really put them everywhere the search looks.
      expect(await dumpHits(p.email)).toEqual(
        expect.arrayContaining(['enrollments.email', 'inquiries.email', 'outbox.payload', 'audit_log.actor_email']),
      );
      expect(await dumpHits(p.name)).toEqual(
        expect.arrayContaining([
          'payments.note',
          'refunds.reason',
          'concessions.reason',
          'announcements.title',
          'enrollments.name',
          'inquiries.name',
        ]),
      );
      expect(await dumpHits(p.phoneNumber)).toEqual(
        expect.arrayContaining(['payments.reference', 'enrollment_events.note', 'enrollments.phone_number']),
      );
      expect(fileHits(p.name).length).toBeGreaterThan(0);
      const documentIds = [...paid.documents.map((d: { _id: string }) => d._id)];
      expect(await stored.stored()).toEqual(expect.arrayContaining(documentIds));

      const res = await app.inject({
        method: 'POST',
        url: '/api/student-erasure',
        headers: auth,
        payload: { email: p.email.toUpperCase(), reason: `${p.name} asked by mail from ${p.email}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: PRIVACY_MESSAGES.erased });
      const { counts } = res.json().data;
      expect(counts).toMatchObject({
        enrollmentsDeleted: 1,
        enrollmentsPseudonymised: 1,
        documents: 6,
        inquiries: 1,
        announcements: 1,
        auditEntries: 1,
        paymentsKept: 1,
      });
      // Their own mail goes; the staff's notices about them stay, with them taken out.
      expect(counts.outboxMails).toBeGreaterThanOrEqual(3);
      expect(counts.mailFiles).toBeGreaterThanOrEqual(3);
      expect(counts.mailsScrubbed).toBeGreaterThan(0);
      expect(counts.mailFilesScrubbed).toBeGreaterThan(0);

      for (const needle of identifiers) {
        expect(await dumpHits(needle), needle).toEqual([]);
        expect(fileHits(needle), needle).toEqual([]);
      }
      expect(await stored.stored()).not.toEqual(expect.arrayContaining([documentIds[0]]));
      for (const id of documentIds) expect(await stored.stored()).not.toContain(id);

      // The ledger: same receipt, amount and date, under a pseudonym; the detail says what happened.
      const kept = (
        await app.inject({ method: 'GET', url: `/api/student-enrollment/${paid._id}`, headers: auth })
      ).json().data;
      expect(kept.name).toMatch(/^Erased student [0-9a-f]{8}$/);
      expect(kept.erasedAt).not.toBeNull();
      expect(kept.documents).toEqual([]);
      expect(kept.payments).toEqual([
        expect.objectContaining({ receiptNumber: receipt, amount: 5000, paidOn: localIsoDate() }),
      ]);
      expect(kept.refunds).toEqual([
        expect.objectContaining({ amount: 1000, reason: '[erased] paid twice by mistake' }),
      ]);
      expect(kept.concessions).toEqual([expect.objectContaining({ amount: 500, reason: 'Scholarship for [erased]' })]);
      expect(kept.history.at(-1)).toMatchObject({ kind: 'erased' });
      // Someone else's data is untouched.
      const keep = await detailOf(other.email);
      expect(keep).toMatchObject({ name: other.name, erasedAt: null });
      expect(keep.documents).toHaveLength(3);
      expect(fileHits(other.email).length + (await dumpHits(other.email)).length).toBeGreaterThan(0);

      // The record: who, when, how many; the reason without the person in it.
      const { rows } = (await db.execute(sql`select staff_id, reason, counts from erasures`)) as unknown as {
        rows: { staff_id: string; reason: string; counts: Record<string, number> }[];
      };
      expect(rows).toEqual([{ staff_id: staffId, reason: '[erased] asked by mail from [erased]', counts }]);
      const audit = async () =>
        (
          (await db.execute(
            sql`select action, entity, fields from audit_log where entity = 'privacy' and status_code = 201`,
          )) as unknown as { rows: unknown[] }
        ).rows;
      await expect.poll(audit).toEqual([{ action: 'erase', entity: 'privacy', fields: ['email', 'reason'] }]);
      // The export of an erased enrolment has nothing personal to give.
      expect(
        (await app.inject({ method: 'GET', url: `/api/student-data-export/${paid._id}`, headers: auth })).json()
          .message,
      ).toBe(PRIVACY_MESSAGES.exportErased);
      // Asked again: there is nothing left.
      const again = await app.inject({
        method: 'POST',
        url: '/api/student-erasure',
        headers: auth,
        payload: { email: p.email, reason: 'Asked twice' },
      });
      expect(again.statusCode).toBe(404);
    }, 120_000);
  });
});
