import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import type { StudentMessage } from '@registrar/contract/student-messages';
import { studentMessageRenderer } from '../src/services/student-messages';
import { gatewaySetup } from './gateway-fixtures';

describe('every money event tells the student once, listed on the enrolment with its delivery state', async () => {
  const { app, database, config, auth, razorpay, enrol, start, deliver } = await gatewaySetup();
  const db = database.db;
  const messages = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: apiUrl('enrollmentMessages', id), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StudentMessage[];
  };
  const render = studentMessageRenderer(db, config);

  it('a payment at the desk is told once, with its receipt, even when the request is sent again', async () => {
    const s = await enrol();
    const installment = (await s.detail()).installments[0];
    const pay = () =>
      app.inject({
        method: 'PUT',
        url: `/api/student-enrollment-payment/${s.id}/${installment._id}`,
        headers: { ...auth, 'idempotency-key': `desk-${s.id}` },
        payload: { amount: 3000, paymentMode: 'cash', paidOn: localIsoDate() },
      });
    expect((await pay()).statusCode).toBe(200);
    expect((await pay()).statusCode).toBe(200);
    const receipt = (await s.detail()).payments[0].receiptNumber as string;
    const [told, ...more] = await messages(s.id);
    expect(more).toEqual([]);
    expect(told).toMatchObject({ kind: 'payment_recorded', channel: 'mail', state: 'queued' });
    expect(told!.summary).toBe(`${receipt} · ₹3,000.00`);
    while ((await app.outbox.runOnce()) > 0);
    expect((await messages(s.id))[0]).toMatchObject({ state: 'sent', attempts: 1 });
    const [row] = (
      (await db.execute(sql`select outbox_id from student_messages where id = ${told!._id}`)) as unknown as {
        rows: { outbox_id: string }[];
      }
    ).rows;
    const [mail] = (
      (await db.execute(sql`select payload from outbox where id = ${row!.outbox_id}`)) as unknown as {
        rows: { payload: unknown }[];
      }
    ).rows;
    const sent = await render(mail!.payload);
    expect(sent!.subject).toBe(`Payment received for ${s.enrollmentNumber}: receipt ${receipt}`);
    expect(sent!.text).toContain('We have received your payment of ₹3,000.00 for installment 1.');
  });

  it('a failed online payment is told once ("no money was taken"), however often the gateway repeats it', async () => {
    const s = await enrol();
    const order = (await start(s.token)).json().data as { orderId: string };
    const payment = razorpay.pay(order.orderId, { status: 'failed' });
    expect((await deliver(razorpay.webhook('payment.failed', payment))).statusCode).toBe(200);
    expect((await deliver(razorpay.webhook('payment.failed', payment))).statusCode).toBe(200);
    await app.onlinePayments.settle();
    await db.execute(sql`update job_runs set last_run_at = 'epoch' where name = 'payment-reconcile'`);
    await app.onlinePayments.reconcileOnce();
    const told = await messages(s.id);
    expect(told.map((m) => [m.kind, m.eventKey])).toEqual([['payment_failed', `payment-failed:${payment.id}`]]);
    expect(told[0]!.summary).toBe('₹3,000.00');
    const [row] = (
      (await db.execute(sql`select o.payload from student_messages m join outbox o on o.id = m.outbox_id
      where m.enrollment_id = ${s.id}`)) as unknown as { rows: { payload: unknown }[] }
    ).rows;
    const mail = await render(row!.payload);
    expect(mail!.text).toContain('Your online payment of ₹3,000.00 failed: no money was taken.');
    expect(mail!.text).toMatch(/\{\{student-page-link:[0-9a-f-]{36}:pay=1\}\}/);
  });

  it('the history answers 401 without a session and 404 for an unknown enrolment', async () => {
    const url = apiUrl('enrollmentMessages', '00000000-0000-4000-8000-000000000000');
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const missing = await app.inject({ method: 'GET', url, headers: auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ENROLLMENT_MESSAGES.notFound);
  });
});
