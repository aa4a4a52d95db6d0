/**
 * The fee ledger never loses or misstates money: receipts are permanent, re-planning carries
 * payments over, voids and refunds count everywhere, concessions lower what is owed, a retried
 * payment is recorded once, and verify-ledger finds every paid sum and total in balance.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { addMonths } from '@registrar/contract/fee-plan';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { formatDate } from '@registrar/contract/language';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { multipart } from './fixtures/files';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { FeeService } from '../src/services/fee-service';
import { verifyLedger } from '../src/services/ledger-check';

let ip = 0;
const rowsOf = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;

describe('fee ledger', async () => {
  const { app, database, config } = await build();
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Accounts' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const newCourse = (name: string, price: number, emiPrice: number[]) =>
    createCourse(app, auth, { name, price, emiPrice });
  const course = await newCourse('Ledger Course', 30000, [10000, 10000, 10000]);
  const cheap = await newCourse('Short Course', 8000, [4000, 4000]);
  const today = localIsoDate();

  const enrol = async (email: string, extra: Record<string, string> = {}) => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      {
        name: 'Ledger Student',
        phoneNumber: `8${String(100000000 + ++ip).slice(-9)}`,
        email,
        courseId: course._id,
        ...extra,
      },
      `10.140.${Math.floor(ip / 200)}.${ip % 200}`,
    );
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`select id from enrollments where enrollment_number = ${enrollmentNumber}`,
    );
    return detail(row!.id);
  };
  const detail = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json().data;
  const pay = (id: string, installmentId: string, payload: object, key?: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${id}/${installmentId}`,
      headers: key ? { ...auth, 'idempotency-key': key } : auth,
      payload,
    });
  const refund = (id: string, payload: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/student-enrollment-refund/${id}`,
      headers: key ? { ...auth, 'idempotency-key': key } : auth,
      payload,
    });
  const concede = (id: string, payload: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/student-enrollment-concession/${id}`,
      headers: key ? { ...auth, 'idempotency-key': key } : auth,
      payload,
    });
  const edit = (id: string, fields: Record<string, string>) => {
    const form = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
    return app.inject({
      method: 'PUT',
      url: `/api/student-enrollment/${id}`,
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
  };
  const setStatus = (id: string, status: string) =>
    app.inject({ method: 'PUT', url: `/api/student-enrollment-status/${id}`, headers: auth, payload: { status } });
  const money = async () =>
    (await app.inject({ method: 'GET', url: '/api/dashboard', headers: auth })).json().data.money as {
      collectedAllTime: number;
      outstanding: number;
      overdueAmount: number;
    };
  const paymentCount = async (id: string) =>
    Number(
      (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from payments where enrollment_id = ${id}`))[0]!.n,
    );
  const cash = { paymentMode: 'cash', paidOn: today };

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

  it('cancelling keeps the ledger and takes open installments out of what is owed', async () => {
    const e = await enrol('cancel@example.in');
    await pay(e._id, e.installments[0]._id, { amount: 10000, ...cash });
    const before = await money();
    const res = await setStatus(e._id, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.payments).toHaveLength(1);
    expect(d).toMatchObject({ paidAmount: 10000, outstanding: 0, paymentState: 'paid_up' });
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
      effect: 'owed-again',
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
