/** Razorpay: its Orders, Payments and Refunds API with HTTP Basic auth, amounts in paise. */
import { z } from 'zod';
import type { PaymentConfig } from '../../config';
import { GatewayError, type GatewayOrder, type NewOrder, type PaymentGateway } from './payment-gateway';
import {
  RazorpaySignatures,
  razorpayOrderSchema,
  razorpayPaymentSchema,
  razorpayRefundSchema,
  toPayment,
  toRefund,
} from './razorpay-format';

const TIMEOUT_MS = 10_000;
const collection = z.object({ items: z.array(razorpayPaymentSchema) });
const PAGE = 100;

export class RazorpayGateway extends RazorpaySignatures implements PaymentGateway {
  readonly name: 'razorpay' | 'simulator' = 'razorpay';
  private readonly auth: string;

  constructor(config: PaymentConfig) {
    super(config);
    this.auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  }

  private async call<T>(
    schema: z.ZodType<T>,
    method: string,
    path: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.config.apiUrl}/v1${path}`, {
        method,
        headers: { authorization: this.auth, 'content-type': 'application/json', ...headers },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new GatewayError(`razorpay ${method} ${path}: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) throw new GatewayError(`razorpay ${method} ${path}: HTTP ${res.status}`);
    const parsed = schema.safeParse(JSON.parse(text || 'null'));
    if (!parsed.success) throw new GatewayError(`razorpay ${method} ${path}: unexpected answer`);
    return parsed.data;
  }

  async createOrder(order: NewOrder): Promise<GatewayOrder> {
    const created = await this.call(razorpayOrderSchema, 'POST', '/orders', {
      amount: order.amountPaise,
      currency: 'INR',
      receipt: order.receipt.slice(0, 40),
      notes: order.notes,
    });
    return { id: created.id, amountPaise: created.amount, currency: created.currency, status: created.status };
  }

  async orderPayments(orderId: string) {
    const list = await this.call(collection, 'GET', `/orders/${encodeURIComponent(orderId)}/payments`);
    return list.items.map(toPayment);
  }

  async recentPayments(from: Date, to: Date) {
    const all = [];
    for (let skip = 0; ; skip += PAGE) {
      const query = `from=${Math.floor(from.getTime() / 1000)}&to=${Math.floor(to.getTime() / 1000)}&count=${PAGE}&skip=${skip}`;
      const page = await this.call(collection, 'GET', `/payments?${query}`);
      all.push(...page.items.map(toPayment));
      if (page.items.length < PAGE) return all;
    }
  }

  /** Razorpay keeps one refund per `X-Refund-Idempotency` key; our request's id travels as its receipt. */
  async refund(paymentId: string, amountPaise: number, idempotencyKey: string) {
    const refund = await this.call(
      razorpayRefundSchema,
      'POST',
      `/payments/${encodeURIComponent(paymentId)}/refund`,
      { amount: amountPaise, speed: 'normal', receipt: idempotencyKey.slice(0, 40) },
      { 'x-refund-idempotency': idempotencyKey },
    );
    return toRefund(refund);
  }

  async fetchRefund(paymentId: string, refundId: string) {
    const path = `/payments/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}`;
    return toRefund(await this.call(razorpayRefundSchema, 'GET', path));
  }
}
