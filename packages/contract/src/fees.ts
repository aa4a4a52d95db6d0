/** Fees: payments ledger, receipts, voids, schedule edits, reminders. */
import { z } from 'zod';
import { PAYMENT_MODES } from './constants';
import { hasAtMostTwoDecimals } from './course';
import { MESSAGES } from './messages';

export const FEE_MESSAGES = {
  paymentRecorded: 'Payment recorded',
  paymentVoided: 'Payment voided',
  amountInvalid: 'Amount must be more than 0 with at most 2 decimals',
  amountTooMuch: 'The amount is more than this installment still owes',
  installmentPaid: 'This installment is already paid in full',
  installmentNotFound: 'Installment not found',
  paymentNotFound: 'Payment not found',
  alreadyVoided: 'This payment is already voided',
  reasonRequired: 'Please give a reason',
  paidOnInFuture: 'The payment date cannot be in the future',
  installmentUpdated: 'Installment updated',
  onlyUnpaidEditable: 'Only an unpaid installment can be changed',
  alertSent: 'Payment reminder sent',
  nothingOwed: 'Nothing is due: this enrolment is paid up',
  alertAlreadySent: 'A reminder was already sent today; send again anyway to force it',
  enrollmentClosed: 'Payments cannot be recorded on a rejected or cancelled enrolment',
  refundRecorded: 'Refund recorded',
  refundTooMuch: 'The refund is more than this payment has left to refund',
  refundOfVoided: 'A voided payment cannot be refunded',
  refundedOnInFuture: 'The refund date cannot be in the future',
  voidRefunded: 'A payment with refunds cannot be voided; it stays with its refunds',
  concessionRecorded: 'Concession recorded',
  concessionTooMuch: 'The concession is more than this enrolment still owes',
  replanPaidTooMuch: 'More has been paid than the new schedule totals; record a refund first',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible characters',
  paymentModeRequired: 'Choose a payment mode',
  nothingChanged: 'Change the amount or the due date',
} as const;

const rupees = z
  .number({ error: FEE_MESSAGES.amountInvalid })
  // At least one paisa: a smaller positive amount would round to a ₹0 receipt.
  .min(0.01, { error: FEE_MESSAGES.amountInvalid })
  .max(10_000_000, { error: FEE_MESSAGES.amountInvalid })
  .refine(hasAtMostTwoDecimals, { error: FEE_MESSAGES.amountInvalid });

export const recordPaymentSchema = z.object({
  amount: rupees,
  paymentMode: z.enum(PAYMENT_MODES, { error: FEE_MESSAGES.paymentModeRequired }),
  paidOn: z.iso.date({ error: MESSAGES.dateInvalid }),
  reference: z.string().trim().max(100).optional(),
  note: z.string().trim().max(500).optional(),
});

export const voidPaymentSchema = z.object({
  paymentId: z.uuid({ error: FEE_MESSAGES.paymentNotFound }),
  reason: z
    .string({ error: FEE_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: FEE_MESSAGES.reasonRequired })
    .max(500),
});

/** `PUT /api/student-enrollment-payment/{id}/{installmentId}`: record a payment, or void one. */
export const paymentActionSchema = z.union([voidPaymentSchema, recordPaymentSchema]);

export const installmentEditSchema = z
  .object({
    amount: rupees.optional(),
    dueDate: z.iso.date({ error: MESSAGES.dateInvalid }).optional(),
    reason: z
      .string({ error: FEE_MESSAGES.reasonRequired })
      .trim()
      .min(1, { error: FEE_MESSAGES.reasonRequired })
      .max(500),
  })
  .refine((v) => v.amount !== undefined || v.dueDate !== undefined, {
    error: FEE_MESSAGES.nothingChanged,
    path: ['amount'],
  });

const reason = z
  .string({ error: FEE_MESSAGES.reasonRequired })
  .trim()
  .min(1, { error: FEE_MESSAGES.reasonRequired })
  .max(500);

/** `POST /api/student-enrollment-refund/{id}`: give back part or all of one payment. */
export const refundInputSchema = z.object({
  paymentId: z.uuid({ error: FEE_MESSAGES.paymentNotFound }),
  amount: rupees,
  reason,
  refundedOn: z.iso.date({ error: MESSAGES.dateInvalid }),
  paymentMode: z.enum(PAYMENT_MODES, { error: FEE_MESSAGES.paymentModeRequired }),
});
export type RefundInput = z.infer<typeof refundInputSchema>;

/** `POST /api/student-enrollment-concession/{id}`: lower what the enrolment owes. */
export const concessionInputSchema = z.object({ amount: rupees, reason });
export type ConcessionInput = z.infer<typeof concessionInputSchema>;

/** Header a client sends so a retried payment, refund or concession is recorded once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, { error: FEE_MESSAGES.idempotencyKeyInvalid })
  .optional();

export const refundSchema = z.object({
  _id: z.string(),
  paymentId: z.string(),
  receiptNumber: z.string(),
  refundNumber: z.string(),
  amount: z.number(),
  paymentMode: z.enum(PAYMENT_MODES),
  refundedOn: z.string(),
  reason: z.string(),
  recordedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const concessionSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  reason: z.string(),
  recordedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Concession = z.infer<typeof concessionSchema>;

export const paymentAlertSchema = z.object({ force: z.boolean().optional() }).optional();

export const paymentSchema = z.object({
  _id: z.string(),
  /** Null once a re-plan replaced the installment it was recorded for. */
  installmentId: z.string().nullable(),
  installmentNumber: z.number().int(),
  amount: z.number(),
  paymentMode: z.enum(PAYMENT_MODES),
  paidOn: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  receiptNumber: z.string(),
  recordedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  voided: z.boolean(),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  /** Refunded so far (rupees). */
  refunded: z.number(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const PAYMENT_STATES = ['paid_up', 'due', 'overdue'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid_up: 'Paid up',
  due: 'Due',
  overdue: 'Overdue',
};

/** Reminders the daily job sends: 3 days before a due date, 7 days after. */
export const REMINDER_DAYS_BEFORE = 3;
export const REMINDER_DAYS_AFTER = 7;
