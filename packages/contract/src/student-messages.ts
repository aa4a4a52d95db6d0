/** What the institute told a student about their money, one message per event, and its delivery. */
import { z } from 'zod';
import { MESSAGE_CHANNELS } from './message-channels';

/** The money events a student hears of. */
export const STUDENT_MESSAGE_KINDS = [
  'payment_recorded',
  'payment_failed',
  'claim_confirmed',
  'claim_rejected',
  'refund_recorded',
  'cheque_bounced',
] as const;
export type StudentMessageKind = (typeof STUDENT_MESSAGE_KINDS)[number];
export const STUDENT_MESSAGE_KIND_LABELS: Record<StudentMessageKind, string> = {
  payment_recorded: 'Payment recorded',
  payment_failed: 'Online payment failed',
  claim_confirmed: 'Reported payment confirmed',
  claim_rejected: 'Reported payment not confirmed',
  refund_recorded: 'Refund recorded',
  cheque_bounced: 'Cheque bounced',
};

/** Where the message stands on the channel that carries it now (mail: its outbox row). */
export const STUDENT_MESSAGE_STATES = ['queued', 'sending', 'sent', 'failed', 'delivered', 'read'] as const;
export const STUDENT_MESSAGE_STATE_LABELS: Record<(typeof STUDENT_MESSAGE_STATES)[number], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  delivered: 'Delivered',
  read: 'Read',
};

/** One channel the message went out on, in the order tried. */
export const messageDeliverySchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS),
  state: z.enum(STUDENT_MESSAGE_STATES),
  /** The provider's reason in its words, with its code, when it failed. */
  error: z.string().nullable(),
  updatedAt: z.string(),
});

export const studentMessageSchema = z.object({
  _id: z.string(),
  kind: z.enum(STUDENT_MESSAGE_KINDS),
  /** The event's stable id: the same event never makes a second message. */
  eventKey: z.string(),
  /** The channel that carries the message now, and its state there. */
  channel: z.enum(MESSAGE_CHANNELS),
  state: z.enum(STUDENT_MESSAGE_STATES),
  deliveries: z.array(messageDeliverySchema),
  /** What the message said it was about: a receipt or voucher number, an amount, a reason. */
  summary: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type StudentMessage = z.infer<typeof studentMessageSchema>;
