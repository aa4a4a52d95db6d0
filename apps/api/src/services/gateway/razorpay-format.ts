/** Razorpay's wire format: signatures, and its entities read into the gateway's shapes. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { LedgerPaymentMode } from '@registrar/contract/constants';
import { isUtrFor, normaliseUtr } from '@registrar/contract/payment-references';
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

  redactWebhook(rawBody: Buffer) {
    return withoutPayerDetails(rawBody);
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
  acquirer_data: z
    .object({ rrn: z.string().nullish(), bank_transaction_id: z.string().nullish() })
    .nullish()
    .catch(null),
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

/**
 * The bank's own reference of the money, as a UTR the ledger accepts for that mode: the RRN of a
 * UPI payment, the bank's transaction id of a netbanking one; none for a card or a wallet.
 */
function bankReference(mode: LedgerPaymentMode, acquirer: z.infer<typeof razorpayPaymentSchema>['acquirer_data']) {
  const raw = mode === 'upi' ? acquirer?.rrn : mode === 'bank_transfer' ? acquirer?.bank_transaction_id : null;
  const utr = raw ? normaliseUtr(raw) : '';
  return utr && isUtrFor(utr, mode) ? utr : null;
}

export const toPayment = (p: z.infer<typeof razorpayPaymentSchema>): GatewayPayment => {
  const mode = METHOD_MODES[p.method ?? ''] ?? 'other';
  return {
    id: p.id,
    orderId: p.order_id ?? null,
    amountPaise: p.amount,
    currency: p.currency,
    status: p.status,
    mode,
    utr: bankReference(mode, p.acquirer_data),
    createdAt: new Date(p.created_at * 1000),
  };
};
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

/** Keys, at any depth of Razorpay's entities, that hold the payer's own details rather than the payment's. */
const PAYER_FIELDS = new Set([
  'email',
  'contact',
  'name',
  'vpa',
  'card',
  'bank_account',
  'payer_bank_account',
  'customer',
  'customer_details',
  'billing_address',
  'shipping_address',
]);

const scrubbed = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(scrubbed);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !PAYER_FIELDS.has(key))
      .map(([key, v]) => [key, scrubbed(v)]),
  );
};

/**
 * A verified body as it is kept: ids, amounts, statuses, method, notes and the rest as sent, the
 * payer's details removed. A body that is not JSON is kept as it came: it holds nothing we can find.
 */
export function withoutPayerDetails(rawBody: Buffer): string {
  const text = rawBody.toString('utf8');
  try {
    return JSON.stringify(scrubbed(JSON.parse(text)));
  } catch {
    return text;
  }
}
