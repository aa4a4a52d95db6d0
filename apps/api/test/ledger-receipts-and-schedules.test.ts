/** Receipts are permanent, re-plans carry payments over, voids and cancelling count everywhere, verify-ledger finds drift. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { addMonths } from '@registrar/contract/fee-plan';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { formatDate } from '@registrar/contract/language';
import { ledgerApp, rowsOf } from './ledger-app';
import { FeeService } from '../src/services/fee-service';
import { verifyLedger } from '../src/services/ledger-check';

describe('fee ledger: receipts and schedules', async () => {
  const { app, config, db, auth, course, cheap, today, enrol, detail, pay, refund, edit, setStatus, money, cash } =
    await ledgerApp();

  it('keeps receipts: the database refuses to delete or rewrite a payment, and an enrolment with payments is not deleted', async () => {
    const e = await enrol('keep@example.in');
    const paid = (await pay(e._id, e.installments[0]._id, { amount: 10000, ...cash })).json().data;
    const receipt = paid.payments[0].receiptNumber;

    await expect(db.execute(sql`delete from payments where receipt_number = ${receipt}`)).rejects.toThrow();
    await expect(
      db.execute(sql`update payments set amount_paise = 1 where receipt_number = ${receipt}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update payments set receipt_number = 'X' where receipt_number = ${receipt}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`truncate payments cascade`)).rejects.toThrow();
    await expect(db.execute(sql`delete from enrollments where id = ${e._id}`)).rejects.toThrow();
    // A receipt number is never given again: the counter only goes up.
    await expect(db.execute(sql`update receipt_counters set last = last - 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from receipt_counters`)).rejects.toThrow();

    const del = await app.inject({ method: 'DELETE', url: `/api/student-enrollment/${e._id}`, headers: auth });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ success: false, message: ENROLLMENT_MESSAGES.hasPayments });
    const after = await detail(e._id);
    expect(after.payments.map((p: { receiptNumber: string }) => p.receiptNumber)).toEqual([receipt]);

    // Without payments an enrolment may still be deleted.
    const empty = await enrol('empty@example.in');
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/student-enrollment/${empty._id}`, headers: auth })).statusCode,
    ).toBe(200);
  });

  it('a new joining date moves only the open installments and keeps every payment', async () => {
    const e = await enrol('move@example.in');
    const paid = (await pay(e._id, e.installments[0]._id, { amount: 10000, ...cash })).json().data;
    const receipt = paid.payments[0].receiptNumber;
    const start = addMonths(today, 2);
    const res = await edit(e._id, { startDate: start });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.payments.map((p: { receiptNumber: string }) => p.receiptNumber)).toEqual([receipt]);
    expect(d).toMatchObject({ paidAmount: 10000, outstanding: 20000 });
    expect(d.installments.map((i: { dueDate: string; paidAmount: number }) => [i.dueDate, i.paidAmount])).toEqual([
      [e.installments[0].dueDate, 10000],
      [addMonths(start, 1), 0],
      [addMonths(start, 2), 0],
    ]);
    const event = d.history.find((h: { kind: string }) => h.kind === 'schedule_replanned');
    expect(event.note).toContain('Before: #1');
    expect(event.note).toContain(
      `After: #1 ₹10,000.00 due ${formatDate(e.installments[0].dueDate)} paid ₹10,000.00; #2 ₹10,000.00 due ${formatDate(addMonths(start, 1))}`,
    );
  });

  it('a new course or payment method rebuilds the schedule and carries payments over oldest first; too much paid is 409', async () => {
    const e = await enrol('replan@example.in');
    await pay(e._id, e.installments[0]._id, { amount: 10000, ...cash });
    const two = (await pay(e._id, e.installments[1]._id, { amount: 2500, ...cash })).json().data;
    const receipts = two.payments.map((p: { receiptNumber: string }) => p.receiptNumber);

    const full = await edit(e._id, { paymentMethod: 'full_payment' });
    expect(full.statusCode, full.body).toBe(200);
    let d = full.json().data;
    expect(d.installments).toHaveLength(1);
    expect(d.installments[0]).toMatchObject({ amount: 30000, paidAmount: 12500, status: 'partial' });
    expect(d.payments.map((p: { receiptNumber: string }) => p.receiptNumber)).toEqual(receipts);
    expect(d.payments.map((p: { installmentNumber: number }) => p.installmentNumber)).toEqual([1, 2]);
    expect(d).toMatchObject({ paidAmount: 12500, outstanding: 17500 });

    const back = await edit(e._id, { paymentMethod: 'installment', courseId: cheap._id });
    expect(back.statusCode, back.body).toBe(409);
    expect(back.json().message).toBe(`${FEE_MESSAGES.replanPaidTooMuch} (paid ₹12,500.00, new total ₹8,000.00)`);
    d = await detail(e._id);
    expect(d.courseId).toBe(course._id);
    expect(d.payments).toHaveLength(2);

    const split = await edit(e._id, { paymentMethod: 'installment' });
    d = split.json().data;
    expect(d.installments.map((i: { paidAmount: number; status: string }) => [i.paidAmount, i.status])).toEqual([
      [10000, 'paid'],
      [2500, 'partial'],
      [0, 'unpaid'],
    ]);
    const event = d.history.filter((h: { kind: string }) => h.kind === 'schedule_replanned').at(-1);
    expect(event.note).toMatch(
      /carried over oldest installment first\. Before: #1 ₹30,000\.00 .* paid ₹12,500\.00\. After: #1 ₹10,000\.00/,
    );
    // A payment recorded for a replaced installment can still be voided.
    const voided = await pay(e._id, d.installments[0]._id, { paymentId: d.payments[1]._id, reason: 'Wrong entry' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.installments[1]).toMatchObject({ paidAmount: 0 });
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('a void counts everywhere: paid sums, dashboard, payment-state filter and reminders', async () => {
    const e = await enrol('void-everywhere@example.in');
    const before = await money();
    const paid = (await pay(e._id, e.installments[0]._id, { amount: 10000, ...cash })).json().data;
    expect((await money()).outstanding).toBe(before.outstanding - 10000);
    const res = await pay(e._id, e.installments[0]._id, { paymentId: paid.payments[0]._id, reason: 'Bounced' });
    expect(res.json().data.installments[0]).toMatchObject({ paidAmount: 0, status: 'unpaid' });
    expect(await money()).toMatchObject({ outstanding: before.outstanding, collectedAllTime: before.collectedAllTime });
    const [kept] = await rowsOf<{ paid: string }>(
      db,
      sql`select paid_paise::text as paid from installments where id = ${e.installments[0]._id}`,
    );
    expect(kept!.paid).toBe('0');
    const due = (
      await app.inject({ method: 'GET', url: '/api/student-enrollment?paymentState=due&limit=100', headers: auth })
    ).json().data;
    expect(due.items.map((i: { _id: string }) => i._id)).toContain(e._id);
    await setStatus(e._id, 'approved');
    const fees = new FeeService(db, config, () => {});
    const threeDaysBefore = new Date(Date.parse(`${e.installments[0].dueDate}T00:00:00Z`) - 3 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const sent = await fees.runReminders(threeDaysBefore);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect((await detail(e._id)).history.some((h: { kind: string }) => h.kind === 'payment_reminder')).toBe(true);
  });

  it('cancelling keeps the ledger and takes open installments out of what is owed', async () => {
    const e = await enrol('cancel@example.in');
    await pay(e._id, e.installments[0]._id, { amount: 10000, ...cash });
    const before = await money();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-status/${e._id}`,
      headers: auth,
      payload: { status: 'cancelled', paidMoney: { decision: 'credit' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.payments).toHaveLength(1);
    expect(d).toMatchObject({ creditToRefund: 10000, outstanding: 0, paymentState: 'paid_up' });
    expect((await money()).outstanding).toBe(before.outstanding - 20000);
    const due = (
      await app.inject({ method: 'GET', url: '/api/student-enrollment?paymentState=due&limit=100', headers: auth })
    ).json().data;
    expect(due.items.map((i: { _id: string }) => i._id)).not.toContain(e._id);
    // Money can still be given back on a cancelled enrolment.
    const back = await refund(e._id, {
      paymentId: d.payments[0]._id,
      amount: 10000,
      reason: 'Cancelled',
      refundedOn: today,
      paymentMode: 'cheque',
      effect: 'credit',
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('verify-ledger names every paid sum or total that disagrees with the ledger', async () => {
    expect(await verifyLedger(db)).toEqual([]);
    const [row] = await rowsOf<{ id: string; number: string }>(
      db,
      sql`select i.id, e.enrollment_number as number from installments i join enrollments e on e.id = i.enrollment_id where i.paid_paise > 0 limit 1`,
    );
    await db.execute(sql`update installments set paid_paise = paid_paise - 1 where id = ${row!.id}`);
    await db.execute(
      sql`update dashboard_payment_totals set paid_paise = paid_paise + 7 where month = date_trunc('month', current_date)::date`,
    );
    const problems = await verifyLedger(db);
    expect(problems.some((p) => p.startsWith(`${row!.number} installment`))).toBe(true);
    expect(problems.some((p) => p.startsWith('collected in month'))).toBe(true);
    await db.execute(sql`update installments set paid_paise = paid_paise + 1 where id = ${row!.id}`);
    await db.execute(
      sql`update dashboard_payment_totals set paid_paise = paid_paise - 7 where month = date_trunc('month', current_date)::date`,
    );
    expect(await verifyLedger(db)).toEqual([]);
  });
});
