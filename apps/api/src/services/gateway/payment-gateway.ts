/**
 * What Registrar needs from a payment gateway, whichever it is. The ledger sees only these shapes,
 * so another gateway (Cashfree, PhonePe) is one more implementation of `PaymentGateway`.
 */
import type { LedgerPaymentMode } from '@registrar/contract/constants';

export interface GatewayOrder {
  id: string;
  amountPaise: number;
  currency: string;
  status: string;
}

export interface GatewayPayment {
  id: string;
  orderId: string | null;
  amountPaise: number;
  currency: string;
  /** Money reached the institute only when captured (a refunded one was captured first). */
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** The ledger's mode for how the student paid. */
  mode: LedgerPaymentMode;
  /** The bank's reference the gateway reports (a UPI RRN, a netbanking transaction id): the payment's UTR. */
  utr: string | null;
  createdAt: Date;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
  /** Ours, sent with the refund: the id of the staff's refund request. */
  receipt: string | null;
}

/** One webhook delivery, read. */
export interface GatewayEvent {
  event: string;
  orderId: string | null;
  payment: GatewayPayment | null;
  refund: GatewayRefund | null;
}

export interface NewOrder {
  amountPaise: number;
  /** Ours, at most 40 characters, shown in the gateway's dashboard. */
  receipt: string;
  notes: Record<string, string>;
}

export interface PaymentGateway {
  readonly name: 'razorpay' | 'simulator';
  /** The public key the browser's checkout needs. */
  readonly keyId: string;
  createOrder(order: NewOrder): Promise<GatewayOrder>;
  orderPayments(orderId: string): Promise<GatewayPayment[]>;
  recentPayments(from: Date, to: Date): Promise<GatewayPayment[]>;
  /** Asks for a refund; the same `idempotencyKey` again answers the same refund and moves no more money. */
  refund(paymentId: string, amountPaise: number, idempotencyKey: string): Promise<GatewayRefund>;
  /** Where a refund asked earlier stands now. */
  fetchRefund(paymentId: string, refundId: string): Promise<GatewayRefund>;
  /** True when the signature was made over exactly these bytes with a webhook secret. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
  /** The event in a verified body; undefined for a body that is not one. */
  parseWebhook(rawBody: Buffer): GatewayEvent | undefined;
  /** A verified body as it may be kept: all `parseWebhook` reads, none of the payer's own details. */
  redactWebhook(rawBody: Buffer): string;
  /** True when the browser's return carries the gateway's signature of this order and payment. */
  verifyReturn(orderId: string, paymentId: string, signature: string): boolean;
  /** A checkout page of the gateway's own, for gateways whose checkout is not a script on our page. */
  checkoutUrl?(orderId: string, back: string): string;
}

/** A gateway that did not answer, or answered something we cannot use. */
export class GatewayError extends Error {}
