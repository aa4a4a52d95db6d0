/**
 * `verify-ledger` over the new ways money moves: every mode with its UTR, cheques cleared and
 * bounced, refunds by their effect. A clean month has no problem; each kind of tampering is named.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { localIsoDate } from '@registrar/contract/enrollment';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { verifyLedger } from '../src/services/ledger-check';

const rowsOf = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;

describe('verify-ledger: modes, cheque outcomes and refund effects', async () => {
  const { app, database } = await build({ config: { chequeBounceFeePaise: 50_000 } });
  const db = database.db;
  const admin = await makeStaff(db);
  const auth = bearer(await tokenFor(app, admin.email, admin.password));
  const course = await createCourse(app, auth, {
    name: 'Ledger Course',
    price: 40000,
    emiPrice: [10000, 10000, 10000, 10000],
  });
  const today = localIsoDate();
  const { enrollmentNumber } = await submitEnrolment(
    app,
    { name: 'Ledger Student', phoneNumber: '6100000001', email: 'ledger@example.in', courseId: course._id },
    '10.170.0.1',
  );
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`select id from enrollments where enrollment_number = ${enrollmentNumber}`,
  );
  const id = row!.id;
  const detail = async () =>
    (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json().data;
  const installments = (await detail()).installments as { _id: string }[];
  const pay = async (n: number, payload: object) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${id}/${installments[n]!._id}`,
      headers: auth,
      payload: { amount: 10000, paidOn: today, ...payload },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.payments as { _id: string; receiptNumber: string }[]).at(-1)!;
  };
  const cheque = (chequeNumber: string) => ({
    paymentMode: 'cheque',
    chequeNumber,
    bankName: 'SBI',
    chequeDate: today,
  });

  const upi = await pay(0, { paymentMode: 'upi', utr: '412345678901' });
  const cleared = await pay(1, cheque('100001'));
  const bounced = await pay(2, cheque('100002'));
  const waiting = await pay(3, cheque('100003'));

  it('finds a month of UPI, cheques cleared and bounced with a fee, and refunds of each effect in balance', async () => {
    for (const [paymentId, body] of [
      [cleared._id, { state: 'cleared', on: today }],
      [bounced._id, { state: 'bounced', on: today, reason: 'Insufficient funds' }],
    ] as const) {
      const res = await app.inject({ method: 'PUT', url: apiUrl('cheque', paymentId), headers: auth, payload: body });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [effect, amount] of [
      ['owed-again', 1000],
      ['lower-fee', 2000],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/student-enrollment-refund/${id}`,
        headers: auth,
        payload: {
          paymentId: upi._id,
          amount,
          refundedOn: today,
          paymentMode: 'cash',
          effect,
          reason: `Refund ${effect}`,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('names a cheque outcome on a payment that is no cheque, dated before it was received, or charging a fee when not bounced', async () => {
    const enrolment = sql`(select enrollment_id from payments where id = ${upi._id})`;
    await db.execute(
      sql`insert into cheque_events (payment_id, enrollment_id, state, occurred_on) values (${upi._id}, ${enrolment}, 'cleared', ${today})`,
    );
    await db.execute(
      sql`insert into cheque_events (payment_id, enrollment_id, state, occurred_on, bounce_fee_paise)
          values (${waiting._id}, ${enrolment}, 'cleared', (current_date - 3), 25000)`,
    );
    const problems = await verifyLedger(db);
    expect(problems).toContain(`${upi.receiptNumber}: a upi payment has a cheque outcome (cleared)`);
    expect(
      problems.some(
        (p) => p.startsWith(`${waiting.receiptNumber}: cheque cleared on `) && p.includes('before it was received on'),
      ),
    ).toBe(true);
    expect(problems).toContain(`${waiting.receiptNumber}: cheque cleared but charged a bounce fee`);
  });

  it('names a UTR that does not fit its mode and a refund whose effect left no trace', async () => {
    await db.transaction(async (tx) => {
      // The ledger's guards refuse this rewrite; a damaged database is what the check is for.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update payments set utr = '12345' where id = ${upi._id}`);
      await tx.execute(sql`delete from concessions where refund_id is not null`);
    });
    const problems = await verifyLedger(db);
    expect(problems).toContain(`${upi.receiptNumber}: UTR 12345 does not fit a upi payment`);
    expect(problems.some((p) => /: lowers the fee by 200000 paise but concessions say 0$/.test(p))).toBe(true);
  });
});
