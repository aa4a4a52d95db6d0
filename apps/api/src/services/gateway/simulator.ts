/**
 * A gateway inside the server for demos and tests: orders and payments live in memory, its own
 * checkout page has Pay and Fail, and each press sends a webhook signed like Razorpay's to our own
 * webhook route, so the verification and recording code that runs is the real one.
 */
import { randomBytes } from 'node:crypto';
import { apiUrl } from '@registrar/contract/api-paths';
import {
  GatewayError,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type NewOrder,
  type PaymentGateway,
} from './payment-gateway';
import { hmacHex, RazorpaySignatures } from './razorpay-format';

const id = (prefix: string) => `${prefix}_SIM${randomBytes(7).toString('hex')}`;
/** A UPI RRN as a bank gives one: 12 digits, the first not 0. */
const rrn = () => String(100_000_000_000 + (randomBytes(6).readUIntBE(0, 6) % 900_000_000_000));
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Hands a signed webhook to our own webhook route. */
export type WebhookDelivery = (body: string, headers: Record<string, string>) => Promise<void>;

interface SimOrder extends GatewayOrder {
  notes: Record<string, string>;
}

export class SimulatorGateway extends RazorpaySignatures implements PaymentGateway {
  readonly name = 'simulator' as const;
  private readonly orders = new Map<string, SimOrder>();
  private readonly payments = new Map<string, GatewayPayment>();
  private readonly refunds = new Map<string, GatewayRefund>();
  deliver: WebhookDelivery = async () => {};

  order(orderId: string): SimOrder | undefined {
    return this.orders.get(orderId);
  }

  async createOrder(order: NewOrder): Promise<GatewayOrder> {
    const created = {
      id: id('order'),
      amountPaise: order.amountPaise,
      currency: 'INR',
      status: 'created',
      notes: order.notes,
    };
    this.orders.set(created.id, created);
    return created;
  }

  async orderPayments(orderId: string) {
    return [...this.payments.values()].filter((p) => p.orderId === orderId);
  }

  async recentPayments(from: Date, to: Date) {
    return [...this.payments.values()].filter((p) => p.createdAt >= from && p.createdAt <= to);
  }

  /** The simulator's refunds are processed at once, one per idempotency key. */
  async refund(paymentId: string, amountPaise: number, idempotencyKey: string) {
    if (!this.payments.has(paymentId)) throw new GatewayError(`simulator: no payment ${paymentId}`);
    const known = [...this.refunds.values()].find((r) => r.receipt === idempotencyKey);
    if (known) return known;
    const refund = { id: id('rfnd'), paymentId, amountPaise, status: 'processed' as const, receipt: idempotencyKey };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  async fetchRefund(_paymentId: string, refundId: string) {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new GatewayError(`simulator: no refund ${refundId}`);
    return refund;
  }

  checkoutUrl(orderId: string, back: string) {
    return `${apiUrl('paymentSimulator', orderId)}?back=${encodeURIComponent(back)}`;
  }

  /** The student pressed Pay or Fail: a payment is made and its webhook sent, as Razorpay would. */
  async press(
    orderId: string,
    outcome: 'pay' | 'fail',
  ): Promise<{ paymentId: string; signature: string; utr: string }> {
    const order = this.orders.get(orderId);
    if (!order) throw new GatewayError(`simulator: no order ${orderId}`);
    const payment: GatewayPayment = {
      id: id('pay'),
      orderId,
      amountPaise: order.amountPaise,
      currency: order.currency,
      status: outcome === 'pay' ? 'captured' : 'failed',
      mode: 'upi',
      utr: rrn(),
      createdAt: new Date(),
    };
    this.payments.set(payment.id, payment);
    if (outcome === 'pay') order.status = 'paid';
    const entity = {
      id: payment.id,
      entity: 'payment',
      amount: payment.amountPaise,
      currency: payment.currency,
      status: payment.status,
      order_id: orderId,
      method: 'upi',
      captured: outcome === 'pay',
      acquirer_data: { rrn: payment.utr },
      created_at: seconds(payment.createdAt),
    };
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_SIMULATOR',
      event: outcome === 'pay' ? 'order.paid' : 'payment.failed',
      contains: outcome === 'pay' ? ['payment', 'order'] : ['payment'],
      payload: {
        payment: { entity },
        ...(outcome === 'pay' ? { order: { entity: { id: orderId, entity: 'order', status: 'paid' } } } : {}),
      },
      created_at: seconds(new Date()),
    });
    await this.deliver(body, {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(this.config.webhookSecrets[0]!, body),
      'x-razorpay-event-id': id('evt'),
    });
    return {
      paymentId: payment.id,
      signature: hmacHex(this.config.keySecret, `${orderId}|${payment.id}`),
      utr: payment.utr!,
    };
  }
}
