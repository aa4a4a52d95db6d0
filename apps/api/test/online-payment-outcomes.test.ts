import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ONLINE_PAYMENT_MESSAGES } from '@registrar/contract/online-payments';
import { gatewaySetup } from './gateway-fixtures';

describe("a failed online payment and paying every overdue installment at once, as the student's page sees them", async () => {
  const { app, database, razorpay, enrol, start, status, deliver } = await gatewaySetup();
  const db = database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const opened = async (token: string, payload?: object) => {
    const res = await start(token, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { orderId: string; amount: number };
  };
  const allowReconcile = () =>
    db.execute(sql`update job_runs set last_run_at = 'epoch' where name = 'payment-reconcile'`);
  /** Moves the first `count` installments' due dates into the past. */
  const overdue = (enrollmentId: string, count: number) =>
    db.execute(sql`update installments set due_date = current_date - 10 + number
      where enrollment_id = ${enrollmentId} and number <= ${count}`);

  it('a failed payment reads as failed (not pending), and a retry opens a new order that pays', async () => {
    const s = await enrol();
    const order = await opened(s.token);
    const payment = razorpay.pay(order.orderId, { status: 'failed' });
    expect((await deliver(razorpay.webhook('payment.failed', payment))).statusCode).toBe(200);
    await app.onlinePayments.settle();
    const answer = await status(s.token, order.orderId);
    expect(answer.json()).toMatchObject({
      message: ONLINE_PAYMENT_MESSAGES.paymentFailed,
      data: { state: 'failed', receiptNumber: null, installmentNumber: 1 },
    });
    const retry = await opened(s.token, { installmentNumber: 1 });
    expect(retry.orderId).not.toBe(order.orderId);
    const paid = razorpay.pay(retry.orderId);
    expect((await deliver(razorpay.webhook('order.paid', paid))).statusCode).toBe(200);
    await app.onlinePayments.settle();
    expect((await status(s.token, retry.orderId)).json().data.state).toBe('received');
    expect((await status(s.token, order.orderId)).json().data.state).toBe('failed');
    const history = await rows<{ state: string }>(sql`select h.state from payment_order_history h
      join payment_orders o on o.id = h.order_id where o.gateway_order_id = ${order.orderId} order by h.at`);
    expect(history.map((h) => h.state)).toEqual(['open', 'failed']);
  });

  it('a failure whose webhook was lost is found by the reconciler; a capture after the failure still pays the order', async () => {
    const s = await enrol();
    const order = await opened(s.token);
    const payment = razorpay.pay(order.orderId, { status: 'failed' });
    expect((await status(s.token, order.orderId)).json().data.state).toBe('pending');
    await allowReconcile();
    expect(await app.onlinePayments.reconcileOnce()).toBe(true);
    expect((await status(s.token, order.orderId)).json().data.state).toBe('failed');
    razorpay.setStatus(payment.id, 'captured');
    await allowReconcile();
    expect(await app.onlinePayments.reconcileOnce()).toBe(true);
    const answer = (await status(s.token, order.orderId)).json().data;
    expect(answer.state).toBe('received');
    expect(answer.receiptNumber).toMatch(/^RCPT-/);
  });

  it('"pay all overdue" is one order for the sum of the overdue installments, and its one payment clears them', async () => {
    const s = await enrol();
    await overdue(s.id, 2);
    const order = await opened(s.token, { allOverdue: true });
    expect(order.amount).toBe(600000);
    const sent = razorpay.requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders').at(-1)!;
    expect(sent.body).toMatchObject({ amount: 600000, receipt: `${s.enrollmentNumber}/overdue` });
    expect((await opened(s.token, { allOverdue: true })).orderId).toBe(order.orderId);
    const paid = razorpay.pay(order.orderId);
    expect((await deliver(razorpay.webhook('order.paid', paid))).statusCode).toBe(200);
    await app.onlinePayments.settle();
    expect((await status(s.token, order.orderId)).json().data).toMatchObject({
      state: 'received',
      installmentNumber: 0,
    });
    const detail = await s.detail();
    expect(detail.installments.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid', 'unpaid']);
    expect(detail.payments).toHaveLength(1);
  });

  it('"pay all overdue" with nothing overdue answers 409; a malformed request answers 400', async () => {
    const s = await enrol();
    const none = await start(s.token, { allOverdue: true });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(ONLINE_PAYMENT_MESSAGES.nothingOverdue);
    expect((await start(s.token, { allOverdue: false })).statusCode).toBe(400);
  });
});
