/**
 * The channels a student message travels by, in the institute's order, and what each provider is
 * sent: the WhatsApp Cloud API's approved templates and the DLT-registered SMS texts.
 */
import { z } from 'zod';

export const MESSAGE_CHANNELS = ['whatsapp', 'sms', 'mail'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  mail: 'Mail',
};

/** `live` talks to the configured APIs; `simulator` to the app's own stand-in for both. */
export const MESSAGE_CHANNEL_MODES = ['live', 'simulator'] as const;

/** Where one delivery stands; `read` outranks `delivered`, which outranks a `failed` report. */
export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'delivered', 'read'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  delivered: 'Delivered',
  read: 'Read',
};

/** What a template is about: the money events, and the two messages sent apart from them. */
export const TEMPLATE_OCCASIONS = [
  'payment_recorded',
  'payment_failed',
  'claim_confirmed',
  'claim_rejected',
  'refund_recorded',
  'cheque_bounced',
  'fee_reminder',
  'enrollment_approved',
] as const;
export type TemplateOccasion = (typeof TEMPLATE_OCCASIONS)[number];

/**
 * The approved utility templates, by occasion: the name registered with Meta and its body
 * parameters in order. Every name is lowercase with underscores, as Meta requires.
 */
export const WHATSAPP_TEMPLATES: Record<TemplateOccasion, { name: string; params: readonly string[] }> = {
  payment_recorded: { name: 'fee_receipt', params: ['name', 'amount', 'receipt', 'link'] },
  claim_confirmed: { name: 'fee_receipt', params: ['name', 'amount', 'receipt', 'link'] },
  payment_failed: { name: 'fee_payment_failed', params: ['name', 'amount', 'link'] },
  claim_rejected: { name: 'fee_claim_not_found', params: ['name', 'amount', 'utr', 'reason', 'link'] },
  refund_recorded: { name: 'fee_refund', params: ['name', 'amount', 'voucher', 'link'] },
  cheque_bounced: { name: 'fee_cheque_bounced', params: ['name', 'cheque', 'charge', 'due', 'link'] },
  fee_reminder: { name: 'fee_reminder', params: ['name', 'amount', 'installment', 'date', 'link'] },
  enrollment_approved: { name: 'enrolment_approved', params: ['name', 'number', 'link'] },
};

/**
 * The DLT-registered text of each SMS, `{#var#}` where a value goes (in the order of `params`).
 * The provider rejects a text that differs from the registered one, so these change only with it.
 */
export const SMS_TEMPLATES: Record<TemplateOccasion, { text: string; params: readonly string[] }> = {
  payment_recorded: {
    text: 'Received {#var#} with thanks, receipt {#var#}. Details: {#var#} -{#var#}',
    params: ['amount', 'receipt', 'link', 'institute'],
  },
  claim_confirmed: {
    text: 'Received {#var#} with thanks, receipt {#var#}. Details: {#var#} -{#var#}',
    params: ['amount', 'receipt', 'link', 'institute'],
  },
  payment_failed: {
    text: 'Your payment of {#var#} failed, no money was taken. Try again: {#var#} -{#var#}',
    params: ['amount', 'link', 'institute'],
  },
  claim_rejected: {
    text: 'We could not find your payment of {#var#} (UTR {#var#}). Details: {#var#} -{#var#}',
    params: ['amount', 'utr', 'link', 'institute'],
  },
  refund_recorded: {
    text: 'Refund of {#var#} recorded, voucher {#var#}. Details: {#var#} -{#var#}',
    params: ['amount', 'voucher', 'link', 'institute'],
  },
  cheque_bounced: {
    text: 'Your cheque {#var#} bounced; charge {#var#}, now due {#var#}. Pay: {#var#} -{#var#}',
    params: ['cheque', 'charge', 'due', 'link', 'institute'],
  },
  fee_reminder: {
    text: 'Fee of {#var#} (installment {#var#}) is due on {#var#}. Pay: {#var#} -{#var#}',
    params: ['amount', 'installment', 'date', 'link', 'institute'],
  },
  enrollment_approved: {
    text: 'Your enrolment {#var#} is approved. Details: {#var#} -{#var#}',
    params: ['number', 'link', 'institute'],
  },
};

/** Meta's codes for a template the account cannot use: told to an admin, never retried. */
export const WHATSAPP_TEMPLATE_ERRORS = [132000, 132001, 132005, 132007, 132012, 132015, 132016] as const;
/** Codes after which the next channel is tried: the person cannot be reached on WhatsApp. */
export const WHATSAPP_UNREACHABLE_ERRORS = [131026, 131047, 131050, 131051] as const;
/** Throughput and pair-rate limits: the same message is tried again later on the same channel. */
export const WHATSAPP_RATE_ERRORS = [130429, 131056, 131000] as const;

export const MESSAGE_WEBHOOK_MESSAGES = {
  signatureInvalid: 'The signature does not match this body.',
  verifyTokenInvalid: 'The verify token does not match.',
  received: 'Received.',
  notConfigured: 'This channel is not configured.',
  problemNotFound: 'That template problem was not found or is already cleared.',
  problemCleared: 'Cleared: the template will be used again.',
} as const;

export const templateProblemSchema = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** The template's name; `*` when the provider refused the account itself (a token, a number). */
  template: z.string(),
  error_code: z.string(),
  error: z.string(),
  at: z.string(),
});
