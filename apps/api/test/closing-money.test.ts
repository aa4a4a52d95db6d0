/**
 * Rejecting or cancelling an enrolment the student paid on needs a decision on the money in the
 * same request: a refund (with its effect) through the refund service, or a credit to refund.
 */
import { describe, expect, it } from 'vitest';
import { apiUrl } from '@registrar/contract/api-paths';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { verifyLedger } from '../src/services/ledger-check';
import { ledgerApp } from './ledger-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

describe('decisions that know the money', async () => {
  const { app, db, auth, enrol, detail, pay, refund, cash, today } = await ledgerApp();
  const counsellor = await makeStaff(db, { role: 'counsellor', name: 'Desk' });
  const desk = bearer(await tokenFor(app, counsellor.email, counsellor.password));
  let n = 0;
  /** A pending enrolment (₹30,000 in three) with ₹10,000 paid in cash, or `amounts` paid one by one. */
  const paid = async (amounts = [10000]) => {
    const e = await enrol(`closing${++n}@example.in`);
    for (const amount of amounts) {
      const res = await pay(e._id, e.installments[0]._id, { amount, ...cash });
      expect(res.statusCode, res.body).toBe(200);
    }
    return e as { _id: string };
  };
  const decide = (id: string, payload: unknown, headers = auth) =>
    app.inject({ method: 'PUT', url: apiUrl('enrollmentStatus', id), headers, payload: payload as object });
  const credits = async () =>
    (await app.inject({ method: 'GET', url: apiUrl('collections'), headers: auth })).json().data.credits as {
      enrollmentNumber: string;
      credit: number;
    }[];

  it('refuses to reject or cancel a paid enrolment without a decision on the money, and changes nothing', async () => {
    const e = await paid();
    for (const payload of [
      { status: 'rejected', reason: 'Documents unclear' },
      { status: 'cancelled' },
      { status: 'cancelled', paidMoney: null },
    ]) {
      const res = await decide(e._id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(FEE_MESSAGES.paidMoneyDecisionRequired);
    }
    const res = await decide(e._id, { status: 'cancelled' });
    expect(res.json().message).toBe(`${FEE_MESSAGES.paidMoneyDecisionRequired} (₹10,000.00)`);
    const after = await detail(e._id);
    expect(after).toMatchObject({ status: 'pending', paidAmount: 10000, refunds: [] });
    expect(after.history.filter((h: { kind: string }) => h.kind === 'status_changed')).toHaveLength(0);
  });

  it('refunds every payment in the same step, with the effect chosen, and the ledger still adds up', async () => {
    const e = await paid([4000, 6000]);
    const res = await decide(e._id, {
      status: 'rejected',
      reason: 'Course full',
      paidMoney: { decision: 'refund', paymentMode: 'upi', effect: 'end-enrolment' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ status: 'rejected', outstanding: 0, creditToRefund: 0 });
    expect(d.refunds.map((r: { amount: number; effect: string }) => [r.amount, r.effect])).toEqual([
      [4000, 'end-enrolment'],
      [6000, 'end-enrolment'],
    ]);
    expect(d.refunds[0].reason).toBe('Enrolment rejected: Course full');
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('a cancellation refunded with "lower the fee" records the concession with it', async () => {
    const e = await paid();
    const res = await decide(e._id, {
      status: 'cancelled',
      note: 'Moved city',
      paidMoney: { decision: 'refund', paymentMode: 'bank_transfer', effect: 'lower-fee' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.status).toBe('cancelled');
    expect(d.refunds).toHaveLength(1);
    expect(d.concessionTotal).toBe(10000);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('keeps the money as a credit to refund: on the enrolment, in Collections, and a later refund clears it', async () => {
    const e = await paid();
    const res = await decide(e._id, { status: 'cancelled', paidMoney: { decision: 'credit' } }, desk);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ status: 'cancelled', outstanding: 0, creditToRefund: 10000, refunds: [] });
    expect(d.payments).toHaveLength(1);
    expect((await credits()).find((c) => c.enrollmentNumber === d.enrollmentNumber)?.credit).toBe(10000);
    expect(await verifyLedger(db)).toEqual([]);
    const back = await refund(e._id, {
      paymentId: d.payments[0]._id,
      amount: 10000,
      reason: 'Credit returned',
      refundedOn: today,
      paymentMode: 'cash',
      effect: 'credit',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await detail(e._id)).creditToRefund).toBe(0);
    expect((await credits()).find((c) => c.enrollmentNumber === d.enrollmentNumber)).toBeUndefined();
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('a counsellor, who may not refund, is refused the refund and may keep the money as a credit', async () => {
    const e = await paid();
    const res = await decide(
      e._id,
      { status: 'cancelled', paidMoney: { decision: 'refund', paymentMode: 'cash', effect: 'end-enrolment' } },
      desk,
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(FEE_MESSAGES.paidMoneyRefundNeedsRight);
    expect((await detail(e._id)).status).toBe('pending');
  });

  it('asks nothing when nothing was paid, and refuses a money decision on an approval or a broken one', async () => {
    const free = await enrol(`closing-free${++n}@example.in`);
    expect((await decide(free._id, { status: 'cancelled' })).statusCode).toBe(200);
    const e = await paid();
    const approve = await decide(e._id, { status: 'approved', paidMoney: { decision: 'credit' } });
    expect(approve.statusCode).toBe(400);
    expect(approve.json().message).toContain(FEE_MESSAGES.paidMoneyOnlyWhenClosing);
    for (const paidMoney of [
      { decision: 'keep' },
      { decision: 'refund' },
      { decision: 'refund', paymentMode: 'cash', effect: 'credit' },
      'credit',
    ]) {
      const res = await decide(e._id, { status: 'cancelled', paidMoney });
      expect(res.statusCode, JSON.stringify(paidMoney)).toBe(400);
    }
    expect((await detail(e._id)).status).toBe('pending');
  });

  it('a bulk rejection skips a paid enrolment with the reason, and rejects the unpaid one', async () => {
    const e = await paid();
    const free = await enrol(`closing-bulk${++n}@example.in`);
    const res = await app.inject({
      method: 'POST',
      url: apiUrl('bulkEnrollmentStatus'),
      headers: auth,
      payload: { enrollmentIds: [e._id, free._id], status: 'rejected' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      changed: 1,
      skipped: [{ id: e._id, reason: `${FEE_MESSAGES.paidMoneyDecisionRequired} (₹10,000.00)` }],
    });
  });
});
