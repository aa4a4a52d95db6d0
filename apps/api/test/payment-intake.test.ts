import { describe, expect, it } from 'vitest';
import { localIsoDate } from '@registrar/contract/enrollment';
import { PAYMENT_REFERENCE_MESSAGES } from '@registrar/contract/payment-references';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { recordPayment } from './fixtures/payments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { recordIncoming } from '../src/services/payment-intake';
import { verifyLedger } from '../src/services/ledger-check';

let ip = 0;

describe('one way in for payments: modes, UTRs and money that arrived', async () => {
  const { app, database } = await build();
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Accounts' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const course = await createCourse(app, auth, { name: 'Tally Prime', price: 9000, emiPrice: [3000, 3000, 3000] });
  const today = localIsoDate();

  const enrol = async (email: string) => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      { name: 'Intake Person', phoneNumber: `9${String(200000000 + ++ip).slice(-9)}`, email, courseId: course._id },
      `10.140.0.${ip}`,
    );
    const item = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment?search=${enrollmentNumber}`, headers: auth })
    ).json().data.items[0];
    const detail = async () =>
      (await app.inject({ method: 'GET', url: `/api/student-enrollment/${item._id}`, headers: auth })).json().data;
    return { id: item._id as string, detail, first: (await detail()).installments[0]._id as string };
  };
  const pay = (enrollmentId: string, installmentId: string, payload: object) =>
    recordPayment(app, auth, enrollmentId, installmentId, payload);

  it('records a UPI payment with its UTR, and shows where it came from', async () => {
    const e = await enrol('upi.payer@example.in');
    const res = await pay(e.id, e.first, { amount: 3000, paymentMode: 'upi', paidOn: today, utr: '4123 4567 8901' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payments[0]).toMatchObject({ paymentMode: 'upi', utr: '412345678901', source: 'staff' });
  });

  it('refuses a UTR that does not fit the mode, and cheque details on a cash payment', async () => {
    const e = await enrol('bad.refs@example.in');
    const shortUtr = await pay(e.id, e.first, { amount: 10, paymentMode: 'upi', paidOn: today, utr: '12345' });
    expect(shortUtr.statusCode).toBe(400);
    expect(shortUtr.json().errors).toContainEqual({ path: 'utr', message: PAYMENT_REFERENCE_MESSAGES.upiUtrInvalid });
    const cashUtr = await pay(e.id, e.first, { amount: 10, paymentMode: 'cash', paidOn: today, utr: '412345678902' });
    expect(cashUtr.json().errors).toContainEqual({ path: 'utr', message: PAYMENT_REFERENCE_MESSAGES.utrNotForMode });
    const cashCheque = await pay(e.id, e.first, {
      amount: 10,
      paymentMode: 'cash',
      paidOn: today,
      chequeNumber: '123456',
    });
    expect(cashCheque.json().errors).toContainEqual({
      path: 'chequeNumber',
      message: PAYMENT_REFERENCE_MESSAGES.chequeNotForMode,
    });
    const neft = await pay(e.id, e.first, {
      amount: 10,
      paymentMode: 'bank_transfer',
      paidOn: today,
      utr: 'hdfcn52026112612345678',
    });
    expect(neft.statusCode, neft.body).toBe(200);
    expect((await e.detail()).payments).toHaveLength(1);
  });

  it('answers 409 naming the receipt when a UTR is already on another payment', async () => {
    const a = await enrol('utr.first@example.in');
    const b = await enrol('utr.second@example.in');
    const first = await pay(a.id, a.first, { amount: 100, paymentMode: 'upi', paidOn: today, utr: '512345678901' });
    const receipt = first.json().data.payments[0].receiptNumber as string;
    const again = await pay(b.id, b.first, { amount: 100, paymentMode: 'upi', paidOn: today, utr: '512345678901' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${PAYMENT_REFERENCE_MESSAGES.utrTaken}: ${receipt}`);
    expect((await b.detail()).payments).toHaveLength(0);
  });

  it('records one gateway payment once however many doors deliver it at the same moment', async () => {
    const e = await enrol('gateway.race@example.in');
    const arrive = () =>
      database.db.transaction((tx) =>
        recordIncoming(tx, {
          enrollmentId: e.id,
          amountPaise: 300_000,
          mode: 'upi',
          paidOn: today,
          source: 'gateway',
          gatewayPaymentId: 'pay_RaceTest0001',
          staffId: null,
          arrived: true,
        }),
      );
    const results = await Promise.all(Array.from({ length: 10 }, arrive));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.payment.receiptNumber)).size).toBe(1);
    expect((await e.detail()).payments).toHaveLength(1);
  });

  it('keeps money that arrives beyond the dues as a credit, and the ledger still balances', async () => {
    const e = await enrol('overpaid@example.in');
    await database.db.transaction((tx) =>
      recordIncoming(tx, {
        enrollmentId: e.id,
        amountPaise: 1_000_000,
        mode: 'bank_transfer',
        paidOn: today,
        source: 'statement',
        utr: '612345678901',
        staffId: null,
        arrived: true,
      }),
    );
    const detail = await e.detail();
    expect(detail.installments.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid', 'paid']);
    expect(detail.payments[0]).toMatchObject({ amount: 10000, source: 'statement' });
    expect(await verifyLedger(db)).toEqual([]);
  });
});
