import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { recordPayment } from './fixtures/payments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { reconcilePaid } from '../src/services/fee-reconcile';

describe('paid sums are recomputed in one place, from the ledger', async () => {
  const { app, database } = await build();
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Accounts' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const course = await createCourse(app, auth, { name: 'Busy', price: 9000, emiPrice: [3000, 3000, 3000] });
  const today = localIsoDate();

  const enrolAndPay = async (n: number, amount: number) => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      { name: 'Paid Sum', phoneNumber: `93000000${n}0`, email: `paid.sum${n}@example.in`, courseId: course._id },
      `10.151.0.${n}`,
    );
    const list = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment?search=${enrollmentNumber}`,
      headers: auth,
    });
    const id = list.json().data.items[0]._id as string;
    const detail = async () =>
      (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json().data;
    const first = (await detail()).installments[0]._id as string;
    const paid = await recordPayment(app, auth, id, first, { amount, paymentMode: 'cash', paidOn: today });
    expect(paid.statusCode, paid.body).toBe(200);
    return {
      id,
      paidAmounts: async () => (await detail()).installments.map((i: { paidAmount: number }) => i.paidAmount),
    };
  };

  it('puts every enrolment it is handed back to what its payments say', async () => {
    const a = await enrolAndPay(1, 3000);
    const b = await enrolAndPay(2, 1000);
    expect(await a.paidAmounts()).toEqual([3000, 0, 0]);
    // Sums gone astray: what a lost update would leave behind.
    for (const id of [a.id, b.id])
      await db.execute(sql`update installments set paid_paise = 77700 where enrollment_id = ${id}::uuid`);
    expect(await b.paidAmounts()).toEqual([777, 777, 777]);
    await db.transaction((tx) => reconcilePaid(tx, [a.id, b.id, a.id]));
    expect(await a.paidAmounts()).toEqual([3000, 0, 0]);
    expect(await b.paidAmounts()).toEqual([1000, 0, 0]);
  });

  it('takes one enrolment by its id and leaves the others alone', async () => {
    const c = await enrolAndPay(3, 3000);
    const d = await enrolAndPay(4, 3000);
    for (const id of [c.id, d.id])
      await db.execute(sql`update installments set paid_paise = 0 where enrollment_id = ${id}::uuid`);
    await db.transaction((tx) => reconcilePaid(tx, c.id));
    expect(await c.paidAmounts()).toEqual([3000, 0, 0]);
    expect(await d.paidAmounts()).toEqual([0, 0, 0]);
  });
});
