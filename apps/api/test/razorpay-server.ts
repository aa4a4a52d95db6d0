/**
 * A Razorpay-compatible API for tests, on a free port: orders, payments, refunds, HTTP Basic auth,
 * amounts in paise, as Razorpay's docs describe them. Tests make payments on it (as a student's
 * checkout would), build the webhooks Razorpay would send, and can make it stop answering.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const KEY_ID = 'rzp_test_registrar';
export const KEY_SECRET = 'key-secret-of-the-test-account';
export const WEBHOOK_SECRET = 'webhook-secret-of-the-test-account';

const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
export const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

/** A webhook delivery as Razorpay sends it: the event envelope, signed, with its own event id unless given one. */
function signedEvent(
  event: string,
  contains: string[],
  payload: object,
  options: { secret?: string; eventId?: string },
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_TESTACCOUNT',
    event,
    contains,
    payload,
    created_at: now(),
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmac(options.secret ?? WEBHOOK_SECRET, body),
      'x-razorpay-event-id': options.eventId ?? rid('evt'),
    },
  };
}

export interface RzOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}
export interface RzPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  email: string;
  contact: string;
  /** The payer's UPI address, for a UPI payment. */
  vpa: string | null;
  /** The card paid with, for a card payment: the holder's name among its details. */
  card: { id: string; entity: 'card'; name: string; last4: string; network: string; type: string } | null;
  notes: Record<string, string>;
  fee: number;
  tax: number;
  acquirer_data: Record<string, string>;
  created_at: number;
}

export interface RzRefund {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  speed_requested: string;
  created_at: number;
}

