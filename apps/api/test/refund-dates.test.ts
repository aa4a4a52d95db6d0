/**
 * A refund gives back money that came in: it is dated on or after its payment and not after
 * today, and `verify-ledger` names any refund in the books dated before its payment.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { verifyLedger } from '../src/services/ledger-check';
import { attackSetup } from './attack-fixtures';
import { build } from './build-app';

const { app, database, config } = await build();
const db = database.db;
const { auth, rows, enrol } = await attackSetup(app, db, config);

const daysAgo = (n: number) => localIsoDate(new Date(Date.now() - n * 86_400_000));

/** An enrolment with one cash payment of ₹2,000 made on `paidOn`. */
async function paidOn(paidOnDate: string, email: string, phoneNumber: string) {
  const { id } = await enrol({ name: 'Refund Student', email, phoneNumber });
  const detail = (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json().data;
  const pay = await app.inject({
    method: 'PUT',
    url: `/api/student-enrollment-payment/${id}/${detail.installments[0]._id}`,
    headers: auth,
    payload: { amount: 2000, paymentMode: 'cash', paidOn: paidOnDate },
  });
  expect(pay.statusCode, pay.body).toBe(200);
  return { id, payment: pay.json().data.payments[0] as { _id: string; receiptNumber: string } };
}
const refund = (id: string, paymentId: string, refundedOn: string) =>
  app.inject({
    method: 'POST',
    url: `/api/student-enrollment-refund/${id}`,
    headers: auth,
    payload: { paymentId, amount: 100, reason: 'Paid twice', refundedOn, paymentMode: 'cash', effect: 'owed-again' },
  });

describe('refund dates', () => {
  it('refuses a refund dated before its payment or after today (400), and takes one on the payment’s day', async () => {
    const { id, payment } = await paidOn(daysAgo(10), 'refund.dates@example.com', '9888800001');
    for (const refundedOn of ['1999-01-01', daysAgo(11)]) {
      const res = await refund(id, payment._id, refundedOn);
      expect(res.statusCode, refundedOn).toBe(400);
      expect(res.json()).toMatchObject({
        message: FEE_MESSAGES.refundBeforePayment,
        errors: [{ path: 'refundedOn', message: FEE_MESSAGES.refundBeforePayment }],
      });
    }
    const future = await refund(id, payment._id, localIsoDate(new Date(Date.now() + 86_400_000)));
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(FEE_MESSAGES.refundedOnInFuture);
    expect(await rows(sql`select 1 from refunds where enrollment_id = ${id}`)).toEqual([]);

    expect((await refund(id, payment._id, daysAgo(10))).statusCode).toBe(200);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('verify-ledger names a refund in the books dated before its payment', async () => {
    const { id, payment } = await paidOn(localIsoDate(), 'refund.ledger@example.com', '9888800002');
    // Written before the rule existed (or behind the service's back): the check must still see it.
    await db.execute(
      sql`insert into refunds (enrollment_id, payment_id, amount_paise, mode, refunded_on, reason, refund_number, effect)
          values (${id}, ${payment._id}, 100, 'cash', '1999-01-01', 'Old entry', 'RFND-1999-000001', 'owed-again')`,
    );
    expect(await verifyLedger(db)).toContain(
      `RFND-1999-000001: dated 1999-01-01, before its payment ${payment.receiptNumber} of ${localIsoDate()}`,
    );
  });
});
