/** The student's page: a wrong, expired or revoked token, or another student's id, is a 4xx and never a 500. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { dbKind } from './build-app';
import { nextIp, rowsOf, sha256, studentAttackWorld } from './student-attack-world';

describe(`attack surface of the student's page on ${dbKind}`, async () => {
  const { app, db, counts, admin, enrol, asha, ravi, ashaPayment, ravisPayment, refunded } = await studentAttackWorld();

  describe("the student's token: wrong, expired, revoked or malformed is a 404 or a 400, never a 500", () => {
    const tokenRoutes = (token: string) => [
      { method: 'GET' as const, url: apiUrl('studentPage', token) },
      { method: 'GET' as const, url: apiUrl('studentPageStatement', token) },
      { method: 'GET' as const, url: apiUrl('studentPageReceipt', token, ashaPayment._id) },
      { method: 'GET' as const, url: apiUrl('studentPageInvoice', token, ashaPayment._id) },
      { method: 'POST' as const, url: apiUrl('studentPageRequest', token), payload: { kind: 'export' } },
    ];
    const expectRefused = async (token: string, status: 400 | 404) => {
      const before = await counts();
      for (const r of tokenRoutes(token)) {
        const res = await app.inject({ ...r, remoteAddress: nextIp() });
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(status);
        expect(res.json()).toMatchObject({ success: false, message: STUDENT_PAGE_MESSAGES.linkNotFound });
      }
      const after = await counts();
      // Reading a page notes the link's last use; nothing else may change.
      expect(after).toEqual(before);
    };

    it('malformed: too short, too long, bad characters, encoded slashes and NULs', async () => {
      for (const bad of [
        'x',
        asha.token.slice(0, 42),
        `${asha.token}A`,
        `${asha.token.slice(0, 42)}.`,
        `${asha.token.slice(0, 41)}=`,
        'A'.repeat(42) + '\u00e9',
        `${asha.token.slice(0, 40)}%00`,
        'null',
      ])
        await expectRefused(bad, 400);
      // Characters the URL cannot carry as they are: still the envelope, never a page.
      for (const raw of [`${asha.token.slice(0, 40)}%2F..`, `${asha.token.slice(0, 40)}%ZZ`, '%00'.repeat(43)]) {
        const res = await app.inject({ method: 'GET', url: `/api/student-page/${raw}` });
        expect(res.statusCode, `${raw}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${raw}: ${res.body}`).toBeLessThan(500);
        expect(res.json().success).toBe(false);
      }
    });

    it('shaped like a token but unknown, or a token with one character changed: 404', async () => {
      await expectRefused('A'.repeat(43), 404);
      const flipped = `${asha.token.slice(0, 42)}${asha.token.endsWith('A') ? 'B' : 'A'}`;
      await expectRefused(flipped, 404);
      // The hash itself is no token either.
      await expectRefused(sha256(asha.token).slice(0, 43), 404);
    });

    it('expired, revoked, or of an erased enrolment: 404', async () => {
      const expired = await enrol('Eshan Expired', 'eshan.attack@example.in');
      await db.execute(
        sql`update student_links set expires_at = now() - interval '1 second' where token_hash = ${sha256(expired.token)}`,
      );
      await expectRefused(expired.token, 404);

      const revoked = await enrol('Rekha Revoked', 'rekha.attack@example.in');
      const sent = await app.inject({ method: 'POST', url: apiUrl('studentLink', revoked.id), headers: admin });
      expect(sent.statusCode, sent.body).toBe(200);
      await expectRefused(revoked.token, 404);

      const erased = await enrol('Irfan Erased', 'irfan.attack@example.in');
      const gone = await app.inject({
        method: 'POST',
        url: apiUrl('erasure'),
        headers: admin,
        payload: { email: 'irfan.attack@example.in', reason: 'The student asked' },
      });
      expect(gone.statusCode, gone.body).toBe(201);
      await expectRefused(erased.token, 404);
    });
  });

  describe("another student's ids with a valid token: 404, and nothing of theirs", () => {
    it("a receipt: another student's payment, a refund's id, an enrolment's id", async () => {
      const refundId = (refunded.json().data.refunds as { _id: string }[])[0]!._id;
      for (const other of [ravisPayment._id, refundId, ravi.id, asha.id, randomUUID()]) {
        const res = await app.inject({ method: 'GET', url: apiUrl('studentPageReceipt', asha.token, other) });
        expect(res.statusCode, `${other}: ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ success: false, message: STUDENT_PAGE_MESSAGES.receiptNotFound });
        expect(res.body).not.toContain(ravisPayment.receiptNumber);
      }
      for (const notAnId of ['1', 'abc', '00000000-0000-0000-0000-00000000000g', `${ravisPayment._id}x`]) {
        const res = await app.inject({ method: 'GET', url: apiUrl('studentPageReceipt', asha.token, notAnId) });
        expect(res.statusCode, `${notAnId}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe(STUDENT_PAGE_MESSAGES.receiptNotFound);
      }
    });

    it("a data request naming another student's enrolment is refused and records nothing for either", async () => {
      const before = await counts();
      const [ashas] = await rowsOf<{ n: string }>(
        db,
        sql`select enrollment_number as n from enrollments where id = ${asha.id}`,
      );
      for (const payload of [
        { kind: 'export', enrollmentId: asha.id },
        { kind: 'export', enrollmentNumber: ashas!.n },
        { kind: 'erasure', token: asha.token },
      ]) {
        const res = await app.inject({ method: 'POST', url: apiUrl('studentPageRequest', ravi.token), payload });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(`${ENROLLMENT_MESSAGES.unexpectedField}: ${Object.keys(payload)[1]}`);
      }
      expect(await counts()).toEqual(before);
      expect(
        await rowsOf(db, sql`select id from student_requests where enrollment_id = ${ravi.id}`),
        "a request naming Asha's enrolment is not recorded as Ravi's either",
      ).toEqual([]);
    });
  });
});
