import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ONLINE_PAYMENT_MESSAGES } from '@registrar/contract/online-payments';
import { verifyLedger } from '../src/services/ledger-check';
import { localIsoDate } from '@registrar/contract/enrollment';
import { gatewaySetup, LATEST_OUTCOME, PREVIOUS_WEBHOOK_SECRET } from './gateway-fixtures';
import { KEY_ID } from './razorpay-server';

describe('paying from the student page through Razorpay, recorded exactly once', async () => {
  const { app, database, auth, razorpay, enrol, start, returnFrom, status, deliver } = await gatewaySetup();
  const db = database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: T[] };
  const gatewayPayments = async (enrollmentId: string) =>
    (
      await rows<{ receipt_number: string; amount_paise: string; mode: string; gateway_payment_id: string }>(
        sql`select receipt_number, amount_paise, mode, gateway_payment_id from payments where enrollment_id = ${enrollmentId} and source = 'gateway'`,
      )
    ).rows;
  const opened = async (token: string, payload?: object) => {
    const res = await start(token, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { orderId: string; amount: number; keyId: string; gateway: string };
  };

  it('opens an order at the gateway for what the next installment owes, with Basic auth, paise, receipt and notes', async () => {
    const s = await enrol();
    const order = await opened(s.token);
    expect(order).toMatchObject({ gateway: 'razorpay', amount: 300000, currency: 'INR', keyId: KEY_ID });
    const sent = razorpay.requests.find((r) => r.method === 'POST' && r.path === '/v1/orders')!;
    expect(sent.authorization).toBe(
      `Basic ${Buffer.from(`${KEY_ID}:key-secret-of-the-test-account`).toString('base64')}`,
    );
    expect(sent.body).toMatchObject({
      amount: 300000,
      currency: 'INR',
      receipt: `${s.enrollmentNumber}/1`,
      notes: { enrollmentNumber: s.enrollmentNumber, installment: '1' },
    });
  });

  it('asking again for the same installment answers the same order and creates nothing at the gateway', async () => {
    const s = await enrol();
    const first = await opened(s.token, { installmentNumber: 2 });
    const before = razorpay.orders.size;
    const again = await opened(s.token, { installmentNumber: 2 });
    expect(again.orderId).toBe(first.orderId);
    expect(razorpay.orders.size).toBe(before);
    expect((await opened(s.token)).orderId).not.toBe(first.orderId);
  });

  it('a webhook with a tampered signature or a re-serialised body answers 400 and records nothing', async () => {
    const s = await enrol();
    const order = await opened(s.token);
    const payment = razorpay.pay(order.orderId);
    const hook = razorpay.webhook('payment.captured', payment);
    const tampered = await deliver({ ...hook, headers: { ...hook.headers, 'x-razorpay-signature': 'a'.repeat(64) } });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe(ONLINE_PAYMENT_MESSAGES.signatureInvalid);
    // The same JSON, spaced differently: the signature was made over other bytes.
    const reserialised = await deliver({ ...hook, body: JSON.stringify(JSON.parse(hook.body), null, 2) });
    expect(reserialised.statusCode).toBe(400);
    const changedAmount = await deliver({ ...hook, body: hook.body.replace('"amount":300000', '"amount":30000000') });
    expect(changedAmount.statusCode).toBe(400);
    await app.onlinePayments.settle();
    expect(await gatewayPayments(s.id)).toEqual([]);
    expect((await rows(sql`select 1 from gateway_events where gateway_payment_id = ${payment.id}`)).rows).toEqual([]);
  });

  it('ten copies of one event at once record one payment, with the mode of the method, and one stored event', async () => {
    const s = await enrol();
    const order = await opened(s.token);
    const payment = razorpay.pay(order.orderId, { method: 'card' });
    const hook = razorpay.webhook('payment.captured', payment);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(hook)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    await app.onlinePayments.settle();
    const recorded = await gatewayPayments(s.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ mode: 'card', gateway_payment_id: payment.id });
    expect((await rows(sql`select 1 from gateway_events where gateway_payment_id = ${payment.id}`)).rows).toHaveLength(
      1,
    );
    const detail = await s.detail();
    expect(detail.installments[0].status).toBe('paid');
    expect(detail.payments[0]).toMatchObject({ paymentMode: 'card', source: 'gateway', gatewayPaymentId: payment.id });
  });

  it("a stored event keeps what handling reads and none of the payer's details, and handling it again finds the one payment", async () => {
    const s = await enrol();
    const byUpi = razorpay.pay((await opened(s.token)).orderId);
    const byCard = razorpay.pay((await opened(s.token, { installmentNumber: 2 })).orderId, { method: 'card' });
    const hooks = [razorpay.webhook('order.paid', byUpi), razorpay.webhook('payment.captured', byCard)];
    for (const hook of hooks) expect((await deliver(hook)).statusCode).toBe(200);
    await app.onlinePayments.settle();
    expect((await gatewayPayments(s.id)).map((p) => p.gateway_payment_id).sort()).toEqual([byUpi.id, byCard.id].sort());
    const payer = [byUpi.email, byUpi.contact, byUpi.vpa!, byCard.card!.name, byCard.card!.last4];
    for (const value of payer) expect(hooks.map((h) => h.body).join()).toContain(value);

    for (const payment of [byUpi, byCard]) {
      const [stored] = (
        await rows<{ id: string; body: string }>(
          sql`select id, body from gateway_events where gateway_payment_id = ${payment.id}`,
        )
      ).rows;
      for (const value of payer) expect(stored!.body).not.toContain(value);
      const { email: _e, contact: _c, vpa: _v, card: _card, ...kept } = payment;
      expect(JSON.parse(stored!.body).payload.payment.entity).toEqual(kept);
      expect(kept.notes).toEqual({ enrollmentNumber: s.enrollmentNumber, installment: expect.any(String) });
      expect(await app.onlinePayments.service!.intake.handle(stored!.id)).toBe('already_recorded');
    }
    expect(await gatewayPayments(s.id)).toHaveLength(2);
  });

  it('events out of order (payment.captured after order.paid, older ones last) change nothing twice', async () => {
    const s = await enrol();
    const order = await opened(s.token);
    const payment = razorpay.pay(order.orderId);
    const paid = razorpay.webhook('order.paid', payment);
    const captured = razorpay.webhook('payment.captured', payment);
    expect((await deliver(paid)).statusCode).toBe(200);
    await app.onlinePayments.settle();
    expect((await deliver(captured)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    await app.onlinePayments.settle();
    expect(await gatewayPayments(s.id)).toHaveLength(1);
    const outcomes = await rows<{ outcome: string }>(
      sql`select ${LATEST_OUTCOME} from gateway_events e where gateway_payment_id = ${payment.id} order by received_at`,
    );
    expect(outcomes.rows.map((r) => r.outcome)).toEqual(['recorded', 'already_recorded']);
  });

  it('payment.failed then payment.captured of the same payment records it once', async () => {
    const s = await enrol();
    const order = await opened(s.token);
    const payment = razorpay.pay(order.orderId, { status: 'failed' });
    expect((await deliver(razorpay.webhook('payment.failed', payment))).statusCode).toBe(200);
    await app.onlinePayments.settle();
    expect(await gatewayPayments(s.id)).toEqual([]);
    razorpay.setStatus(payment.id, 'captured');
    expect((await deliver(razorpay.webhook('payment.captured', payment))).statusCode).toBe(200);
    await app.onlinePayments.settle();
    expect(await gatewayPayments(s.id)).toHaveLength(1);
    expect((await status(s.token, order.orderId)).json().data.state).toBe('received');
  });

  it('a late event (25 h), signed with the previous secret, for dues paid meanwhile in cash is recorded as a credit to refund', async () => {
    const s = await enrol();
    const order = await opened(s.token);
    const payment = razorpay.pay(order.orderId);
    payment.created_at -= 25 * 3600;
    for (const installment of (await s.detail()).installments as { _id: string }[]) {
      const cash = await app.inject({
        method: 'PUT',
        url: `/api/student-enrollment-payment/${s.id}/${installment._id}`,
        headers: auth,
        payload: { amount: 3000, paymentMode: 'cash', paidOn: localIsoDate() },
      });
      expect(cash.statusCode, cash.body).toBe(200);
    }
    const late = razorpay.webhook('payment.captured', payment, { secret: PREVIOUS_WEBHOOK_SECRET });
    expect((await deliver(late)).statusCode).toBe(200);
    await app.onlinePayments.settle();
    expect(await gatewayPayments(s.id)).toHaveLength(1);
    expect((await s.detail()).creditToRefund).toBe(3000);
    const dashboard = await app.inject({ method: 'GET', url: '/api/dashboard', headers: auth });
    expect(dashboard.json().data.money.creditsToRefund).toBeGreaterThanOrEqual(3000);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('an event for an order Registrar does not know is kept and shown as unmatched, never recorded', async () => {
    const stray = razorpay.pay((await razorpay.orders.values().next()).value!.id);
    stray.order_id = 'order_NOTOURS123';
    const res = await deliver(razorpay.webhook('payment.captured', stray));
    expect(res.statusCode).toBe(200);
    await app.onlinePayments.settle();
    const seen = await rows<{ outcome: string }>(
      sql`select ${LATEST_OUTCOME} from gateway_events e where gateway_payment_id = ${stray.id}`,
    );
    expect(seen.rows).toEqual([{ outcome: 'unmatched' }]);
    expect((await rows(sql`select 1 from payments where gateway_payment_id = ${stray.id}`)).rows).toEqual([]);
  });

  it('the return and the webhook racing 20 times at once record one payment each time', async () => {
    for (let round = 0; round < 20; round += 1) {
      const s = await enrol();
      const order = await opened(s.token);
      const payment = razorpay.pay(order.orderId, { method: round % 2 ? 'netbanking' : 'upi' });
      const [back, hook] = await Promise.all([
        returnFrom(s.token, razorpay.checkoutReturn(payment)),
        deliver(razorpay.webhook('order.paid', payment)),
      ]);
      expect(back.statusCode, back.body).toBe(200);
      expect(hook.statusCode).toBe(200);
      await app.onlinePayments.settle();
      const recorded = await gatewayPayments(s.id);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.mode).toBe(round % 2 ? 'bank_transfer' : 'upi');
      expect((await status(s.token, order.orderId)).json().data).toEqual({
        state: 'received',
        receiptNumber: recorded[0]!.receipt_number,
        installmentNumber: 1,
      });
    }
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('a return with a forged signature records nothing; another student cannot ask about the order', async () => {
    const s = await enrol();
    const other = await enrol();
    const order = await opened(s.token);
    const payment = razorpay.pay(order.orderId);
    const forged = { ...razorpay.checkoutReturn(payment), razorpay_signature: 'b'.repeat(64) };
    expect((await returnFrom(s.token, forged)).statusCode).toBe(400);
    expect((await returnFrom(other.token, razorpay.checkoutReturn(payment))).statusCode).toBe(404);
    expect((await status(other.token, order.orderId)).statusCode).toBe(404);
    expect(await gatewayPayments(s.id)).toEqual([]);
  });

  it('a webhook that never came is recovered by the reconciler; one instance runs it per period', async () => {
    const s = await enrol();
    const order = await opened(s.token);
    razorpay.pay(order.orderId);
    expect((await status(s.token, order.orderId)).json().data.state).toBe('pending');
    expect(await app.onlinePayments.reconcileOnce()).toBe(true);
    expect(await app.onlinePayments.reconcileOnce()).toBe(false);
    expect(await gatewayPayments(s.id)).toHaveLength(1);
    expect((await status(s.token, order.orderId)).json().data.state).toBe('received');
  });

  it('the gateway down: starting answers 503, the return still answers pending, nothing is lost', async () => {
    const s = await enrol();
    const order = await opened(s.token);
    const payment = razorpay.pay(order.orderId);
    razorpay.down = true;
    try {
      expect((await start(s.token, { installmentNumber: 3 })).statusCode).toBe(503);
      const back = await returnFrom(s.token, razorpay.checkoutReturn(payment));
      expect(back.json().data).toEqual({ state: 'pending', receiptNumber: null, installmentNumber: 1 });
    } finally {
      razorpay.down = false;
    }
    await db.execute(sql`update job_runs set last_run_at = 'epoch' where name = 'payment-reconcile'`);
    expect(await app.onlinePayments.reconcileOnce()).toBe(true);
    expect(await gatewayPayments(s.id)).toHaveLength(1);
  });

  it("the student's page alone allows Razorpay Checkout's origins", async () => {
    const s = await enrol();
    const page = await app.inject({ method: 'GET', url: `/my/${s.token}` });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain('https://checkout.razorpay.com');
    for (const url of ['/', '/login', '/api/dashboard', '/my'])
      expect((await app.inject({ method: 'GET', url })).headers['content-security-policy']).not.toContain('razorpay');
  });
});
