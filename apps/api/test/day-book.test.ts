/**
 * The accountant's day book: a day opens with the cash the day before closed on (the first day
 * with the opening balance entered once), lists its receipts, refunds and reversals one by one
 * (imported history listed, never counted), takes deposits and handovers out of the drawer, and is
 * closed on the cash counted; a bounced cheque is reversed on the day it bounced; a closed day
 * takes a back-dated entry only from an admin with a reason; verify-ledger checks every closing.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { CASH_BOOK_MESSAGES, type CashBook } from '@registrar/contract/day-book';
import { localIsoDate } from '@registrar/contract/enrollment';
import { IMPORT_COLUMNS } from '@registrar/contract/imports';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { recordPayment } from './fixtures/payments';
import { csv, importApp, oldPayment, student } from './import-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { verifyLedger } from '../src/services/ledger-check';

const shiftDay = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');
const today = localIsoDate();
const day1 = shiftDay(today, -2);
const day2 = shiftDay(today, -1);

describe('the day book', async () => {
  const { app, db, auth: admin, send } = await importApp();
  const login = async (role: 'accountant' | 'counsellor') => {
    const s = await makeStaff(db, { role, name: `The ${role}`, email: `${role}.daybook@example.in` });
    return bearer(await tokenFor(app, s.email, s.password));
  };
  const auth = await login('accountant');
  const counsellor = await login('counsellor');
  const course = await createCourse(app, admin, { name: 'Java', price: 20000, emiPrice: [10000, 10000] });
  let ip = 0;
  const enrol = async (name: string) => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      {
        name,
        phoneNumber: `8${String(300000000 + ++ip).slice(-9)}`,
        email: `book${ip}@example.in`,
        courseId: course._id,
      },
      `10.190.0.${ip}`,
    );
    const list = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment?search=${enrollmentNumber}`,
      headers: auth,
    });
    const id = list.json().data.items[0]._id as string;
    return (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json().data as {
      _id: string;
      installments: { _id: string }[];
    };
  };
  const book = async (date: string, headers = auth) =>
    (await app.inject({ method: 'GET', url: `${apiUrl('cashBook')}?date=${date}`, headers })).json().data as CashBook;
  const entry = (payload: object, headers = auth) =>
    app.inject({ method: 'POST', url: apiUrl('cashBookEntry'), headers, payload });
  const close = (payload: object, headers = auth) =>
    app.inject({ method: 'POST', url: apiUrl('cashBookClose'), headers, payload });

  const asha = await enrol('Asha');
  const ravi = await enrol('Ravi');
  expect((await send('enrollments', csv(IMPORT_COLUMNS.enrollments, [student()]))).statusCode).toBe(201);
  const imported = await send('payments', oldPayment(ddmmyyyy(day1)));
  expect(imported.statusCode, imported.body).toBe(201);

  it('opens from the opening balance, lists the receipts one by one, takes deposits out and closes on the count', async () => {
    expect((await entry({ date: day1, kind: 'opening', amount: 5000 })).statusCode).toBe(201);
    const twice = await entry({ date: day1, kind: 'opening', amount: 10 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CASH_BOOK_MESSAGES.openingTwice);
    await recordPayment(app, auth, asha._id, asha.installments[0]!._id, {
      amount: 4000,
      paymentMode: 'cash',
      paidOn: day1,
    });
    await recordPayment(app, auth, ravi._id, ravi.installments[0]!._id, {
      amount: 3000,
      paymentMode: 'cheque',
      paidOn: day1,
      chequeNumber: '111222',
      bankName: 'SBI',
      chequeDate: day1,
    });
    const noParty = await entry({ date: day1, kind: 'deposit', amount: 6000 });
    expect(noParty.statusCode).toBe(400);
    expect(JSON.stringify(noParty.json())).toContain(CASH_BOOK_MESSAGES.partyRequired);
    const deposit = await entry({
      date: day1,
      kind: 'deposit',
      amount: 6000,
      party: 'SBI Kothrud',
      reference: 'DEP-1',
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    await entry({ date: day1, kind: 'handover', amount: 500, party: 'Mr Rao' });

    const first = await book(day1);
    expect(first.openingBalance).toEqual({ date: day1, amount: 5000 });
    expect(first.opening).toBe(5000);
    expect(first.lines.map((l) => [l.kind, l.name, l.mode, l.amount, l.imported, l.cash])).toEqual([
      ['receipt', 'Priya Sharma', 'cash', 3000, true, false],
      ['receipt', 'Asha', 'cash', 4000, false, true],
      ['receipt', 'Ravi', 'cheque', 3000, false, false],
    ]);
    expect(first.lines[2]).toMatchObject({ enrollmentId: ravi._id, reference: '111222' });
    expect(first).toMatchObject({ receipts: 7000, refunds: 0, cashIn: 4000, cashOut: 0, moved: 6500, expected: 2500 });
    expect(first.entries.map((e) => [e.kind, e.amount, e.party, e.reference, e.recordedBy])).toEqual([
      ['deposit', 6000, 'SBI Kothrud', 'DEP-1', 'The accountant'],
      ['handover', 500, 'Mr Rao', null, 'The accountant'],
    ]);

    const unexplained = await close({ date: day1, counted: 2400 });
    expect(unexplained.statusCode).toBe(400);
    expect(JSON.stringify(unexplained.json())).toContain(CASH_BOOK_MESSAGES.differenceReasonRequired);
    const closed = await close({ date: day1, counted: 2400, reason: 'Short by ₹100, change given' });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json().data).toMatchObject({
      closing: 2400,
      closed: { counted: 2400, difference: -100, reason: 'Short by ₹100, change given', closedBy: 'The accountant' },
    });
    const again = await close({ date: day1, counted: 2400, reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CASH_BOOK_MESSAGES.alreadyClosed);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('opens the next day from the closing and reverses a bounced cheque on the day it bounced', async () => {
    const [cheque] = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment/${ravi._id}`, headers: auth })
    ).json().data.payments;
    const bounced = await app.inject({
      method: 'PUT',
      url: apiUrl('cheque', cheque._id),
      headers: auth,
      payload: { state: 'bounced', on: day2, reason: 'Insufficient funds' },
    });
    expect(bounced.statusCode, bounced.body).toBe(200);
    const [cash] = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment/${asha._id}`, headers: auth })
    ).json().data.payments;
    const refund = await app.inject({
      method: 'POST',
      url: `/api/student-enrollment-refund/${asha._id}`,
      headers: auth,
      payload: {
        paymentId: cash._id,
        amount: 1000,
        reason: 'Paid twice',
        refundedOn: day2,
        paymentMode: 'cash',
        effect: 'owed-again',
      },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const second = await book(day2);
    expect(second.opening).toBe(2400);
    expect(second.lines.map((l) => [l.kind, l.name, l.amount, l.note])).toEqual([
      ['reversal', 'Ravi', -3000, 'Cheque bounced: Insufficient funds'],
      ['refund', 'Asha', -1000, 'Paid twice'],
    ]);
    expect(second).toMatchObject({
      receipts: 0,
      refunds: 1000,
      reversals: 3000,
      cashIn: 0,
      cashOut: 1000,
      closing: 1400,
    });
    expect(second.chequesBounced.map((c) => c.chequeNumber)).toEqual(['111222']);
    // The day the cheque came in is as it was closed.
    const first = await book(day1);
    expect(first).toMatchObject({ receipts: 7000, closing: 2400 });
    expect(first.chequesReceived.map((c) => c.chequeNumber)).toEqual(['111222']);
    expect((await book(today)).opening).toBe(1400);
  });

  it('takes a back-dated entry on a closed day only from an admin, with a reason', async () => {
    const payload = { date: day1, kind: 'deposit', amount: 200, party: 'HDFC' };
    const refused = await entry(payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CASH_BOOK_MESSAGES.dayClosed);
    const noReason = await entry(payload, admin);
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain(CASH_BOOK_MESSAGES.backDatedReasonRequired);
    const allowed = await entry({ ...payload, reason: 'Deposit slip found late' }, admin);
    expect(allowed.statusCode, allowed.body).toBe(201);
    const first = await book(day1);
    expect(first.entries.at(-1)).toMatchObject({ amount: 200, reason: 'Deposit slip found late' });
    expect(first.closing).toBe(2200);
    expect((await book(day2)).opening).toBe(2200);
    // The closing still matches the books as they stood when the day was closed.
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('refuses a future day, a bad date and a role without the cash book', async () => {
    const future = await entry({ date: shiftDay(today, 1), kind: 'deposit', amount: 10, party: 'SBI' });
    expect(future.statusCode).toBe(400);
    expect(JSON.stringify(future.json())).toContain(CASH_BOOK_MESSAGES.inFuture);
    expect((await close({ date: shiftDay(today, 1), counted: 0 })).statusCode).toBe(400);
    expect((await close({ date: today, counted: -1 })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: `${apiUrl('cashBook')}?date=28-11-2026`, headers: auth })).statusCode,
    ).toBe(400);
    for (const res of [
      await app.inject({ method: 'GET', url: `${apiUrl('cashBook')}?date=${today}`, headers: counsellor }),
      await entry({ date: today, kind: 'deposit', amount: 10, party: 'SBI' }, counsellor),
      await close({ date: today, counted: 0 }, counsellor),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCESS_MESSAGES.forbidden);
    }
  });

  it('keeps entries and closings permanent, and verify-ledger names a closing the ledger does not bear out', async () => {
    await expect(db.execute(sql`update cash_book_entries set amount_paise = 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from cash_book_closings`)).rejects.toThrow();
    await db.execute(
      sql`insert into cash_book_closings (on_date, opening_paise, cash_in_paise, cash_out_paise, moved_paise, counted_paise, difference_paise)
          values (${today}::date, 99900, 0, 0, 0, 99900, 0)`,
    );
    const problems = await verifyLedger(db);
    expect(problems).toEqual([
      `cash book ${today} closed on opening / in / out / moved 99900 / 0 / 0 / 0, ledger says 120000 / 0 / 0 / 0`,
    ]);
  });
});
