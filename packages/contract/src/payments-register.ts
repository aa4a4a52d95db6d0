/**
 * The payments register: every receipt, refund and void across students, one row each, in the
 * same signs the dashboard's "collected" adds up (a refund and a void are negative), so a period's
 * rows sum to what the dashboard says was collected in it.
 */
import { z } from 'zod';
import { RECORDED_PAYMENT_MODES } from './constants';
import { pagingQuerySchema } from './envelope';
import { REFUND_EFFECTS } from './fees';
import { MESSAGES } from './messages';

export const REGISTER_KINDS = ['receipt', 'refund', 'void'] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];
export const REGISTER_KIND_LABELS: Record<RegisterKind, string> = {
  receipt: 'Receipt',
  refund: 'Refund',
  void: 'Void',
};

/** How an imported payment's rows are marked, on screen and in the CSV. */
export const IMPORTED_LABEL = 'Imported';

export const REGISTER_MESSAGES = {
  toBeforeFrom: 'The end date is before the start date',
} as const;

/** `GET /api/payments?search=&from=&to=&mode=&page=&limit=`: search matches receipt or refund number, UTR, cheque number, name, enrolment number. */
export const paymentsRegisterQuerySchema = pagingQuerySchema
  .extend({
    from: z.iso.date({ error: MESSAGES.dateInvalid }).optional(),
    to: z.iso.date({ error: MESSAGES.dateInvalid }).optional(),
    mode: z.enum(RECORDED_PAYMENT_MODES).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: REGISTER_MESSAGES.toBeforeFrom, path: ['to'] });
export type PaymentsRegisterQuery = z.infer<typeof paymentsRegisterQuerySchema>;

export const registerEntrySchema = z.object({
  /** Unique across kinds: `receipt:<paymentId>`, `refund:<refundId>`, `void:<paymentId>`. */
  _id: z.string(),
  kind: z.enum(REGISTER_KINDS),
  /** The day it counts in: paid on (receipts and voids), refunded on (refunds). */
  on: z.string(),
  /** The receipt or refund number. */
  number: z.string(),
  receiptNumber: z.string(),
  paymentId: z.string(),
  /** A refund row's refund (its voucher's id); null on receipts and voids. */
  refundId: z.string().nullable(),
  /** Rupees, negative for refunds and voids. */
  amount: z.number(),
  paymentMode: z.enum(RECORDED_PAYMENT_MODES),
  utr: z.string().nullable(),
  chequeNumber: z.string().nullable(),
  enrollmentId: z.string(),
  enrollmentNumber: z.string(),
  name: z.string(),
  course: z.string(),
  /** The void's or refund's reason. */
  reason: z.string().nullable(),
  effect: z.enum(REFUND_EFFECTS).nullable(),
  /** Whether the receipt was later voided (its void is a row of its own). */
  voided: z.boolean(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
  /** Whether its payment came in by an import of earlier records (its date is the original one). */
  imported: z.boolean(),
});
export type RegisterEntry = z.infer<typeof registerEntrySchema>;

export const paymentsRegisterSchema = z.object({
  items: z.array(registerEntrySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** The sum of every matching row (all pages), rupees: equals the dashboard's collected for a period. */
  totalAmount: z.number(),
});
export type PaymentsRegister = z.infer<typeof paymentsRegisterSchema>;
