/**
 * Money that reaches an enrolment after it was cancelled (gateway, claim, statement line) pays no
 * installment: it is a credit to refund on the enrolment, the dashboard and the collections list,
 * and verify-ledger proves the credit holds all of it.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { verifyLedger } from '../src/services/ledger-check';
import { SIMULATOR_PAYMENTS, pressPay, studentCalls } from './gateway-fixtures';
import { statementCsv } from './fixtures/statements';
import { reconciliationSetup } from './reconciliation-setup';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

let utrSeq = 943026880000;
const nextUtr = () => String(++utrSeq);

describe('money arriving after a cancellation is a credit to refund', async () => {
  const t = await reconciliationSetup({ payments: SIMULATOR_PAYMENTS });
  const { app, auth, db, today } = t;
  const { start } = studentCalls(app);
  const admin = await makeStaff(db, { name: 'Credit Admin', email: 'credit.admin@example.in' });
  const adminAuth = bearer(await tokenFor(app, admin.email, admin.password));
  type Enrolment = Awaited<ReturnType<typeof t.enrolment>>;

  const cancel = async (e: Enrolment) => {
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl('enrollmentStatus', e.id),
      headers: adminAuth,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const dashboardCredits = async () =>
    (await app.inject({ method: 'GET', url: apiUrl('dashboard'), headers: adminAuth })).json().data.money
      .creditsToRefund as number;
  const collectionsCredits = async () =>
    (await app.inject({ method: 'GET', url: apiUrl('collections'), headers: auth })).json().data.credits as {
      enrollmentNumber: string;
      status: string;
      credit: number;
    }[];
  /** What a user notices: the credit on the enrolment, no installment paid by it, the receipt kept. */
  const expectHeld = async (e: Enrolment, amount: number) => {
    const detail = await e.detail();
    expect(detail.creditToRefund).toBe(amount);
    expect(detail.installments.map((i: { paidAmount: number }) => i.paidAmount)).toEqual([0, 0, 0]);
    expect(detail.payments).toHaveLength(1);
    expect((await collectionsCredits()).find((c) => c.enrollmentNumber === e.number)).toMatchObject({
      status: 'cancelled',
      credit: amount,
    });
  };

  it('a gateway payment made after the cancellation is held as a credit', async () => {
    const e = await t.enrolment('Gateway Late', 'gateway.late@example.in');
    const order = (await start(e.token, { installmentNumber: 1 })).json().data;
    await cancel(e);
    await pressPay(app, order.checkoutUrl);
    await app.onlinePayments.settle();
    await expectHeld(e, 3000);
    expect(await dashboardCredits()).toBe(3000);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('a claim confirmed after the cancellation is held as a credit', async () => {
    const e = await t.enrolment('Claim Late', 'claim.late@example.in');
    const claim = await t.claim(e.token, { installmentNumber: 1, amount: 3000, utr: nextUtr(), paidOn: today });
    expect(claim.statusCode, claim.body).toBe(201);
    await cancel(e);
    const queue = (await app.inject({ method: 'GET', url: apiUrl('paymentClaims'), headers: auth })).json().data;
    const open = queue.find((q: { enrollmentNumber: string }) => q.enrollmentNumber === e.number);
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl('paymentClaim', open._id),
      headers: auth,
      payload: { action: 'confirm' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectHeld(e, 3000);
    expect(await dashboardCredits()).toBe(6000);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('a statement line recorded after the cancellation is held as a credit; refunding it clears it', async () => {
    const e = await t.enrolment('Line Late', 'line.late@example.in');
    await cancel(e);
    const utr = nextUtr();
    const up = await t.upload(
      statementCsv('HDFC', [{ date: new Date(), amount: 3000, utr, name: 'LINE LATE', note: e.number }]),
      'late.csv',
    );
    expect(up.statusCode, up.body).toBe(201);
    const line = (await t.statement(up.json().data._id)).lines.find((l: { utr: string }) => l.utr === utr);
    const res = await t.act(line._id, { action: 'record', enrollmentId: e.id, installmentNumber: 1 });
    expect(res.statusCode, res.body).toBe(200);
    await expectHeld(e, 3000);
    expect(await dashboardCredits()).toBe(9000);

    const paymentId = (await e.detail()).payments[0]._id;
    const refund = await app.inject({
      method: 'POST',
      url: apiUrl('refund', e.id),
      headers: adminAuth,
      payload: {
        paymentId,
        amount: 3000,
        reason: 'Paid after leaving',
        refundedOn: today,
        paymentMode: 'upi',
        effect: 'credit',
      },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await e.detail()).creditToRefund).toBe(0);
    expect(await dashboardCredits()).toBe(6000);
    expect((await collectionsCredits()).map((c) => c.enrollmentNumber)).not.toContain(e.number);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('verify-ledger names a payment recorded after the cancellation that paid an installment instead', async () => {
    const [held] = (
      (await db.execute(
        sql`select p.id, p.receipt_number, e.enrollment_number from payments p join enrollments e on e.id = p.enrollment_id
            where p.held_as_credit and p.source = 'gateway'`,
      )) as unknown as { rows: { id: string; receipt_number: string; enrollment_number: string }[] }
    ).rows;
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update payments set held_as_credit = false where id = ${held!.id}`);
    });
    expect(await verifyLedger(db)).toContain(
      `${held!.enrollment_number}: ₹3,000.00 paid after it was cancelled, less refunds, but ₹0.00 held as a credit to refund`,
    );
  });
});