export interface RazorpayTestServer {
  url: string;
  orders: Map<string, RzOrder>;
  payments: Map<string, RzPayment>;
  /** Refunds, pending until the test settles them (as a normal-speed refund is). */
  refunds: Map<string, RzRefund>;
  /** The bank settles a refund: processed or failed. */
  settleRefund(refundId: string, status: 'processed' | 'failed'): RzRefund;
  /** The refund.processed or refund.failed webhook Razorpay would send, signed. */
  refundWebhook(
    event: string,
    refund: RzRefund,
    options?: { eventId?: string },
  ): { body: string; headers: Record<string, string> };
  /** Every request as it arrived: method, path, authorization and body. */
  requests: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  /** The student pays (or fails to) at checkout: a payment on the order. */
  pay(orderId: string, options?: { method?: string; status?: RzPayment['status']; amount?: number }): RzPayment;
  /** A payment moves on (failed → captured on a retry the bank confirmed late). */
  setStatus(paymentId: string, status: RzPayment['status']): RzPayment;
  /** The webhook Razorpay would send for this payment: raw body and headers, signed. */
  webhook(
    event: string,
    payment: RzPayment,
    options?: { secret?: string; eventId?: string },
  ): { body: string; headers: Record<string, string> };
  /** Checkout's browser return: the three fields, signed with the key secret. */
  checkoutReturn(payment: RzPayment): {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
  /** While down, every request is answered 503. */
  down: boolean;
  close(): Promise<void>;
}

export async function startRazorpayServer(): Promise<RazorpayTestServer> {
  const orders = new Map<string, RzOrder>();
  const payments = new Map<string, RzPayment>();
  const requests: RazorpayTestServer['requests'] = [];
  const refunds = new Map<string, RzRefund>();
  const refundsByKey = new Map<string, RzRefund>();
  const expected = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
  const state = { down: false };

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const fail = (res: http.ServerResponse, status: number, description: string) =>
    answer(res, status, { error: { code: 'BAD_REQUEST_ERROR', description } });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      requests.push({
        method: req.method ?? '',
        path: url.pathname + url.search,
        authorization: req.headers.authorization,
        body,
      });
      if (state.down) return fail(res, 503, 'unavailable');
      if (req.headers.authorization !== expected) return fail(res, 401, 'The api key provided is invalid');
      const parts = url.pathname.split('/').filter(Boolean);
      if (req.method === 'POST' && url.pathname === '/v1/orders') {
        const amount = body?.amount;
        const receipt = String(body?.receipt ?? '');
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) return fail(res, 400, 'amount');
        if (body?.currency !== 'INR' || receipt.length > 40) return fail(res, 400, 'currency or receipt');
        const order: RzOrder = {
          id: rid('order'),
          entity: 'order',
          amount,
          amount_paid: 0,
          amount_due: amount,
          currency: 'INR',
          receipt,
          status: 'created',
          attempts: 0,
          notes: (body?.notes as Record<string, string>) ?? {},
          created_at: now(),
        };
        orders.set(order.id, order);
        return answer(res, 200, order);
      }
      if (req.method === 'GET' && parts[1] === 'orders' && parts[3] === 'payments') {
        const items = [...payments.values()].filter((p) => p.order_id === parts[2]);
        return answer(res, 200, { entity: 'collection', count: items.length, items });
      }
      if (req.method === 'GET' && parts[1] === 'orders' && parts[2]) {
        const order = orders.get(parts[2]);
        return order ? answer(res, 200, order) : fail(res, 400, 'The id provided does not exist');
      }
      if (req.method === 'GET' && url.pathname === '/v1/payments') {
        const from = Number(url.searchParams.get('from') ?? 0);
        const to = Number(url.searchParams.get('to') ?? Number.MAX_SAFE_INTEGER);
        const skip = Number(url.searchParams.get('skip') ?? 0);
        const count = Number(url.searchParams.get('count') ?? 10);
        const items = [...payments.values()]
          .filter((p) => p.created_at >= from && p.created_at <= to)
          .slice(skip, skip + count);
        return answer(res, 200, { entity: 'collection', count: items.length, items });
      }
      if (req.method === 'POST' && parts[1] === 'payments' && parts[3] === 'refund') {
        const payment = payments.get(parts[2] ?? '');
        if (!payment || payment.status !== 'captured') return fail(res, 400, 'payment not captured');
        // Razorpay keeps one refund per X-Refund-Idempotency key (at least 10 characters).
        const key = req.headers['x-refund-idempotency'];
        if (typeof key === 'string' && !/^[A-Za-z0-9_-]{10,}$/.test(key)) return fail(res, 400, 'idempotency key');
        const known = typeof key === 'string' ? refundsByKey.get(key) : undefined;
        if (known) return answer(res, 200, known);
        const amount = typeof body?.amount === 'number' ? body.amount : payment.amount;
        const refunded = [...refunds.values()]
          .filter((r) => r.payment_id === payment.id && r.status !== 'failed')
          .reduce((t, r) => t + r.amount, 0);
        if (amount > payment.amount - refunded) return fail(res, 400, 'The refund amount is more than the payment');
        const refund: RzRefund = {
          id: rid('rfnd'),
          entity: 'refund',
          payment_id: payment.id,
          amount,
          currency: 'INR',
          receipt: typeof body?.receipt === 'string' ? body.receipt : null,
          status: 'pending',
          speed_requested: String(body?.speed ?? 'normal'),
          created_at: now(),
        };
        refunds.set(refund.id, refund);
        if (typeof key === 'string') refundsByKey.set(key, refund);
        return answer(res, 200, refund);
      }
      if (req.method === 'GET' && parts[1] === 'payments' && parts[3] === 'refunds' && parts[4]) {
        const refund = refunds.get(parts[4]);
        return refund && refund.payment_id === parts[2]
          ? answer(res, 200, refund)
          : fail(res, 400, 'The id provided does not exist');
      }
      return fail(res, 404, 'The requested URL was not found on the server.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const api: RazorpayTestServer = {
    url: `http://127.0.0.1:${port}`,
    orders,
    payments,
    refunds,
    requests,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    pay(orderId, options = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const status = options.status ?? 'captured';
      const method = options.method ?? 'upi';
      const payment: RzPayment = {
        id: rid('pay'),
        entity: 'payment',
        amount: options.amount ?? order.amount,
        currency: 'INR',
        status,
        order_id: orderId,
        method,
        captured: status === 'captured',
        email: 'student@example.in',
        contact: '+919876543210',
        vpa: method === 'upi' ? 'student.payer@okhdfcbank' : null,
        card:
          method === 'card'
            ? { id: rid('card'), entity: 'card', name: 'Student Payer', last4: '4242', network: 'Visa', type: 'debit' }
            : null,
        notes: order.notes,
        fee: 0,
        tax: 0,
        // Each UPI payment its own RRN, as banks give them: the ledger keeps it as the payment's UTR.
        acquirer_data: method === 'upi' ? { rrn: String(412345678901 + payments.size) } : { auth_code: '123456' },
        created_at: now(),
      };
      payments.set(payment.id, payment);
      order.attempts += 1;
      order.status = status === 'captured' ? 'paid' : 'attempted';
      if (status === 'captured') {
        order.amount_paid = payment.amount;
        order.amount_due = 0;
      }
      return payment;
    },
    setStatus(paymentId, status) {
      const payment = payments.get(paymentId)!;
      payment.status = status;
      payment.captured = status === 'captured';
      if (status === 'captured') orders.get(payment.order_id)!.status = 'paid';
      return payment;
    },
    webhook(event, payment, options = {}) {
      const order = orders.get(payment.order_id);
      return signedEvent(
        event,
        event === 'order.paid' ? ['payment', 'order'] : ['payment'],
        {
          payment: { entity: payment },
          ...(event === 'order.paid' && order ? { order: { entity: order } } : {}),
        },
        options,
      );
    },
    settleRefund(refundId, status) {
      const refund = refunds.get(refundId)!;
      refund.status = status;
      return refund;
    },
    refundWebhook(event, refund, options = {}) {
      const payment = payments.get(refund.payment_id);
      return signedEvent(
        event,
        ['refund', 'payment'],
        { refund: { entity: refund }, ...(payment ? { payment: { entity: payment } } : {}) },
        options,
      );
    },
    checkoutReturn(payment) {
      return {
        razorpay_order_id: payment.order_id,
        razorpay_payment_id: payment.id,
        razorpay_signature: hmac(KEY_SECRET, `${payment.order_id}|${payment.id}`),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
