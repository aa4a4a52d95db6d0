/**
 * A refund says what it does to the student's dues: owed again, a lower fee (dues unchanged), the
 * enrolment ended (nothing owed, cancelled), or a credit given back (never dues). No silent default.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { apiUrl } from '@registrar/contract/api-paths';
import { FEE_MESSAGES, REFUND_EFFECT_LABELS } from '@registrar/contract/fees';
import { build } from './build-app';
import { pdfText } from './pdf-text';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { recordIncoming } from '../src/services/payment-intake';
import { verifyLedger } from '../src/services/ledger-check';

let ip = 0;
const rowsOf = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;

describe('refund effects', async () => {
  const { app, database } = await build();
  const db = database.db;
  const admin = bearer(await tokenFor(app, ...(await creds('admin'))));
  const accountant = bearer(await tokenFor(app, ...(await creds('accountant'))));
  async function creds(role: 'admin' | 'accountant'): Promise<[string, string]> {
    const s = await makeStaff(db, { role, name: role });
    return [s.email, s.password];
  }
  const course = await createCourse(app, admin, {
    name: 'Refund Course',
    price: 30000,
    emiPrice: [10000, 10000, 10000],
  });
  const today = localIsoDate();

  const detail = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: admin })).json().data;
  /** A new enrolment with its first installment paid in cash (₹10,000). */
  const paidEnrolment = async () => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      {
        name: 'Refund Student',
        phoneNumber: `7${String(100000000 + ++ip).slice(-9)}`,
        email: `r${ip}@example.in`,
        courseId: course._id,
      },
      `10.150.0.${ip}`,
    );
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`select id from enrollments where enrollment_number = ${enrollmentNumber}`,
    );
    const e = await detail(row!.id);
    const paid = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${e._id}/${e.installments[0]._id}`,
      headers: admin,
      payload: { amount: 10000, paymentMode: 'cash', paidOn: today },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return paid.json().data as { _id: string; outstanding: number; payments: { _id: string }[]; status: string };
  };
  const refund = (id: string, payload: object, headers = admin) =>
    app.inject({ method: 'POST', url: `/api/student-enrollment-refund/${id}`, headers, payload });
  const base = (paymentId: string, amount: number) => ({
    paymentId,
    amount,
    reason: 'Excess collected',
    refundedOn: today,
    paymentMode: 'cash',
  });

  it('refuses a refund that does not say what it does (400, the message from the contract), recording nothing', async () => {
    const e = await paidEnrolment();
    const res = await refund(e._id, base(e.payments[0]!._id, 3000));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(FEE_MESSAGES.refundEffectRequired);
    expect((await rowsOf(db, sql`select 1 from refunds where enrollment_id = ${e._id}`)).length).toBe(0);
  });

  it('owed-again: the student owes the refund again', async () => {
    const e = await paidEnrolment();
    const res = await refund(e._id, { ...base(e.payments[0]!._id, 3000), effect: 'owed-again' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.outstanding).toBe(e.outstanding + 3000);
    expect(res.json().data.refunds[0]).toMatchObject({ effect: 'owed-again', amount: 3000 });
  });

  it('gives a refund voucher PDF to hand over: number, date as 26/11/2026, amount in words, signatory', async () => {
    const e = await paidEnrolment();
    const done = await refund(e._id, { ...base(e.payments[0]!._id, 2500), effect: 'owed-again' });
    const r = done.json().data.refunds[0] as { _id: string; refundNumber: string };
    const res = await app.inject({ method: 'GET', url: apiUrl('refundVoucher', r._id), headers: accountant });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`refund-voucher-${r.refundNumber}.pdf`);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Refund voucher',
      r.refundNumber,
      today.split('-').reverse().join('/'),
      'Refund Student',
      '₹2,500',
      'two thousand five hundred rupees only',
      REFUND_EFFECT_LABELS['owed-again'],
      'Authorised signatory',
    ])
      expect(text, expected).toContain(expected);
    const unknown = await app.inject({ method: 'GET', url: apiUrl('refundVoucher', e._id), headers: accountant });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(FEE_MESSAGES.refundNotFound);
    expect((await app.inject({ method: 'GET', url: apiUrl('refundVoucher', r._id) })).statusCode).toBe(401);
  });

  it('lower-fee: a concession of the same amount in the same step, dues unchanged', async () => {
    const e = await paidEnrolment();
    const res = await refund(e._id, { ...base(e.payments[0]!._id, 3000), effect: 'lower-fee' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.outstanding).toBe(e.outstanding);
    expect(d.totalFee).toBe(27000);
    expect(d.concessions).toHaveLength(1);
    expect(d.concessions[0]).toMatchObject({ amount: 3000 });
    const [link] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from concessions c join refunds r on r.id = c.refund_id where r.enrollment_id = ${e._id}`,
    );
    expect(link!.n).toBe(1);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('end-enrolment: cancels it and the open installments stop owing; needs the right to change status', async () => {
    const e = await paidEnrolment();
    const forbidden = await refund(e._id, { ...base(e.payments[0]!._id, 10000), effect: 'end-enrolment' }, accountant);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(FEE_MESSAGES.refundEndNeedsStatus);
    const res = await refund(e._id, { ...base(e.payments[0]!._id, 4000), effect: 'end-enrolment' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.status).toBe('cancelled');
    expect(d.outstanding).toBe(0);
    expect(d.paidAmount).toBe(6000);
    expect(d.installments.every((i: { status: string }) => i.status === 'paid')).toBe(true);
    expect(
      d.history.some(
        (h: { kind: string; toStatus: string }) => h.kind === 'status_changed' && h.toStatus === 'cancelled',
      ),
    ).toBe(true);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('credit: gives back only money beyond the fee and never creates dues', async () => {
    const e = await paidEnrolment();
    const noCredit = await refund(e._id, { ...base(e.payments[0]!._id, 1), effect: 'credit' });
    expect(noCredit.statusCode).toBe(400);
    expect(noCredit.json().message).toBe(`${FEE_MESSAGES.refundMoreThanCredit} (₹0.00)`);
    // ₹23,000 arrives by bank transfer against ₹20,000 still owed: ₹3,000 is a credit.
    const { payment } = await db.transaction((tx) =>
      recordIncoming(tx, {
        enrollmentId: e._id,
        amountPaise: 2_300_000,
        mode: 'bank_transfer',
        paidOn: today,
        source: 'statement',
        staffId: null,
        arrived: true,
      }),
    );
    const tooMuch = await refund(e._id, { ...base(payment.id, 3000.01), effect: 'credit' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(`${FEE_MESSAGES.refundMoreThanCredit} (₹3,000.00)`);
    const res = await refund(e._id, { ...base(payment.id, 3000), effect: 'credit', paymentMode: 'bank_transfer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ outstanding: 0, paymentState: 'paid_up' });
    expect(await verifyLedger(db)).toEqual([]);
  });
});
