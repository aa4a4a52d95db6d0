/**
 * A cheque is received (the payment), then cleared or bounced once, as an appended event: a bounce
 * voids the payment with the reason, re-opens the installment and adds the institute's bounce fee (a line of its own);
 * the dashboard counts cheques not yet cleared apart.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { CHEQUE_MESSAGES } from '@registrar/contract/cheques';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { verifyLedger } from '../src/services/ledger-check';

let ip = 0;
const rowsOf = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;

describe('cheques', async () => {
  const { app, database } = await build({ config: { chequeBounceFeePaise: 50_000 } });
  const db = database.db;
  const accountantCreds = await makeStaff(db, { role: 'accountant', name: 'Accounts' });
  const viewerCreds = await makeStaff(db, { role: 'viewer', name: 'Viewer' });
  const auth = bearer(await tokenFor(app, accountantCreds.email, accountantCreds.password));
  const viewer = bearer(await tokenFor(app, viewerCreds.email, viewerCreds.password));
  const admin = bearer(await tokenFor(app, ...(await makeStaff(db).then((s) => [s.email, s.password] as const))));
  const course = await createCourse(app, admin, { name: 'Cheque Course', price: 20000, emiPrice: [10000, 10000] });
  const today = localIsoDate();

  /** An enrolment whose first installment was paid by cheque; answers it and the payment. */
  const chequePaid = async () => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      {
        name: 'Cheque Student',
        phoneNumber: `6${String(100000000 + ++ip).slice(-9)}`,
        email: `c${ip}@example.in`,
        courseId: course._id,
      },
      `10.160.0.${ip}`,
    );
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`select id from enrollments where enrollment_number = ${enrollmentNumber}`,
    );
    const e = (await app.inject({ method: 'GET', url: `/api/student-enrollment/${row!.id}`, headers: auth })).json()
      .data;
    const paid = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${e._id}/${e.installments[0]._id}`,
      headers: auth,
      payload: {
        amount: 10000,
        paymentMode: 'cheque',
        paidOn: today,
        chequeNumber: '123456',
        bankName: 'SBI',
        chequeDate: today,
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { id: e._id as string, payment: paid.json().data.payments[0] };
  };
  const settle = (paymentId: string, payload: object, headers = auth) =>
    app.inject({ method: 'PUT', url: apiUrl('cheque', paymentId), headers, payload });
  const money = async () =>
    (await app.inject({ method: 'GET', url: '/api/dashboard', headers: admin })).json().data.money;

  it('counts a received cheque apart on the dashboard until it clears, and a clearing is kept once', async () => {
    const before = await money();
    const { id, payment } = await chequePaid();
    expect(payment).toMatchObject({ chequeState: 'received', chequeNumber: '123456' });
    const waiting = await money();
    expect(waiting.unclearedCheques).toBe(before.unclearedCheques + 1);
    expect(waiting.unclearedChequeAmount).toBe(before.unclearedChequeAmount + 10000);

    expect((await settle(payment._id, { state: 'cleared', on: today }, viewer)).statusCode).toBe(403);
    const cleared = await settle(payment._id, { state: 'cleared', on: today });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().message).toBe(CHEQUE_MESSAGES.cleared);
    expect(cleared.json().data.payments[0]).toMatchObject({
      chequeState: 'cleared',
      chequeStateOn: today,
      voided: false,
    });
    expect((await money()).unclearedCheques).toBe(before.unclearedCheques);
    // The same answer again changes nothing; the other outcome is refused.
    expect((await settle(payment._id, { state: 'cleared', on: today })).statusCode).toBe(200);
    const bounce = await settle(payment._id, { state: 'bounced', on: today, reason: 'Late' });
    expect(bounce.statusCode).toBe(409);
    expect(bounce.json().message).toContain(CHEQUE_MESSAGES.alreadySettled);
    expect((await rowsOf(db, sql`select 1 from cheque_events where enrollment_id = ${id}`)).length).toBe(1);
    await expect(
      db.execute(sql`update cheque_events set state = 'bounced' where enrollment_id = ${id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from cheque_events where enrollment_id = ${id}`)).rejects.toThrow();
  });

  it('a bounce voids the payment with its reason, re-opens the installment and adds the bounce fee as its own line', async () => {
    const { payment } = await chequePaid();
    const noReason = await settle(payment._id, { state: 'bounced', on: today });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain(CHEQUE_MESSAGES.bounceReasonRequired);
    const res = await settle(payment._id, { state: 'bounced', on: today, reason: 'Insufficient funds' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.payments[0]).toMatchObject({ chequeState: 'bounced', voided: true });
    expect(d.payments[0].voidReason).toContain('Insufficient funds');
    expect(d.installments[0]).toMatchObject({ amount: 10000, paidAmount: 0, charge: null });
    expect(d.installments.at(-1)).toMatchObject({ number: 3, amount: 500, dueDate: today, charge: 'cheque_bounce' });
    expect(d.totalFee).toBe(20500);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('refuses an outcome for a payment that is not a cheque, a future date, or an unknown payment', async () => {
    const { payment } = await chequePaid();
    expect((await settle(payment._id, { state: 'cleared', on: '2999-01-01' })).json().message).toBe(
      CHEQUE_MESSAGES.onInFuture,
    );
    const other = await chequePaid();
    const e = (await app.inject({ method: 'GET', url: `/api/student-enrollment/${other.id}`, headers: auth })).json()
      .data;
    const cash = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${other.id}/${e.installments[1]._id}`,
      headers: auth,
      payload: { amount: 100, paymentMode: 'cash', paidOn: today },
    });
    const cashId = cash.json().data.payments.at(-1)._id;
    const notCheque = await settle(cashId, { state: 'cleared', on: today });
    expect(notCheque.statusCode).toBe(409);
    expect(notCheque.json().message).toBe(CHEQUE_MESSAGES.notACheque);
    const unknown = await settle('00000000-0000-4000-8000-000000000000', { state: 'cleared', on: today });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'PUT', url: apiUrl('cheque', payment._id), payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await settle(payment._id, {}, viewer)).json().message).toBe(ACCESS_MESSAGES.forbidden);
  });
});
