/** One Idempotency-Key sent at once records one row (contact, request or money); a retry gets the first answer. */
import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { FEE_MESSAGES, IDEMPOTENCY_HEADER } from '@registrar/contract/fees';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { dbKind } from './build-app';
import { inFuture, rowsOf, studentAttackWorld } from './student-attack-world';

describe(`attack surface of repeated requests on ${dbKind}`, async () => {
  const { app, db, roles, admin, today, enrol, pay, lastPayment, inquiry } = await studentAttackWorld();

  describe('the same Idempotency-Key twice at once records one row; a retry gets the first answer', () => {
    const burst = <T>(n: number, f: () => Promise<T>) => Promise.all(Array.from({ length: n }, f));
    const countWhere = async (q: SQL) => (await rowsOf<{ n: number }>(db, q))[0]!.n;

    it('a contact logged twice at once with one key is one contact; a later retry answers the same', async () => {
      const lead = await inquiry('lead.idem@example.in');
      const body = { channel: 'whatsapp', outcome: 'call_back', note: 'Call after six', nextFollowUpAt: inFuture(30) };
      const send = (key: string, payload: object = body) =>
        app.inject({
          method: 'POST',
          url: apiUrl('inquiryContact', lead),
          headers: { ...roles.counsellor.auth, [IDEMPOTENCY_HEADER]: key },
          payload,
        });
      const answers = await burst(6, () => send('contact-key-1'));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
      const contacts = sql`select count(*)::int as n from inquiry_contacts where inquiry_id = ${lead}`;
      expect(await countWhere(contacts)).toBe(1);
      const first = answers[0]!.json();
      for (const a of answers) expect(a.json().data.contacts).toEqual(first.data.contacts);

      const retry = await send('contact-key-1');
      expect(retry.statusCode).toBe(201);
      expect(retry.json().message).toBe(first.message);
      expect(retry.json().data.contacts).toEqual(first.data.contacts);
      expect(await countWhere(contacts)).toBe(1);

      const reused = await send('contact-key-1', { ...body, note: 'Another call' });
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json()).toMatchObject({ success: false, message: FEE_MESSAGES.idempotencyKeyReused });
      // A new key is a new contact; no key at all is as before.
      expect((await send('contact-key-2')).statusCode).toBe(201);
      expect(await countWhere(contacts)).toBe(2);
      const bad = await send(' spaced key ');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(FEE_MESSAGES.idempotencyKeyInvalid);
      expect(await countWhere(contacts)).toBe(2);
    });

    it('a data request sent six times at once is one open request', async () => {
      const student = await enrol('Dev Double', 'dev.attack@example.in');
      const answers = await burst(6, () =>
        app.inject({ method: 'POST', url: apiUrl('studentPageRequest', student.token), payload: { kind: 'export' } }),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([201, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409))
        expect(a.json().message).toBe(STUDENT_PAGE_MESSAGES.requestAlreadyOpen);
      expect(
        await countWhere(
          sql`select count(*)::int as n from student_requests where enrollment_id = ${student.id} and state = 'open'`,
        ),
      ).toBe(1);
    });

    it('payments, refunds and concessions: one row per key under a burst, the first answer on retry', async () => {
      const student = await enrol('Mona Money', 'mona.attack@example.in');
      const paid = sql`select count(*)::int as n from payments where enrollment_id = ${student.id}`;
      const answers = await burst(6, () => pay(student.id, student.installments[0]!, 700, 'pay-key-1'));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((r) => r.json().message)).size).toBe(1);
      expect(await countWhere(paid)).toBe(1);
      const retry = await pay(student.id, student.installments[0]!, 700, 'pay-key-1');
      expect(retry.json().message).toBe(answers[0]!.json().message);
      expect(await countWhere(paid)).toBe(1);
      // The same key for another installment is another request: refused, not answered as the first.
      expect((await pay(student.id, student.installments[1]!, 700, 'pay-key-1')).statusCode).toBe(422);

      const paymentId = lastPayment(answers[0]!)._id;
      const refund = () =>
        app.inject({
          method: 'POST',
          url: apiUrl('refund', student.id),
          headers: { ...admin, [IDEMPOTENCY_HEADER]: 'refund-key-1' },
          payload: {
            paymentId,
            amount: 100,
            reason: 'Twice',
            refundedOn: today,
            paymentMode: 'cash',
            effect: 'owed-again',
          },
        });
      const refunds = await burst(6, refund);
      expect(refunds.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(refunds.map((r) => r.json().message)).size).toBe(1);
      expect(await countWhere(sql`select count(*)::int as n from refunds where enrollment_id = ${student.id}`)).toBe(1);

      const concession = () =>
        app.inject({
          method: 'POST',
          url: apiUrl('concession', student.id),
          headers: { ...admin, [IDEMPOTENCY_HEADER]: 'concession-key-1' },
          payload: { amount: 50, reason: 'Sibling' },
        });
      expect((await burst(6, concession)).map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(
        await countWhere(sql`select count(*)::int as n from concessions where enrollment_id = ${student.id}`),
      ).toBe(1);
    });
  });
});
