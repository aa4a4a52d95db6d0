/**
 * A filed GSTR-1 month stays as filed: it can be marked only after it ends, no document lands in
 * it afterwards (a void or refund credits in the open month), a payment typed with a date in it is
 * refused, and money from outside dated in it is still recorded with its invoice in the open month.
 */
import { STAFF_ENROLLMENT_MESSAGES } from '@registrar/contract/staff-enrollment';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import { GST_MESSAGES } from '@registrar/contract/gst';
import { recordIncoming } from '../src/services/payment-intake';
import { verifyLedger } from '../src/services/ledger-check';
import type { Db } from '../src/db/database';
import { build } from './build-app';
import { multipart } from './fixtures/files';
import { gstWorld } from './fixtures/gst';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The month before the one `isoDate` falls in, as YYYY-MM, and a day in it. */
function monthBefore(isoDate: string): { period: string; day: string } {
  const [y, m] = isoDate.split('-').map(Number) as [number, number];
  const period = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  return { period, day: `${period}-15` };
}

describe('GST months once filed', async () => {
  const { app, database } = await build();
  const db = database.db;
  const w = await gstWorld(app, db);
  await w.switchGst(true);
  const last = monthBefore(w.today);
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const markFiled = (period: string, headers = w.auth) =>
    app.inject({ method: 'POST', url: apiPaths.gstr1Filed, headers, payload: { period } });
  const docsOf = (paymentId: string) =>
    rows<{ kind: string; period: string; cancelled: boolean }>(
      sql`select kind, period, cancelled_at is not null as cancelled from tax_documents
          where payment_id = ${paymentId} order by created_at`,
    );
  /** An invoice issued last month, as one issued then would be (its guard set aside for the fixture only). */
  const backdate = async (paymentId: string) => {
    await db.execute(sql`alter table tax_documents disable trigger tax_documents_guard`);
    await db.execute(
      sql`update tax_documents set issued_on = ${last.day}, period = ${last.period},
          created_at = ${`${last.day}T10:00:00Z`}::timestamptz where payment_id = ${paymentId}`,
    );
    await db.execute(sql`alter table tax_documents enable trigger tax_documents_guard`);
  };

  it('marks a month filed only after it ends (400 before), as admin or accountant, never as counsellor', async () => {
    for (const period of [w.today.slice(0, 7), '2099-05']) {
      const early = await markFiled(period);
      expect(early.statusCode, period).toBe(400);
      expect(early.json().message).toBe(GST_MESSAGES.periodNotEnded);
    }
    expect(await rows(sql`select period from gst_filed_periods`)).toEqual([]);
    const accountant = await makeStaff(db, { email: 'books@institute.in', role: 'accountant' });
    const counsellor = await makeStaff(db, { email: 'desk@institute.in', role: 'counsellor' });
    const counsellorAuth = bearer(await tokenFor(app, counsellor.email, counsellor.password));
    expect((await markFiled(last.period, counsellorAuth)).statusCode).toBe(403);
    const filed = await markFiled(last.period, bearer(await tokenFor(app, accountant.email, accountant.password)));
    expect(filed.statusCode, filed.body).toBe(200);
  });

  it('a void or refund after filing gives a credit note in the open month; the filed month is unchanged', async () => {
    const c = await w.course({ name: 'Filed voids' });
    const e = await w.enrol(c._id);
    const a = await w.pay(e, 1000);
    const b = await w.pay(e, 1000);
    await backdate(a._id);
    await backdate(b._id);
    const gstr1 = async () =>
      (await app.inject({ method: 'GET', url: `${apiPaths.gstr1}?period=${last.period}`, headers: w.auth })).body;
    const before = await gstr1();
    const voided = await app.inject({
      method: 'PUT',
      url: apiUrl('payment', e.id, e.installments[0]!),
      headers: w.auth,
      payload: { paymentId: a._id, reason: 'Typed twice' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await docsOf(a._id)).toEqual([
      { kind: 'invoice', period: last.period, cancelled: false },
      { kind: 'credit_note', period: w.today.slice(0, 7), cancelled: false },
    ]);
    const refunded = await app.inject({
      method: 'POST',
      url: apiUrl('refund', e.id),
      headers: w.auth,
      payload: {
        paymentId: b._id,
        amount: 400,
        refundedOn: w.today,
        reason: 'Left early',
        paymentMode: 'cash',
        effect: 'owed-again',
      },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await docsOf(b._id)).map((d) => d.period)).toEqual([last.period, w.today.slice(0, 7)]);
    expect(await gstr1()).toBe(before);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('refuses a payment typed with a date in a filed month, with the reason', async () => {
    const c = await w.course({ name: 'Filed dates' });
    const e = await w.enrol(c._id);
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl('payment', e.id, e.installments[0]!),
      headers: w.auth,
      payload: { amount: 500, paymentMode: 'cash', paidOn: last.day },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'paidOn', message: GST_MESSAGES.paidInFiledPeriod });
  });

  it("refuses a desk enrolment's first payment dated in a filed month with the same reason, enrolling nobody", async () => {
    const c = await w.course({ name: 'Filed desk' });
    const form = Object.entries({
      name: 'Desk Filed',
      email: 'desk.filed@example.in',
      phoneNumber: '9100000091',
      currentAddress: '4 Station Road, Nagpur',
      permanentAddress: '4 Station Road, Nagpur',
      courseId: c._id,
      currentlyWorking: 'other',
      currentlyWorkingPlace: 'Home',
      paymentMethod: 'full_payment',
      startDate: w.today,
      state: '27',
      firstPayment: JSON.stringify({ amount: 500, paymentMode: 'cash', paidOn: last.day }),
    }).map(([name, value]) => ({ name, value }));
    const body = multipart(form);
    const res = await app.inject({
      method: 'POST',
      url: apiPaths.staffEnrollment,
      payload: body.payload,
      headers: { ...body.headers, ...w.auth },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'firstPayment.paidOn', message: GST_MESSAGES.paidInFiledPeriod });
    expect(await rows(sql`select id from enrollments where email = 'desk.filed@example.in'`)).toEqual([]);
  });

  it("refuses a desk enrolment without the student's State while GST is on, enrolling nobody; with it, enrols", async () => {
    const c = await w.course({ name: 'Desk State' });
    const send = (extra: Record<string, string>) => {
      const body = multipart(
        Object.entries({
          name: 'Desk State',
          email: 'desk.state@example.in',
          phoneNumber: '9100000092',
          currentAddress: '9 Mall Road, Shimla',
          permanentAddress: '9 Mall Road, Shimla',
          courseId: c._id,
          currentlyWorking: 'other',
          currentlyWorkingPlace: 'Home',
          paymentMethod: 'full_payment',
          startDate: w.today,
          ...extra,
        }).map(([name, value]) => ({ name, value })),
      );
      return app.inject({
        method: 'POST',
        url: apiPaths.staffEnrollment,
        payload: body.payload,
        headers: { ...body.headers, ...w.auth },
      });
    };
    for (const extra of [{}, { state: '' }] as Record<string, string>[]) {
      const res = await send(extra);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'state', message: STAFF_ENROLLMENT_MESSAGES.stateRequired }]);
    }
    expect(await rows(sql`select id from enrollments where email = 'desk.state@example.in'`)).toEqual([]);
    const res = await send({ state: '02' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await rows(sql`select state from enrollments where email = 'desk.state@example.in'`)).toEqual([
      { state: '02' },
    ]);
  });

  it('money from outside dated in a filed month is recorded, its invoice in the open month', async () => {
    const c = await w.course({ name: 'Filed arrivals' });
    const e = await w.enrol(c._id);
    const { payment } = await db.transaction((tx) =>
      recordIncoming(tx, {
        enrollmentId: e.id,
        amountPaise: 50000,
        mode: 'upi',
        paidOn: last.day,
        source: 'gateway',
        staffId: null,
        arrived: true,
        gatewayPaymentId: 'pay_FILED0001',
      }),
    );
    expect(payment.paidOn).toBe(last.day);
    expect(await docsOf(payment.id)).toEqual([{ kind: 'invoice', period: w.today.slice(0, 7), cancelled: false }]);
  });

  it('verify-ledger reports a document created in a filed month after its filing', async () => {
    const c = await w.course({ name: 'Late document' });
    const e = await w.enrol(c._id);
    const p = await w.pay(e, 700);
    await db.execute(sql`alter table tax_documents disable trigger tax_documents_guard`);
    await db.execute(sql`update tax_documents set period = ${last.period} where payment_id = ${p._id}`);
    await db.execute(sql`alter table tax_documents enable trigger tax_documents_guard`);
    const problems = await verifyLedger(db);
    expect(problems.join('\n')).toContain(p.invoiceNumber!);
  });
});

