/**
 * A cheque that bounces after part of it was refunded: its amount is owed again, the refunds stay
 * paid out and are owed too, the bounce fee is its own line ("Cheque bounce charge"), the void reason
 * carries a human date, the student is told once (a message keyed by the payment) what is due now,
 * a re-plan keeps the charge as its own line, and the ledger balances.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import { INSTALLMENT_CHARGE_LABELS, installmentLabel, type Installment } from '@registrar/contract/enrollment-admin';
import { localIsoDate } from '@registrar/contract/enrollment';
import { formatDate } from '@registrar/contract/language';
import { PAYMENT_REFERENCE_MESSAGES } from '@registrar/contract/payment-references';
import type { StudentMessage } from '@registrar/contract/student-messages';
import { build } from './build-app';
import { pdfText } from './pdf-text';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { recordPayment } from './fixtures/payments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { multipart } from './fixtures/files';
import { verifyLedger } from '../src/services/ledger-check';
import { studentMessageRenderer } from '../src/services/student-messages';

let ip = 0;
const rowsOf = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;

describe('a bounced cheque with refunds', async () => {
  const { app, database, config } = await build({ config: { chequeBounceFeePaise: 50_000 } });
  const db = database.db;
  const s = await makeStaff(db, { role: 'accountant' });
  const auth = bearer(await tokenFor(app, s.email, s.password));
  const a = await makeStaff(db, { role: 'admin' });
  const admin = bearer(await tokenFor(app, a.email, a.password));
  const course = await createCourse(app, admin, {
    name: 'Bounce Course',
    price: 30000,
    emiPrice: [10000, 10000, 10000],
  });
  const today = localIsoDate();

  const detail = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json().data;
  /** Installment 1 paid by one ₹10,000 cheque, then `refund` rupees of it refunded with `effect`. */
  const refundedCheque = async (refund: number, effect: string) => {
    const email = `b${++ip}@example.in`;
    const { enrollmentNumber } = await submitEnrolment(
      app,
      { name: `Bounce ${ip}`, phoneNumber: `6${String(400000000 + ip).slice(-9)}`, email, courseId: course._id },
      `10.191.0.${ip}`,
    );
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`select id from enrollments where enrollment_number = ${enrollmentNumber}`,
    );
    const e = await detail(row!.id);
    const paid = await recordPayment(app, auth, e._id, e.installments[0]._id, {
      amount: 10000,
      paymentMode: 'cheque',
      paidOn: today,
      chequeNumber: '654321',
      bankName: 'SBI',
      chequeDate: today,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = paid.json().data.payments[0] as { _id: string; receiptNumber: string };
    if (refund > 0) {
      const back = await app.inject({
        method: 'POST',
        url: `/api/student-enrollment-refund/${e._id}`,
        headers: auth,
        payload: {
          paymentId: payment._id,
          amount: refund,
          reason: 'Fee waiver',
          refundedOn: today,
          paymentMode: 'cash',
          effect,
        },
      });
      expect(back.statusCode, back.body).toBe(200);
    }
    return { id: e._id as string, email, payment, before: await detail(e._id) };
  };
  const bounce = (paymentId: string) =>
    app.inject({
      method: 'PUT',
      url: apiUrl('cheque', paymentId),
      headers: auth,
      payload: { state: 'bounced', on: today, reason: 'Insufficient funds' },
    });
  const render = studentMessageRenderer(db, config);
  /** The student's messages of a kind, each with the mail it renders to. */
  const told = async (id: string, kind: StudentMessage['kind']) => {
    const res = await app.inject({ method: 'GET', url: apiUrl('enrollmentMessages', id), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const messages = (res.json().data as StudentMessage[]).filter((m) => m.kind === kind);
    const payloads = await rowsOf<{ payload: unknown }>(
      db,
      sql`select o.payload from student_messages m join outbox o on o.id = m.outbox_id
          where m.enrollment_id = ${id} and m.kind = ${kind}`,
    );
    return { messages, mails: await Promise.all(payloads.map((r) => render(r.payload))) };
  };

  it('owed-again refund of ₹3,000, then the bounce: ₹10,000 owed again, the ₹3,000 owed too, ₹500 charge', async () => {
    const { id, payment, before } = await refundedCheque(3000, 'owed-again');
    expect(before.outstanding).toBe(23000);
    const res = await bounce(payment._id);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.payments[0]).toMatchObject({ chequeState: 'bounced', voided: true });
    expect(d.refunds).toHaveLength(1);
    expect(d.refunds[0]).toMatchObject({ amount: 3000 });
    expect(d.installments[0]).toMatchObject({ number: 1, amount: 10000, paidAmount: 0, charge: null });
    expect(d.installments[1]).toMatchObject({ amount: 10000 });
    const charges = (d.installments as Installment[]).filter((i) => i.charge);
    expect(charges.map((i) => [installmentLabel(i), i.amount, i.dueDate])).toEqual([
      [INSTALLMENT_CHARGE_LABELS.cheque_bounce, 500, today],
      [INSTALLMENT_CHARGE_LABELS.cheque_refunds, 3000, today],
    ]);
    expect(d.outstanding).toBe(30000 + 3000 + 500);
    // A human date in the void reason, never the ISO one.
    expect(d.payments[0].voidReason).toBe(
      `Cheque bounced on ${formatDate(today, 'en', { style: 'long' })}: Insufficient funds`,
    );
    expect(d.payments[0].voidReason).not.toContain(today);
    // Told once, even when the bounce is recorded again.
    expect((await bounce(payment._id)).statusCode).toBe(200);
    const { messages, mails } = await told(id, 'cheque_bounced');
    expect(messages.map((m) => [m.eventKey, m.state])).toEqual([[`cheque-bounced:${payment._id}`, 'queued']]);
    expect(messages[0]!.summary).toBe(`${payment.receiptNumber} · ₹10,000.00`);
    const [mail] = mails;
    expect(mail?.subject).toMatch(/Your cheque for ENR-\d{4}-\d{5} bounced/);
    expect(mail!.text).toContain(payment.receiptNumber);
    expect(mail!.text).toContain('A cheque bounce charge of ₹500.00');
    expect(mail!.text).toContain('Amount now due: ₹33,500.00');
    expect((await detail(id)).history.some((h: { kind: string }) => h.kind === 'cheque_bounced')).toBe(true);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('lower-fee refund of ₹3,000, then the bounce: the lowered fee, the ₹3,000 paid out and the charge are owed', async () => {
    const { payment } = await refundedCheque(3000, 'lower-fee');
    const res = await bounce(payment._id);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.installments[0]).toMatchObject({ amount: 7000, paidAmount: 0 });
    expect(d.outstanding).toBe(27000 + 3000 + 500);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('the fee statement shows the charge as its own line, and the site states the fee', async () => {
    const { id, payment } = await refundedCheque(0, 'owed-again');
    expect((await bounce(payment._id)).statusCode).toBe(200);
    const pdf = await app.inject({ method: 'GET', url: apiUrl('feeStatement', id), headers: auth });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(INSTALLMENT_CHARGE_LABELS.cheque_bounce);
    const site = await app.inject({ method: 'GET', url: apiPaths.site });
    expect(site.json().data.chequeBounceFee).toBe(500);
  });
  it('refuses a cheque with no date, with the message the form shows', async () => {
    const { id, before } = await refundedCheque(0, 'owed-again');
    const open = (before.installments as Installment[])[1]!;
    const res = await recordPayment(app, auth, id, open._id, {
      amount: 1000,
      paymentMode: 'cheque',
      paidOn: today,
      chequeNumber: '123456',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: 'chequeDate',
      message: PAYMENT_REFERENCE_MESSAGES.chequeDateRequired,
    });
    expect((await detail(id)).payments).toHaveLength(1);
  });

  it('a new payment method or joining date keeps the bounce charge as its own line', async () => {
    const { id, payment } = await refundedCheque(0, 'owed-again');
    expect((await bounce(payment._id)).statusCode).toBe(200);
    const edit = (fields: Record<string, string>) => {
      const form = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
      return app.inject({
        method: 'PUT',
        url: `/api/student-enrollment/${id}`,
        headers: { ...admin, ...form.headers },
        payload: form.payload,
      });
    };
    const lines = (d: { installments: Installment[] }) =>
      d.installments.map((i) => [installmentLabel(i), i.amount, i.dueDate]);
    const replanned = await edit({ paymentMethod: 'full_payment' });
    expect(replanned.statusCode, replanned.body).toBe(200);
    expect(lines(replanned.json().data)).toEqual([
      ['Installment 1', 30000, expect.any(String)],
      [INSTALLMENT_CHARGE_LABELS.cheque_bounce, 500, today],
    ]);
    expect(replanned.json().data.outstanding).toBe(30500);
    const later = '2027-03-01';
    const moved = await edit({ startDate: later });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(lines(moved.json().data)).toEqual([
      ['Installment 1', 30000, later],
      [INSTALLMENT_CHARGE_LABELS.cheque_bounce, 500, today],
    ]);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
