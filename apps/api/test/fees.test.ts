import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { formatDate } from '@registrar/contract/language';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { recordPayment } from './fixtures/payments';
import { startMailCatcher } from './mail-catcher';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { FeeService } from '../src/services/fee-service';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());
let ip = 0;

describe('fees', async () => {
  const { app, database, config } = await build({
    config: { smtpUrl: catcher.url, instituteName: 'Acme Institute', companyAddress: '1 Tech Park, Pune' },
  });
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Accounts' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const course = await createCourse(app, auth, { name: 'Data Science', price: 30000, emiPrice: [10000, 10000, 10000] });

  const enrol = async (name: string, email: string, extra: Record<string, string> = {}) => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      { name, phoneNumber: `9${String(100000000 + ++ip).slice(-9)}`, email, courseId: course._id, ...extra },
      `10.130.${Math.floor(ip / 200)}.${ip % 200}`,
    );
    const item = (
      await app.inject({
        method: 'GET',
        url: `/api/student-enrollment?search=${enrollmentNumber}`,
        headers: auth,
      })
    ).json().data.items[0];
    return (await app.inject({ method: 'GET', url: `/api/student-enrollment/${item._id}`, headers: auth })).json().data;
  };
  const pay = (enrollmentId: string, installmentId: string, payload: object) =>
    recordPayment(app, auth, enrollmentId, installmentId, payload);
  const today = localIsoDate();

  it('records payments, derives partial and paid, and refuses more than is owed', async () => {
    const e = await enrol('Ledger Person', 'ledger@example.in');
    const [first] = e.installments;
    const part = await pay(e._id, first._id, { amount: 4000.5, paymentMode: 'cash', paidOn: today, reference: 'R-1' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().message).toMatch(/^Payment recorded: RCPT-\d{4}-\d{6}$/);
    let detail = part.json().data;
    expect(detail.installments[0]).toMatchObject({ paidAmount: 4000.5, status: 'partial' });
    expect(detail).toMatchObject({ paidAmount: 4000.5, outstanding: 25999.5, paymentState: 'due' });

    const over = await pay(e._id, first._id, { amount: 6000, paymentMode: 'cash', paidOn: today });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toEqual({ path: 'amount', message: `${FEE_MESSAGES.amountTooMuch} (₹5,999.50)` });

    detail = (await pay(e._id, first._id, { amount: 5999.5, paymentMode: 'online_payment', paidOn: today })).json()
      .data;
    expect(detail.installments[0]).toMatchObject({ paidAmount: 10000, status: 'paid' });
    expect(detail.payments).toHaveLength(2);
    expect((await pay(e._id, first._id, { amount: 1, paymentMode: 'cash', paidOn: today })).statusCode).toBe(409);
    expect((await pay(e._id, first._id, { amount: 1, paymentMode: 'cash', paidOn: '2999-01-01' })).json().message).toBe(
      FEE_MESSAGES.paidOnInFuture,
    );
    expect(detail.history.filter((h: { kind: string }) => h.kind === 'payment_recorded')).toHaveLength(2);
  });

  it('voids a payment with a reason; the ledger keeps it and balances follow', async () => {
    const e = await enrol('Void Person', 'void@example.in');
    const inst = e.installments[0];
    const paid = (
      await pay(e._id, inst._id, { amount: 10000, paymentMode: 'cheque', paidOn: today, chequeDate: today })
    ).json().data;
    const paymentId = paid.payments[0]._id;
    const noReason = await pay(e._id, inst._id, { paymentId, reason: '' });
    expect(noReason.statusCode).toBe(400);
    const voided = await pay(e._id, inst._id, { paymentId, reason: 'Cheque bounced' });
    expect(voided.statusCode, voided.body).toBe(200);
    const d = voided.json().data;
    expect(d.payments[0]).toMatchObject({ voided: true, voidReason: 'Cheque bounced' });
    expect(d.installments[0]).toMatchObject({ paidAmount: 0, status: 'unpaid' });
    expect(d.history.at(-1)).toMatchObject({ kind: 'payment_voided', by: { name: 'Accounts' } });
    expect((await pay(e._id, inst._id, { paymentId, reason: 'again' })).statusCode).toBe(409);
  });

  it('marks an unpaid installment past its due date overdue, and filters the list by payment state', async () => {
    const e = await enrol('Late Person', 'late@example.in');
    await db.execute(
      sql`update installments set due_date = (current_date - 10) where enrollment_id = ${e._id} and number = 1`,
    );
    const d = (await app.inject({ method: 'GET', url: `/api/student-enrollment/${e._id}`, headers: auth })).json().data;
    expect(d.installments[0].status).toBe('overdue');
    expect(d).toMatchObject({ paymentState: 'overdue', overdueAmount: 10000 });
    const overdue = (
      await app.inject({ method: 'GET', url: '/api/student-enrollment?paymentState=overdue', headers: auth })
    ).json().data;
    expect(overdue.items.map((i: { email: string }) => i.email)).toContain('late@example.in');
    expect(overdue.items.every((i: { paymentState: string }) => i.paymentState === 'overdue')).toBe(true);
    const due = (
      await app.inject({ method: 'GET', url: '/api/student-enrollment?paymentState=due', headers: auth })
    ).json().data;
    expect(due.items.map((i: { email: string }) => i.email)).not.toContain('late@example.in');
  });

  it('changes an unpaid installment with a recorded reason; a paid one cannot change', async () => {
    const e = await enrol('Edit Schedule', 'schedule@example.in');
    const [one, two] = e.installments;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-installment/${e._id}/${two._id}`,
      headers: auth,
      payload: { amount: 9000, dueDate: '2099-05-31', reason: 'Scholarship' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.installments[1]).toMatchObject({ amount: 9000, dueDate: '2099-05-31' });
    expect(res.json().data.history.at(-1).note).toBe(
      'Installment 2: amount ₹10,000.00 → ₹9,000.00, due ' +
        formatDate(two.dueDate) +
        ' → 31 May 2099. Reason: Scholarship',
    );
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/student-enrollment-installment/${e._id}/${two._id}`,
          headers: auth,
          payload: { amount: 5 },
        })
      ).statusCode,
    ).toBe(400);
    await pay(e._id, one._id, { amount: 100, paymentMode: 'cash', paidOn: today });
    const locked = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-installment/${e._id}/${one._id}`,
      headers: auth,
      payload: { amount: 5, reason: 'x' },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(FEE_MESSAGES.onlyUnpaidEditable);
  });

  it('gives sequential receipt numbers with no gap or duplicate under 50 simultaneous payments', async () => {
    const enrolments = await Promise.all(
      Array.from({ length: 5 }, (_, i) => enrol(`Rush ${i}`, `rush${i}@example.in`)),
    );
    const before = await db.execute(sql`select count(*)::int as n from payments`);
    const installments = enrolments.flatMap((e) =>
      e.installments.map((inst: { _id: string }) => [e._id, inst._id] as const),
    );
    // 50 payments at once, spread over 15 installments (at most 4 × ₹1,000 each: all within what is owed).
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, k) => {
        const [enrollmentId, installmentId] = installments[k % installments.length]!;
        return pay(enrollmentId, installmentId, { amount: 1000, paymentMode: 'cash', paidOn: today });
      }),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await db.execute(sql`select receipt_number from payments order by receipt_number`);
    const numbers = (rows as unknown as { rows: { receipt_number: string }[] }).rows.map((r) =>
      Number(r.receipt_number.slice(-6)),
    );
    expect(numbers.length).toBe((before as unknown as { rows: { n: number }[] }).rows[0]!.n + 50);
    expect(new Set(numbers).size).toBe(numbers.length);
    numbers.forEach((n, i) => expect(n).toBe(i + 1)); // 1..N, no gap
  });

  it('sends a payment reminder with what is due and outstanding; 409 when nothing is owed; once a day unless forced', async () => {
    const e = await enrol('Remind Me', 'remind@example.in');
    const alert = (force?: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/student-enrollment-payment-alert/${e._id}`,
        headers: auth,
        payload: force ? { force } : {},
      });
    expect((await alert()).statusCode).toBe(200);
    while ((await app.outbox.runOnce()) > 0);
    const mail = await catcher.latestTo('remind@example.in', /Fee reminder/);
    expect(mail.text).toContain('Total outstanding: ₹30,000.00');
    expect(mail.text).toContain('Installment 1: ₹10,000.00 is due on');
    const again = await alert();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FEE_MESSAGES.alertAlreadySent);
    expect((await alert(true)).statusCode).toBe(200);
    const detail = (await app.inject({ method: 'GET', url: `/api/student-enrollment/${e._id}`, headers: auth })).json()
      .data;
    expect(detail.history.filter((h: { kind: string }) => h.kind === 'payment_alert')).toHaveLength(2);

    const paidUp = await enrol('Paid Up', 'paidup@example.in', { paymentMethod: 'full_payment' });
    await pay(paidUp._id, paidUp.installments[0]._id, { amount: 30000, paymentMode: 'cash', paidOn: today });
    const nothing = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment-alert/${paidUp._id}`,
      headers: auth,
      payload: {},
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(FEE_MESSAGES.nothingOwed);
  });

  it('reminds 3 days before and 7 days after a due date, each once even with two instances running', async () => {
    const soon = await enrol('Due Soon', 'soon@example.in');
    const late = await enrol('Due Late', 'lateremind@example.in');
    await db.execute(
      sql`update installments set due_date = (current_date + 3) where enrollment_id = ${soon._id} and number = 1`,
    );
    await db.execute(
      sql`update installments set due_date = (current_date - 7) where enrollment_id = ${late._id} and number = 1`,
    );
    const instances = [new FeeService(db, config, () => undefined), new FeeService(db, config, () => undefined)];
    const sent = await Promise.all([...instances, ...instances].map((f) => f.runReminders()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await app.reminders.runOnce()).toBe(0); // a restart does not send them again
    while ((await app.outbox.runOnce()) > 0);
    expect((await catcher.latestTo('soon@example.in', /is due on/)).text).toContain(
      'Installment 1 (₹10,000.00) is due on',
    );
    expect((await catcher.latestTo('lateremind@example.in', /overdue/)).subject).toMatch(
      /Installment 1 of ENR-.* is overdue/,
    );
  });

  it('downloads a PDF statement that pdftotext reads back, ₹ and Devanagari included', async () => {
    const e = await enrol('आशा वर्मा', 'asha.pdf@example.in');
    await pay(e._id, e.installments[0]._id, {
      amount: 1999.99,
      paymentMode: 'online_payment',
      paidOn: today,
      reference: 'UPI-77',
    });
    const res = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment-fee-download/${e._id}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="fee-statement-${e.enrollmentNumber}.pdf"; filename*=UTF-8''fee-statement-${e.enrollmentNumber}.pdf`,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-pdf-'));
    const pdfPath = path.join(dir, 'statement.pdf');
    fs.writeFileSync(pdfPath, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    for (const expected of [
      'Acme Institute',
      '1 Tech Park, Pune',
      'Fee statement',
      e.enrollmentNumber,
      'Data Science',
      '₹1,999.99',
      '₹28,000.01',
      'RCPT-',
      'online payment',
      'partial',
      'आशा',
    ])
      expect(text, expected).toContain(expected);
    // Documents print dates as 26/11/2026 in either language.
    expect(text).toContain(`Date: ${today.split('-').reverse().join('/')}`);
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', pdfPath, path.join(dir, 'page')]);
    const png = fs.readdirSync(dir).find((f) => f.endsWith('.png'))!;
    expect(fs.statSync(path.join(dir, png)).size).toBeGreaterThan(1000);
  });
});
