/**
 * A "lower the fee" refund of a paid installment lowers that installment by the refund, so it stays
 * paid: nothing overdue, no age group in collections, no reminder. "Owed again" re-opens it.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import type { Collections } from '@registrar/contract/collections';
import { localIsoDate } from '@registrar/contract/enrollment';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { recordPayment } from './fixtures/payments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { FeeService } from '../src/services/fee-service';
import { verifyLedger } from '../src/services/ledger-check';

let ip = 0;
const shiftDay = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('a lower-fee refund keeps a paid installment paid', async () => {
  const { app, database, config } = await build();
  const db = database.db;
  const s = await makeStaff(db, { role: 'accountant' });
  const auth = bearer(await tokenFor(app, s.email, s.password));
  const a = await makeStaff(db, { role: 'admin' });
  const admin = bearer(await tokenFor(app, a.email, a.password));
  const course = await createCourse(app, admin, { name: 'Tally', price: 30000, emiPrice: [10000, 10000, 10000] });
  const today = localIsoDate();
  const dueDate = shiftDay(today, -7);

  const detail = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json().data;
  /** An enrolment whose installment 1, due a week ago, is paid in full in cash (₹10,000). */
  const paidEnrolment = async () => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      {
        name: `Paid ${++ip}`,
        phoneNumber: `7${String(300000000 + ip).slice(-9)}`,
        email: `lf${ip}@example.in`,
        courseId: course._id,
      },
      `10.190.0.${ip}`,
    );
    const [row] = (
      (await db.execute(sql`select id from enrollments where enrollment_number = ${enrollmentNumber}`)) as {
        rows: { id: string }[];
      }
    ).rows;
    const e = await detail(row!.id);
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-installment/${e._id}/${e.installments[0]._id}`,
      headers: auth,
      payload: { dueDate, reason: 'Agreed date' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const paid = await recordPayment(app, auth, e._id, e.installments[0]._id, {
      amount: 10000,
      paymentMode: 'cash',
      paidOn: today,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return paid.json().data as { _id: string; outstanding: number; payments: { _id: string }[] };
  };
  const refund = (id: string, paymentId: string, effect: string) =>
    app.inject({
      method: 'POST',
      url: `/api/student-enrollment-refund/${id}`,
      headers: auth,
      payload: { paymentId, amount: 1000, reason: 'Scholarship', refundedOn: today, paymentMode: 'cash', effect },
    });
  const overdueIn = async (id: string) => {
    const data = (await app.inject({ method: 'GET', url: apiUrl('collections'), headers: auth })).json()
      .data as Collections;
    return data.overdue.filter((l) => l.enrollmentId === id);
  };

  it('lower-fee: installment 1 is lowered to ₹9,000 and stays paid; not overdue, no reminder', async () => {
    const e = await paidEnrolment();
    const res = await refund(e._id, e.payments[0]!._id, 'lower-fee');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.installments[0]).toMatchObject({ number: 1, amount: 9000, paidAmount: 9000, status: 'paid' });
    expect(d.installments.slice(1).map((i: { amount: number }) => i.amount)).toEqual([10000, 10000]);
    expect(d.outstanding).toBe(e.outstanding);
    expect(d.paymentState).not.toBe('overdue');
    expect(await overdueIn(e._id)).toEqual([]);
    // The daily job runs on the day a week after installment 1 was due: nothing to remind of.
    const sent = await new FeeService(db, config, () => {}).runReminders(today);
    expect(sent).toBe(0);
    expect((await detail(e._id)).history.some((h: { kind: string }) => h.kind === 'payment_reminder')).toBe(false);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('owed-again: installment 1 owes the ₹1,000 again, is overdue and in the 0–30 group', async () => {
    const e = await paidEnrolment();
    const res = await refund(e._id, e.payments[0]!._id, 'owed-again');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.installments[0]).toMatchObject({ number: 1, amount: 10000, paidAmount: 9000, status: 'overdue' });
    expect(d.outstanding).toBe(e.outstanding + 1000);
    expect(await overdueIn(e._id)).toEqual([expect.objectContaining({ overdue: 1000, bucket: '0-30' })]);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
