/**
 * The payments register and its export: every receipt, refund (negative) and void (negative,
 * marked) across students, searchable by receipt or refund number, UTR, cheque number, name and
 * enrolment number; a month's CSV totals row equals the dashboard's collected for that month.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { PAYMENT_MODE_NAMES } from '@registrar/contract/constants';
import { localIsoDate } from '@registrar/contract/enrollment';
import { addMonths } from '@registrar/contract/fee-plan';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { REGISTER_MESSAGES, type RegisterEntry } from '@registrar/contract/payments-register';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

let ip = 0;
const rowsOf = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;

describe('payments register', async () => {
  const { app, database } = await build();
  const db = database.db;
  const login = async (role: 'admin' | 'accountant' | 'counsellor') => {
    const s = await makeStaff(db, { role, name: `${role[0]!.toUpperCase()}${role.slice(1)} Person` });
    return bearer(await tokenFor(app, s.email, s.password));
  };
  const admin = await login('admin');
  const auth = await login('accountant');
  const counsellor = await login('counsellor');
  const course = await createCourse(app, admin, {
    name: 'Register Course',
    price: 30000,
    emiPrice: [10000, 10000, 10000],
  });
  const today = localIsoDate();
  const thisMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = addMonths(thisMonth, -1);
  const twoAgo = addMonths(thisMonth, -2);
  const monthEnd = (first: string) => shiftDay(addMonths(first, 1), -1);
  function shiftDay(iso: string, days: number) {
    return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  }

  const enrol = async (name: string) => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      {
        name,
        phoneNumber: `9${String(100000000 + ++ip).slice(-9)}`,
        email: `reg${ip}@example.in`,
        courseId: course._id,
      },
      `10.170.0.${ip}`,
    );
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`select id from enrollments where enrollment_number = ${enrollmentNumber}`,
    );
    return (await app.inject({ method: 'GET', url: `/api/student-enrollment/${row!.id}`, headers: auth })).json().data;
  };
  const pay = async (e: { _id: string; installments: { _id: string }[] }, i: number, payload: object) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${e._id}/${e.installments[i]!._id}`,
      headers: auth,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.payments.at(-1) as { _id: string; receiptNumber: string };
  };
  const register = async (query: string, headers = auth) =>
    app.inject({ method: 'GET', url: `${apiUrl('paymentsRegister')}?${query}`, headers });
  const csv = async (from: string, to: string) =>
    (await app.inject({ method: 'GET', url: `/api/payments/export.csv?from=${from}&to=${to}`, headers: auth })).body;

  // Three months of money: receipts by several modes, a refund in a later month, a void.
  const asha = await enrol('Asha Verma');
  const ravi = await enrol('Ravi Kumar');
  const a1 = await pay(asha, 0, {
    amount: 10000,
    paymentMode: 'upi',
    paidOn: shiftDay(twoAgo, 4),
    utr: '412345678901',
  });
  const a2 = await pay(asha, 1, {
    amount: 9999.5,
    paymentMode: 'cheque',
    paidOn: shiftDay(lastMonth, 2),
    chequeNumber: '654321',
    bankName: 'HDFC',
    chequeDate: shiftDay(lastMonth, 2),
  });
  const r1 = await pay(ravi, 0, { amount: 7250.25, paymentMode: 'cash', paidOn: shiftDay(lastMonth, 9) });
  const r2 = await pay(ravi, 1, {
    amount: 999,
    paymentMode: 'bank_transfer',
    paidOn: today,
    utr: 'HDFCN52026112612345678',
  });
  const refund = await app.inject({
    method: 'POST',
    url: `/api/student-enrollment-refund/${asha._id}`,
    headers: admin,
    payload: {
      paymentId: a1._id,
      amount: 3000,
      reason: 'Excess collected',
      refundedOn: shiftDay(lastMonth, 20),
      paymentMode: 'upi',
      effect: 'lower-fee',
    },
  });
  expect(refund.statusCode, refund.body).toBe(200);
  const voided = await app.inject({
    method: 'PUT',
    url: `/api/student-enrollment-payment/${ravi._id}/${ravi.installments[0]._id}`,
    headers: auth,
    payload: { paymentId: r1._id, reason: 'Typed twice' },
  });
  expect(voided.statusCode, voided.body).toBe(200);

  it('lists receipts, refunds and voids across students, with readable signs and who recorded each', async () => {
    const res = await register(`from=${twoAgo}&to=${today}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as RegisterEntry[];
    const mine = items.filter((i) => [asha._id, ravi._id].includes(i.enrollmentId));
    expect(mine.map((i) => [i.kind, i.number, i.amount])).toEqual(
      expect.arrayContaining([
        ['receipt', a1.receiptNumber, 10000],
        ['receipt', a2.receiptNumber, 9999.5],
        ['refund', expect.stringMatching(/^RFND-/), -3000],
        ['receipt', r1.receiptNumber, 7250.25],
        ['void', r1.receiptNumber, -7250.25],
        ['receipt', r2.receiptNumber, 999],
      ]),
    );
    const [refunded] = await rowsOf<{ id: string }>(db, sql`select id from refunds where payment_id = ${a1._id}`);
    expect(mine.find((i) => i.kind === 'refund')).toMatchObject({
      refundId: refunded!.id,
      effect: 'lower-fee',
      recordedBy: 'Admin Person',
      receiptNumber: a1.receiptNumber,
    });
    expect(mine.find((i) => i.kind === 'void')).toMatchObject({
      refundId: null,
      reason: 'Typed twice',
      recordedBy: 'Accountant Person',
    });
    expect(mine.find((i) => i.kind === 'receipt' && i.number === r1.receiptNumber)).toMatchObject({
      voided: true,
      refundId: null,
    });
  });

  it('finds an entry by receipt number, UTR, cheque number, name or enrolment number, and filters by mode and dates', async () => {
    const numbers = async (query: string) =>
      ((await register(query)).json().data.items as RegisterEntry[]).map((i) => `${i.kind} ${i.number}`);
    expect(await numbers(`search=${a2.receiptNumber}`)).toEqual([`receipt ${a2.receiptNumber}`]);
    expect(await numbers('search=412345678901')).toEqual(expect.arrayContaining([`receipt ${a1.receiptNumber}`]));
    expect(await numbers('search=hdfcn5202611')).toEqual([`receipt ${r2.receiptNumber}`]);
    expect(await numbers('search=654321')).toEqual([`receipt ${a2.receiptNumber}`]);
    expect(await numbers('search=ravi kumar')).toHaveLength(3);
    expect(await numbers(`search=${asha.enrollmentNumber}`)).toHaveLength(3);
    expect(await numbers(`mode=cheque&search=${asha.enrollmentNumber}`)).toEqual([`receipt ${a2.receiptNumber}`]);
    expect(await numbers(`from=${today}&to=${today}&search=ravi`)).toEqual([`receipt ${r2.receiptNumber}`]);
    const page = (await register(`search=asha&limit=2&page=2`)).json().data;
    expect(page).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(page.items).toHaveLength(1);
    const backwards = await register(`from=${today}&to=${twoAgo}`);
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain(REGISTER_MESSAGES.toBeforeFrom);
  });

  it('is for accountants and admins only', async () => {
    expect((await app.inject({ method: 'GET', url: apiUrl('paymentsRegister') })).statusCode).toBe(401);
    const res = await register('', counsellor);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCESS_MESSAGES.forbidden);
    expect((await register('', admin)).statusCode).toBe(200);
  });

  it("a month's CSV has every receipt, refund and void, readable modes, who recorded it, and a total equal to the dashboard's collected", async () => {
    const monthly = (await app.inject({ method: 'GET', url: '/api/dashboard', headers: admin })).json().data
      .monthly as {
      month: string;
      collected: number;
    }[];
    for (const first of [twoAgo, lastMonth, thisMonth]) {
      const lines = (await csv(first, first === thisMonth ? today : monthEnd(first))).trim().split('\r\n');
      const total = lines.at(-1)!;
      expect(total.startsWith('"Total"')).toBe(true);
      const collected = monthly.find((m) => m.month === first.slice(0, 7))!.collected;
      expect(total).toBe(`"Total","","","","${collected.toFixed(2)}"`);
      // The rows above add up to the total, to the paisa.
      const sum = lines.slice(1, -1).reduce((t, l) => t + Math.round(Number(JSON.parse(`[${l}]`)[4]) * 100), 0);
      expect((sum / 100).toFixed(2)).toBe(collected.toFixed(2));
    }
    const last = await csv(lastMonth, monthEnd(lastMonth));
    expect(last).toContain(`"${shiftDay(lastMonth, 20)}","Refund"`);
    expect(last).toContain('"-3000.00","UPI"');
    expect(last).toContain(
      `"${shiftDay(lastMonth, 9)}","Void","${r1.receiptNumber}","${r1.receiptNumber}","-7250.25","Cash"`,
    );
    expect(last).toContain(`"${PAYMENT_MODE_NAMES.cheque}"`);
    expect(last).toContain('"Accountant Person"');
    expect(last).not.toContain('online_payment');
  });
});
