/**
 * Refunding an online payment goes through the gateway: staff's refund asks Razorpay (our own
 * Razorpay-compatible server here) once per Idempotency-Key and answers 202; the ledger's RFND-
 * row appears only when the gateway reports the refund processed, once; a failed one stays a
 * failed request and the ledger never sees it. A cash payment's refund is recorded at once, as before.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES, type RefundRequest } from '@registrar/contract/fees';
import { verifyLedger } from '../src/services/ledger-check';
import { gatewaySetup, LATEST_OUTCOME } from './gateway-fixtures';
import { unzip } from './zip-entries';

describe('refunds of online payments through the gateway', async () => {
  const { app, database, auth, razorpay, enrol, start, deliver } = await gatewaySetup();
  const db = database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const ledgerRefunds = (enrollmentId: string) =>
    rows<{ refund_number: string; amount_paise: string; mode: string; reason: string }>(
      sql`select refund_number, amount_paise, mode, reason from refunds where enrollment_id = ${enrollmentId}`,
    );
  const refundCalls = () => razorpay.requests.filter((r) => r.method === 'POST' && /\/refund$/.test(r.path));

  /** An enrolment whose first installment (₹3,000) was paid online and recorded. */
  const paidOnline = async () => {
    const s = await enrol();
    const order = (await start(s.token)).json().data as { orderId: string };
    const payment = razorpay.pay(order.orderId);
    expect((await deliver(razorpay.webhook('payment.captured', payment))).statusCode).toBe(200);
    await app.onlinePayments.settle();
    const recorded = (await s.detail()).payments[0] as { _id: string; receiptNumber: string };
    return { ...s, paymentId: recorded._id, receiptNumber: recorded.receiptNumber, gatewayPaymentId: payment.id };
  };
  const refund = (enrollmentId: string, payload: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/student-enrollment-refund/${enrollmentId}`,
      headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const body = (paymentId: string, amount: number) => ({
    paymentId,
    amount,
    reason: 'Course dropped in the first week',
    refundedOn: localIsoDate(),
    paymentMode: 'upi',
    effect: 'owed-again',
  });
  const requestsOf = (res: { json: () => { data: { refundRequests?: RefundRequest[] } } }) =>
    res.json().data.refundRequests ?? [];

  it('asks the gateway for the amount in paise and answers 202: requested, nothing in the ledger yet', async () => {
    const s = await paidOnline();
    const before = refundCalls().length;
    const res = await refund(s.id, body(s.paymentId, 1250.5), 'refund-key-asks-once');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(`${FEE_MESSAGES.refundRequested}: Pending at the gateway`);
    const calls = refundCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe(`/v1/payments/${s.gatewayPaymentId}/refund`);
    expect(calls[0]!.body).toMatchObject({ amount: 125050 });
    const [request] = requestsOf(res);
    expect(request).toMatchObject({
      state: 'pending',
      amount: 1250.5,
      receiptNumber: s.receiptNumber,
      refundNumber: null,
      reason: 'Course dropped in the first week',
      requestedBy: { name: 'Accounts' },
    });
    expect(res.json().data.refunds).toEqual([]);
    expect(await ledgerRefunds(s.id)).toEqual([]);
  });

  it('the processed webhook, delivered 10 times at once, writes one RFND- refund; the installment re-opens', async () => {
    const s = await paidOnline();
    const res = await refund(s.id, body(s.paymentId, 3000), 'refund-key-ten-webhooks');
    expect(res.statusCode).toBe(202);
    const gatewayRefundId = requestsOf(res)[0]!.gatewayRefundId!;
    const processed = razorpay.settleRefund(gatewayRefundId, 'processed');
    // Ten copies under one event id, and ten more under ids of their own (a gateway re-sending).
    const same = razorpay.refundWebhook('refund.processed', processed);
    const hooks = [
      ...Array.from({ length: 10 }, () => same),
      ...Array.from({ length: 10 }, () => razorpay.refundWebhook('refund.processed', processed)),
    ];
    const answers = await Promise.all(hooks.map((hook) => deliver(hook)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    await app.onlinePayments.settle();
    const ledger = await ledgerRefunds(s.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.refund_number).toMatch(/^RFND-\d{4}-\d{6}$/);
    // The money goes back the way it came: the payment's mode, not the dialog's.
    expect(Number(ledger[0]!.amount_paise)).toBe(300000);
    expect(ledger[0]).toMatchObject({
      mode: 'upi',
      reason: 'Course dropped in the first week',
    });
    const detail = await s.detail();
    expect(detail.refunds).toHaveLength(1);
    expect(detail.installments[0].status).not.toBe('paid');
    expect(detail.refundRequests[0]).toMatchObject({ state: 'processed', refundNumber: ledger[0]!.refund_number });
    expect(detail.refundRequests[0].history.map((h: { state: string }) => h.state)).toEqual([
      'requested',
      'pending',
      'processed',
    ]);
    const outcomes = await rows<{ outcome: string }>(
      sql`select ${LATEST_OUTCOME} from gateway_events e where event like 'refund.%' and body like ${`%${gatewayRefundId}%`}`,
    );
    expect(outcomes.map((o) => o.outcome).sort()).toEqual([
      'already_recorded',
      ...Array(9).fill('already_recorded'),
      'refund_recorded',
    ]);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('a failed refund writes nothing to the ledger and stays a failed request shown to staff', async () => {
    const s = await paidOnline();
    const res = await refund(s.id, body(s.paymentId, 3000), 'refund-key-fails');
    const gatewayRefundId = requestsOf(res)[0]!.gatewayRefundId!;
    const failed = razorpay.settleRefund(gatewayRefundId, 'failed');
    expect((await deliver(razorpay.refundWebhook('refund.failed', failed))).statusCode).toBe(200);
    await app.onlinePayments.settle();
    expect(await ledgerRefunds(s.id)).toEqual([]);
    const detail = await s.detail();
    expect(detail.refundRequests[0]).toMatchObject({ state: 'failed', refundNumber: null });
    expect(detail.refundRequests[0].note).toContain('nothing entered the ledger');
    expect(detail.installments[0].status).toBe('paid');
    expect(detail.history.some((h: { kind: string }) => h.kind === 'refund_failed')).toBe(true);
    // A processed report arriving after the failure changes nothing: the request ended once.
    expect(
      (await deliver(razorpay.refundWebhook('refund.processed', { ...failed, status: 'processed' }))).statusCode,
    ).toBe(200);
    await app.onlinePayments.settle();
    expect(await ledgerRefunds(s.id)).toEqual([]);
    const screen = await app.inject({ method: 'GET', url: '/api/online-payments', headers: auth });
    expect(screen.json().data.refunds.find((r: RefundRequest) => r._id === detail.refundRequests[0]._id)).toMatchObject(
      {
        state: 'failed',
        enrollmentNumber: s.enrollmentNumber,
      },
    );
    // Once failed, the money can be asked for again.
    expect((await refund(s.id, body(s.paymentId, 3000), 'refund-key-after-failure')).statusCode).toBe(202);
  });

  it('the same Idempotency-Key twice (even at once) asks the gateway once and makes one request', async () => {
    const s = await paidOnline();
    const before = refundCalls().length;
    const [first, second] = await Promise.all([
      refund(s.id, body(s.paymentId, 1000), 'refund-key-sent-twice'),
      refund(s.id, body(s.paymentId, 1000), 'refund-key-sent-twice'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const third = await refund(s.id, body(s.paymentId, 1000), 'refund-key-sent-twice');
    expect(third.statusCode).toBe(202);
    expect(refundCalls().length - before).toBe(1);
    expect(requestsOf(third)).toHaveLength(1);
    // The same key with another amount is another request: refused.
    expect((await refund(s.id, body(s.paymentId, 999), 'refund-key-sent-twice')).statusCode).toBe(422);
  });

  it('never asks for more than is left once pending refunds count, and a pending refund blocks a void', async () => {
    const s = await paidOnline();
    expect((await refund(s.id, body(s.paymentId, 2000), 'refund-key-first-part')).statusCode).toBe(202);
    const before = refundCalls().length;
    const more = await refund(s.id, body(s.paymentId, 1500), 'refund-key-too-much');
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(FEE_MESSAGES.refundPendingAtGateway);
    expect(refundCalls().length).toBe(before);
    const installmentId = (await s.detail()).installments[0]._id as string;
    const voiding = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${s.id}/${installmentId}`,
      headers: auth,
      payload: { paymentId: s.paymentId, reason: 'Entered against the wrong student' },
    });
    expect(voiding.statusCode).toBe(409);
    expect(voiding.json().message).toBe(FEE_MESSAGES.voidRefundPending);
  });

  it('a refund the ledger would refuse is refused before the gateway is asked', async () => {
    const s = await paidOnline();
    const before = refundCalls().length;
    // No money beyond the schedule: a credit refund is refused, as at the counter.
    const res = await refund(s.id, { ...body(s.paymentId, 500), effect: 'credit' }, 'refund-key-no-credit');
    expect(res.statusCode).toBe(400);
    expect(refundCalls().length).toBe(before);
    expect((await refund(s.id, body(s.paymentId, 3000.01))).statusCode).toBe(400);
    expect((await s.detail()).refundRequests).toBeUndefined();
  });

  it('a missed webhook costs nothing: the reconciler asks the gateway and records the processed refund once', async () => {
    const s = await paidOnline();
    const res = await refund(s.id, body(s.paymentId, 3000), 'refund-key-reconciled');
    razorpay.settleRefund(requestsOf(res)[0]!.gatewayRefundId!, 'processed');
    await db.execute(sql`update job_runs set last_run_at = 'epoch' where name = 'payment-reconcile'`);
    expect(await app.onlinePayments.reconcileOnce()).toBe(true);
    await db.execute(sql`update job_runs set last_run_at = 'epoch' where name = 'payment-reconcile'`);
    expect(await app.onlinePayments.reconcileOnce()).toBe(true);
    expect(await ledgerRefunds(s.id)).toHaveLength(1);
    expect((await s.detail()).refundRequests[0].state).toBe('processed');
  });

  it('a gateway that did not answer is asked again by the reconciler under the same key', async () => {
    const s = await paidOnline();
    razorpay.down = true;
    const res = await refund(s.id, body(s.paymentId, 3000), 'refund-key-gateway-down');
    razorpay.down = false;
    expect(res.statusCode).toBe(202);
    expect(requestsOf(res)[0]).toMatchObject({ state: 'requested', gatewayRefundId: null });
    await db.execute(sql`update job_runs set last_run_at = 'epoch' where name = 'payment-reconcile'`);
    await app.onlinePayments.reconcileOnce();
    const [request] = (await s.detail()).refundRequests as RefundRequest[];
    expect(request).toMatchObject({ state: 'pending' });
    const keys = razorpay.requests.filter((r) => r.path === `/v1/payments/${s.gatewayPaymentId}/refund`);
    expect(keys.map((r) => (r.body as { receipt: string }).receipt)).toEqual([request!._id, request!._id]);
    expect(await ledgerRefunds(s.id)).toEqual([]);
  });

  it('a refund of a cash payment is recorded at once, as before (200, RFND- number, no gateway call)', async () => {
    const s = await enrol();
    const installmentId = (await s.detail()).installments[0]._id as string;
    const paid = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${s.id}/${installmentId}`,
      headers: auth,
      payload: { amount: 3000, paymentMode: 'cash', paidOn: localIsoDate() },
    });
    expect(paid.statusCode).toBe(200);
    const before = refundCalls().length;
    const res = await refund(s.id, { ...body(paid.json().data.payments[0]._id, 500), paymentMode: 'cash' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(new RegExp(`^${FEE_MESSAGES.refundRecorded}: RFND-`));
    expect(refundCalls().length).toBe(before);
    expect(await ledgerRefunds(s.id)).toHaveLength(1);
    expect(res.json().data.refundRequests).toBeUndefined();
  });

  it("the person's data export holds their refund requests asked of the gateway, with what became of each", async () => {
    const s = await paidOnline();
    expect((await refund(s.id, body(s.paymentId, 500), 'refund-key-export')).statusCode).toBe(202);
    const res = await app.inject({ method: 'GET', url: `/api/student-data-export/${s.id}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const data = JSON.parse((await unzip(res.rawPayload)).get('data.json')!.toString('utf8'));
    expect(data.enrollment.refundRequests).toMatchObject([
      {
        receiptNumber: s.receiptNumber,
        amount: 500,
        reason: 'Course dropped in the first week',
        state: 'pending',
        history: [{ state: 'requested' }, { state: 'pending' }],
      },
    ]);
  });

  it('refund requests, their events and the orders\u2019 history are appended, never rewritten', async () => {
    const s = await paidOnline();
    await refund(s.id, body(s.paymentId, 100), 'refund-key-append-only');
    await expect(db.execute(sql`update gateway_refund_requests set amount_paise = 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from gateway_refund_events`)).rejects.toThrow();
    const history = await rows<{ state: string }>(
      sql`select h.state from payment_order_history h join payment_orders o on o.id = h.order_id
          where o.enrollment_id = ${s.id} order by h.at`,
    );
    expect(history.map((h) => h.state)).toEqual(['open', 'paid']);
    await expect(
      db.execute(sql`update payment_orders set state = 'open' where enrollment_id = ${s.id}`),
    ).rejects.toThrow();
    const screen = await app.inject({ method: 'GET', url: '/api/online-payments', headers: auth });
    const order = screen
      .json()
      .data.orders.find((o: { enrollmentNumber: string }) => o.enrollmentNumber === s.enrollmentNumber);
    expect(order.history.map((h: { state: string }) => h.state)).toEqual(['open', 'paid']);
  });
});