describe('tax documents after an erasure', async () => {
  const { app, database } = await build();
  const db = database.db;
  const w = await gstWorld(app, db);
  await w.switchGst(true);

  it('keep amounts and numbers; the buyer’s name and address only where GST law requires them', async () => {
    const small = await w.course({ name: 'Short course' });
    const large = await w.course({ name: 'Long course', price: 236000, emiPrice: [118000, 118000] });
    const a = await w.enrol(small._id);
    const b = await w.enrol(large._id);
    const pa = await w.pay(a, 1000);
    const pb = await w.pay(b, 118000);
    const erase = async (id: string) => {
      const email = (await rowsOf<{ email: string }>(db, sql`select email from enrollments where id = ${id}`))[0]!
        .email;
      const res = await app.inject({
        method: 'POST',
        url: apiPaths.erasure,
        headers: w.auth,
        payload: { email, reason: 'Asked' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.counts as Record<string, number>;
    };
    expect((await erase(a.id)).taxDocumentsScrubbed).toBe(1);
    expect((await erase(b.id)).taxDocumentsScrubbed).toBe(0);
    const docs = await rowsOf<{ number: string; buyer_name: string; value: number }>(
      db,
      sql`select number, buyer_name, value_paise::int as value from tax_documents order by number`,
    );
    expect(docs).toEqual([
      { number: pa.invoiceNumber, buyer_name: '[erased]', value: 100000 },
      { number: pb.invoiceNumber, buyer_name: expect.stringMatching(/^Student /), value: 11800000 },
    ]);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
