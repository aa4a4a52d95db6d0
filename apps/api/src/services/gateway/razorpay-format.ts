/** Razorpay's wire format: signatures, and its entities read into the gateway's shapes. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { LedgerPaymentMode } from '@registrar/contract/constants';
import type { PaymentConfig } from '../../config';
import type { GatewayEvent, GatewayPayment, GatewayRefund } from './payment-gateway';

export const hmacHex = (secret: string, data: Buffer | string) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time comparison of a hex signature with the one each secret gives. */
export function signedBy(secrets: string[], data: Buffer | string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const given = Buffer.from(signature.toLowerCase(), 'hex');
  let ok = false;
  // Every secret is tried, so the time taken does not say which one matched.
  for (const secret of secrets) ok = timingSafeEqual(Buffer.from(hmacHex(secret, data), 'hex'), given) || ok;
  return ok;
}

/** The gateway's checks of what Razorpay signs; the simulator signs the same way, so both share them. */
export abstract class RazorpaySignatures {
  readonly keyId: string;

  constructor(protected readonly config: PaymentConfig) {
    this.keyId = config.keyId;
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined) {
    return signedBy(this.config.webhookSecrets, rawBody, signature);
  }

  parseWebhook(rawBody: Buffer) {
    return parseRazorpayEvent(rawBody);
  }

  verifyReturn(orderId: string, paymentId: string, signature: string) {
    return signedBy([this.config.keySecret], `${orderId}|${paymentId}`, signature);
  }
}

const METHOD_MODES: Record<string, LedgerPaymentMode> = {
  upi: 'upi',
  card: 'card',
  netbanking: 'bank_transfer',
  emandate: 'bank_transfer',
  nach: 'bank_transfer',
  bank_transfer: 'bank_transfer',
};

export const razorpayPaymentSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  order_id: z.string().nullish(),
  method: z.string().nullish(),
  created_at: z.number(),
});
export const razorpayRefundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.enum(['pending', 'processed', 'failed']),
  receipt: z.string().nullish(),
});
export const razorpayOrderSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
});

export const toPayment = (p: z.infer<typeof razorpayPaymentSchema>): GatewayPayment => ({
  id: p.id,
  orderId: p.order_id ?? null,
  amountPaise: p.amount,
  currency: p.currency,
  status: p.status,
  mode: METHOD_MODES[p.method ?? ''] ?? 'other',
  createdAt: new Date(p.created_at * 1000),
});
export const toRefund = (r: z.infer<typeof razorpayRefundSchema>): GatewayRefund => ({
  id: r.id,
  paymentId: r.payment_id,
  amountPaise: r.amount,
  status: r.status,
  receipt: r.receipt ?? null,
});

const eventSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: razorpayPaymentSchema }).optional(),
    order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
    refund: z.object({ entity: razorpayRefundSchema }).optional(),
  }),
});

export function parseRazorpayEvent(rawBody: Buffer): GatewayEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { payment, order, refund } = parsed.data.payload;
  return {
    event: parsed.data.event,
    orderId: order?.entity.id ?? payment?.entity.order_id ?? null,
    payment: payment ? toPayment(payment.entity) : null,
    refund: refund ? toRefund(refund.entity) : null,
  };
}
