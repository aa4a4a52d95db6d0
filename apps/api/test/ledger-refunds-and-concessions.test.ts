/** Refunds are numbered without gaps and net of what was collected, concessions lower what is owed, a key records once. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addMonths } from '@registrar/contract/fee-plan';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { ledgerApp, rowsOf } from './ledger-app';
import { verifyLedger } from '../src/services/ledger-check';

describe('fee ledger: refunds and concessions', async () => {
  const { db, today, enrol, detail, pay, refund, concede, edit, money, paymentCount, cash } = await ledgerApp();

  it('refunds part or all of one payment with gapless RFND numbers; collected is net of refunds', async () => {
    const e = await enrol('refund@example.in');
    const paid = (await pay(e._id, e.installments[0]._id, { amount: 10000, ...cash })).json().data;
    const paymentId = paid.payments[0]._id;
    const before = await money();
    const part = await refund(e._id, {
      paymentId,
      amount: 4000,
      reason: 'Left early',
      refundedOn: today,
      paymentMode: 'online_payment',
      effect: 'owed-again',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().message).toMatch(/^Refund recorded: RFND-\d{4}-\d{6}$/);
    let d = part.json().data;
    expect(d.refunds[0]).toMatchObject({
      amount: 4000,
      reason: 'Left early',
      receiptNumber: paid.payments[0].receiptNumber,
      recordedBy: { name: 'Accounts' },
    });
    expect(d.payments[0]).toMatchObject({ refunded: 4000, voided: false });
    expect(d.installments[0]).toMatchObject({ paidAmount: 6000, status: 'partial' });
    expect(d).toMatchObject({ paidAmount: 6000 });
    expect(await money()).toMatchObject({
      collectedAllTime: before.collectedAllTime - 4000,
      outstanding: before.outstanding + 4000,
    });

    const tooMuch = await refund(e._id, {
      paymentId,
      amount: 6000.01,
      reason: 'x',
      refundedOn: today,
      paymentMode: 'online_payment',
      effect: 'owed-again',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(`${FEE_MESSAGES.refundTooMuch} (₹6,000.00)`);
    const rest = await refund(e._id, {
      paymentId,
      amount: 6000,
      reason: 'Rest',
      refundedOn: today,
      paymentMode: 'cash',
      effect: 'owed-again',
    });
    d = rest.json().data;
    expect(d.installments[0]).toMatchObject({ paidAmount: 0 });
    expect(
      (
        await refund(e._id, {
          paymentId,
          amount: 1,
          reason: 'x',
          refundedOn: today,
          paymentMode: 'cash',
          effect: 'owed-again',
        })
      ).statusCode,
    ).toBe(400);
    const future = await refund(e._id, {
      paymentId,
      amount: 1,
      reason: 'x',
      refundedOn: addMonths(today, 1),
      paymentMode: 'cash',
      effect: 'owed-again',
    });
    expect(future.json().message).toBe(FEE_MESSAGES.refundedOnInFuture);
    // A refunded payment stays with its refunds; a voided one cannot be refunded.
    expect((await pay(e._id, e.installments[0]._id, { paymentId, reason: 'x' })).json().message).toBe(
      FEE_MESSAGES.voidRefunded,
    );
    const other = (await pay(e._id, e.installments[1]._id, { amount: 100, ...cash })).json().data.payments.at(-1);
    await pay(e._id, e.installments[1]._id, { paymentId: other._id, reason: 'typo' });
    const ofVoided = await refund(e._id, {
      paymentId: other._id,
      amount: 1,
      reason: 'x',
      refundedOn: today,
      paymentMode: 'cash',
      effect: 'owed-again',
    });
    expect(ofVoided.statusCode).toBe(409);
    expect(ofVoided.json().message).toBe(FEE_MESSAGES.refundOfVoided);
    expect((await rowsOf(db, sql`select 1 from refunds where enrollment_id = ${e._id}`)).length).toBe(2);
    await expect(db.execute(sql`delete from refunds`)).rejects.toThrow();
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('gives 50 simultaneous refunds consecutive numbers with no gap or duplicate', async () => {
    const e = await enrol('refund50@example.in');
    const paymentId = (await pay(e._id, e.installments[0]._id, { amount: 10000, ...cash })).json().data.payments[0]._id;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        refund(e._id, {
          paymentId,
          amount: 10,
          reason: `r${i}`,
          refundedOn: today,
          paymentMode: 'cash',
          effect: 'owed-again',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const numbers = answers.map((a) => Number(a.json().message.slice(-6))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.at(-1)! - numbers[0]!).toBe(49);
    expect((await detail(e._id)).installments[0].paidAmount).toBe(9500);
  }, 60_000);

  it('a concession lowers what is owed from the last installments backwards, never below what is paid', async () => {
    const e = await enrol('concession@example.in');
    await pay(e._id, e.installments[1]._id, { amount: 4000, ...cash });
    const res = await concede(e._id, { amount: 15000, reason: 'Merit scholarship' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.installments.map((i: { amount: number }) => i.amount)).toEqual([10000, 5000, 0]);
    expect(d).toMatchObject({ totalFee: 15000, concessionTotal: 15000, outstanding: 11000 });
    expect(d.concessions[0]).toMatchObject({
      amount: 15000,
      reason: 'Merit scholarship',
      recordedBy: { name: 'Accounts' },
    });
    const second = await concede(e._id, { amount: 11000.01, reason: 'Too much' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(FEE_MESSAGES.concessionTooMuch);
    const fill = await concede(e._id, { amount: 1000, reason: 'Rounding' });
    expect(fill.json().data.installments.map((i: { amount: number }) => i.amount)).toEqual([10000, 4000, 0]);
    expect((await concede(e._id, { amount: 1, reason: '' })).statusCode).toBe(400);
    // Concessions follow a re-plan: the new schedule is lowered from its end by the same total.
    const replanned = (await edit(e._id, { paymentMethod: 'full_payment' })).json().data;
    expect(replanned.installments[0]).toMatchObject({ amount: 14000, paidAmount: 4000 });
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('records a payment, refund or concession once per Idempotency-Key; another body with the key is 422', async () => {
    const e = await enrol('idem@example.in');
    const inst = e.installments[0]._id;
    const first = await pay(e._id, inst, { amount: 1000, ...cash }, 'key-pay-1');
    const again = await pay(e._id, inst, { amount: 1000, ...cash }, 'key-pay-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(first.json().message);
    expect(await paymentCount(e._id)).toBe(1);
    const other = await pay(e._id, inst, { amount: 2000, ...cash }, 'key-pay-1');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ success: false, message: FEE_MESSAGES.idempotencyKeyReused });

    const burst = await Promise.all(
      Array.from({ length: 20 }, () => pay(e._id, inst, { amount: 500, ...cash }, 'key-pay-burst')),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(burst.map((r) => r.json().message)).size).toBe(1);
    expect(await paymentCount(e._id)).toBe(2);

    const paymentId = first.json().data.payments[0]._id;
    const body = { paymentId, amount: 100, reason: 'x', refundedOn: today, paymentMode: 'cash', effect: 'owed-again' };
    const r1 = await refund(e._id, body, 'key-refund');
    const r2 = await refund(e._id, body, 'key-refund');
    expect(r2.json().message).toBe(r1.json().message);
    expect(r2.json().data.refunds).toHaveLength(1);
    expect((await refund(e._id, { ...body, amount: 101 }, 'key-refund')).statusCode).toBe(422);

    await concede(e._id, { amount: 100, reason: 'x' }, 'key-concession');
    const c2 = await concede(e._id, { amount: 100, reason: 'x' }, 'key-concession');
    expect(c2.json().data.concessions).toHaveLength(1);
    expect((await pay(e._id, inst, { amount: 1, ...cash }, ' bad key')).statusCode).toBe(400);
  }, 60_000);
});
