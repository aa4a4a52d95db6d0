/** Paying fees online from the student's page through a payment gateway, and what staff see of it. */
import { z } from 'zod';
import { ONLINE_PAYMENT_MESSAGES } from './answer-messages';
import { exactObject } from './fields';
import { refundRequestSchema } from './fees';

export const PAYMENT_GATEWAYS = ['none', 'razorpay', 'simulator'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

// Zod-free, with the other sentences a student's screen may show; re-exported for the server.
export { ONLINE_PAYMENT_MESSAGES };

/** Order states: open until paid or failed; a paid order never goes back, a failed one only to paid. */
export const ORDER_STATES = ['open', 'paid', 'failed'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_LABELS: Record<OrderState, string> = { open: 'Open', paid: 'Paid', failed: 'Failed' };

/**
 * What the handling of one gateway event came to: each handling appends one, the latest counts.
 * Error is a handling that threw, tried again by the reconciler.
 */
export const HANDLED_EVENT_OUTCOMES = [
  'recorded',
  'already_recorded',
  'unmatched',
  'ignored',
  'failed',
  'refund_recorded',
  'refund_failed',
  'error',
] as const;
/** An event with no outcome appended yet is pending. */
export const EVENT_OUTCOMES = ['pending', ...HANDLED_EVENT_OUTCOMES] as const;
export type EventOutcome = (typeof EVENT_OUTCOMES)[number];
export const EVENT_OUTCOME_LABELS: Record<EventOutcome, string> = {
  pending: 'Not handled yet',
  recorded: 'Payment recorded',
  already_recorded: 'Already recorded',
  unmatched: 'Unmatched: no such order here',
  ignored: 'Nothing to do',
  failed: 'Payment failed',
  refund_recorded: 'Refund recorded',
  refund_failed: 'Refund failed at the gateway',
  error: 'Handling failed: the reconciler tries again',
};

/** Orders open this long with no webhook at all suggest the gateway has disabled ours. */
export const WEBHOOK_SILENCE_WARNING_MS = 60 * 60 * 1000;

export const startPaymentSchema = exactObject({
  installmentNumber: z.number({ error: ONLINE_PAYMENT_MESSAGES.installmentNotFound }).int().min(1).optional(),
  /** Every overdue installment in one payment, instead of one installment. */
  allOverdue: z.literal(true, { error: ONLINE_PAYMENT_MESSAGES.nothingOverdue }).optional(),
});
export type StartPayment = z.infer<typeof startPaymentSchema>;

export const startedPaymentSchema = z.object({
  gateway: z.enum(['razorpay', 'simulator']),
  orderId: z.string(),
  /** Paise, as Checkout takes it. */
  amount: z.number().int(),
  currency: z.string(),
  keyId: z.string(),
  /** The simulator's own checkout page; Razorpay's opens in the page instead. */
  checkoutUrl: z.string().optional(),
});
export type StartedPayment = z.infer<typeof startedPaymentSchema>;

/** Gateway ids are letters, digits and underscores; anything else cannot be one. */
const gatewayId = z.string().regex(/^[A-Za-z0-9_]{1,64}$/, { error: ONLINE_PAYMENT_MESSAGES.signatureInvalid });

export const paymentReturnSchema = exactObject({
  razorpay_order_id: gatewayId,
  razorpay_payment_id: gatewayId,
  razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/, { error: ONLINE_PAYMENT_MESSAGES.signatureInvalid }),
});
export type PaymentReturn = z.infer<typeof paymentReturnSchema>;

export const paymentStatusSchema = z.object({
  /** Failed: the gateway's attempt failed and took no money; a retry opens a new order. */
  state: z.enum(['received', 'pending', 'failed']),
  receiptNumber: z.string().nullable(),
  /** What the order paid for, so the page can offer the same again: an installment, or 0 for all overdue. */
  installmentNumber: z.number().int(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const onlineOrderSchema = z.object({
  orderId: z.string(),
  gateway: z.string(),
  enrollmentNumber: z.string(),
  name: z.string(),
  installmentNumber: z.number().int(),
  amount: z.number(),
  state: z.enum(ORDER_STATES),
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Every state the order has been in, oldest first (appended, never rewritten). */
  history: z.array(z.object({ state: z.string(), at: z.string() })),
});
export const gatewayEventSchema = z.object({
  eventId: z.string(),
  event: z.string(),
  orderId: z.string().nullable(),
  paymentId: z.string().nullable(),
  outcome: z.enum(EVENT_OUTCOMES),
  receivedAt: z.string(),
});
export const onlinePaymentsSchema = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS),
  orders: z.array(onlineOrderSchema),
  events: z.array(gatewayEventSchema),
  /** Staff refunds of online payments asked of the gateway, newest first, with their enrolment. */
  refunds: z.array(
    refundRequestSchema.extend({ enrollmentId: z.string(), enrollmentNumber: z.string(), name: z.string() }),
  ),
  /** Orders are open and no webhook has arrived for an hour: the gateway may have disabled it. */
  webhookSilent: z.boolean(),
  lastWebhookAt: z.string().nullable(),
});
export type OnlinePayments = z.infer<typeof onlinePaymentsSchema>;

export const whatsAppRequestSchema = exactObject({
  installmentNumber: z.number({ error: ONLINE_PAYMENT_MESSAGES.installmentNotFound }).int().min(1),
});
export const whatsAppLinkSchema = z.object({ url: z.string() });

/** WhatsApp's click-to-chat address for an Indian mobile number, with the message filled in. */
export const whatsAppUrl = (phone: string, text: string) =>
  `https://wa.me/91${phone.replace(/\D/g, '').slice(-10)}?text=${encodeURIComponent(text)}`;
