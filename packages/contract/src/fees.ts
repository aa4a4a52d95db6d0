/** Fees: payments ledger, receipts, voids, schedule edits, reminders. */
import { z } from 'zod';
import { CHEQUE_STATES } from './cheques';
import { PAYMENT_SOURCES, RECORDED_PAYMENT_MODES } from './constants';
import { hasAtMostTwoDecimals } from './course';
import { LANGUAGES } from './language';
import { emptyAsUndefined } from './fields';
import { MESSAGES } from './messages';
import { rolesThatMay } from './permissions';
import { BANK_NAME_MAX, checkPaymentReferences, normaliseUtr, requireChequeDate } from './payment-references';

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
  alertAlreadySent: 'A reminder was already sent today; choose "Send again today" to send another',
  enrollmentClosed: 'Payments cannot be recorded on a rejected or cancelled enrolment',
  refundRecorded: 'Refund recorded',
  refundRequested: 'Refund requested at the gateway',
  refundPendingAtGateway: 'A refund of this payment is still pending at the gateway',
  voidRefundPending: 'A payment with a refund pending at the gateway cannot be voided',
  refundTooMuch: 'The refund is more than this payment has left to refund',
  refundOfVoided: 'A voided payment cannot be refunded',
  refundedOnInFuture: 'The refund date cannot be in the future',
  refundBeforePayment: 'The refund date cannot be before the date of the payment',
  voidRefunded: 'A payment with refunds cannot be voided; it stays with its refunds',
  concessionRecorded: 'Concession recorded',
  concessionTooMuch: 'The concession is more than this enrolment still owes',
  replanPaidTooMuch: 'More has been paid than the new schedule totals; record a refund first',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible characters',
  paymentModeRequired: 'Choose a payment mode',
  nothingChanged: 'Change the amount or the due date',
  refundNotFound: 'Refund not found',
  refundEffectRequired: 'Choose what the refund does: owed again, lower the fee, end the enrolment or return a credit',
  refundMoreThanCredit: 'The refund is more than the credit this enrolment holds; choose another effect',
  heldAsCredit: 'held as a credit to refund (the enrolment is closed)',
  refundLowerFeeTooMuch: 'The fee cannot be lowered by more than this enrolment still owes after the refund',
  refundEndNeedsStatus: 'Ending the enrolment needs the right to change its status',
  /** Followed by ` (₹amount)`: what was paid. */
  paidMoneyDecisionRequired: 'The student has paid on this enrolment: choose to refund it or keep it as a credit',
  paidMoneyOnlyWhenClosing: 'What becomes of the money is decided only when rejecting or cancelling',
  paidMoneyRefundNeedsRight: 'Refunding needs the right to record refunds; keep it as a credit instead',
  paidMoneyOnline:
    'A payment taken online is refunded through its gateway: keep the money as a credit, then refund it from the Fees',
  refundEndNotAllowed: 'This enrolment cannot be cancelled from its present status',
  documentLanguageInvalid: 'The document language must be en (English) or hi (Hindi)',
  shareVoided: 'A voided receipt cannot be shared',
  shareErased: 'This student’s personal data was erased: there is no phone to share with',
} as const;

/**
 * `?lang=` of a fee statement or a receipt: staff choose it, the student's page sends its own; without
 * it, the student's language.
 */
export const statementQuerySchema = z.object({
  lang: z.enum(LANGUAGES, { error: FEE_MESSAGES.documentLanguageInvalid }).optional(),
});

/** The answer of sharing a receipt: WhatsApp's click-to-chat address with the message filled in. */
export const receiptShareSchema = z.object({ url: z.string() });

/**
 * What a refund does to the student's dues, asked every time (no silent default):
 * `owed-again` the money was collected by mistake and is owed again; `lower-fee` a concession of
 * the same amount in the same transaction (dues unchanged); `end-enrolment` the enrolment is
 * cancelled and its open installments stop owing; `credit` an overpayment goes back (never dues).
 */
export const REFUND_EFFECTS = ['owed-again', 'lower-fee', 'end-enrolment', 'credit'] as const;
export type RefundEffect = (typeof REFUND_EFFECTS)[number];
export const REFUND_EFFECT_LABELS: Record<RefundEffect, string> = {
  'owed-again': 'The student owes it again',
  'lower-fee': 'Lower the fee by the same amount',
  'end-enrolment': 'End the enrolment',
  credit: 'Return a credit (overpayment)',
};
/** The consequence the refund dialog writes out under each choice. */
export const REFUND_EFFECT_CONSEQUENCES: Record<RefundEffect, string> = {
  'owed-again': 'Dues go up by the refund: the installment re-opens and reminders follow.',
  'lower-fee': 'A concession of the same amount is recorded: what the student owes does not change.',
  'end-enrolment': 'The enrolment is cancelled and its open installments stop owing; no reminders follow.',
  credit: 'Only money paid beyond the fee goes back: what the student owes does not change.',
};

/** Why "End the enrolment" is greyed out for a role without the right, and who can do it. */
export const refundEndUnavailable = () =>
  `Not available to your role: ending an enrolment changes its status, which an ${rolesThatMay('enrollments.status')} can do.`;

/** The longest reason a void, refund, concession or installment change may carry. */
export const FEE_REASON_MAX = 500;
/** The longest reference (transaction id, cheque number) and note a payment may carry. */
export const PAYMENT_REFERENCE_MAX = 100;
export const PAYMENT_NOTE_MAX = 500;

export const rupees = z
  .number({ error: FEE_MESSAGES.amountInvalid })
  // At least one paisa: a smaller positive amount would round to a ₹0 receipt.
  .min(0.01, { error: FEE_MESSAGES.amountInvalid })
  .max(10_000_000, { error: FEE_MESSAGES.amountInvalid })
  .refine(hasAtMostTwoDecimals, { error: FEE_MESSAGES.amountInvalid });

const reason = z
  .string({ error: FEE_MESSAGES.reasonRequired })
  .trim()
  .min(1, { error: FEE_MESSAGES.reasonRequired })
  .max(FEE_REASON_MAX);
const paymentMode = z.enum(RECORDED_PAYMENT_MODES, { error: FEE_MESSAGES.paymentModeRequired });
const isoDate = z.iso.date({ error: MESSAGES.dateInvalid });
/** An optional text field: blank is the same as absent. */
const optionalText = (max: number) => z.preprocess(emptyAsUndefined, z.string().trim().max(max).optional());

/** The fields of a staff payment; `recordPaymentSchema` adds the rule that ties the references to the mode. */
export const recordPaymentFields = z.object({
  amount: rupees,
  paymentMode,
  paidOn: isoDate,
  reference: z.string().trim().max(PAYMENT_REFERENCE_MAX).optional(),
  note: z.string().trim().max(PAYMENT_NOTE_MAX).optional(),
  /** The bank's reference of a UPI payment or bank transfer. */
  utr: z.preprocess(emptyAsUndefined, z.string().max(40).transform(normaliseUtr).optional()),
  chequeNumber: optionalText(20),
  bankName: optionalText(BANK_NAME_MAX),
  /** The date written on the cheque; a post-dated cheque is allowed. */
  chequeDate: z.preprocess(emptyAsUndefined, isoDate.optional()),
});
export const recordPaymentSchema = recordPaymentFields
  .superRefine(checkPaymentReferences)
  .superRefine(requireChequeDate);
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

export const voidPaymentSchema = z.object({
  paymentId: z.uuid({ error: FEE_MESSAGES.paymentNotFound }),
  reason,
});

/** `PUT /api/student-enrollment-payment/{id}/{installmentId}`: record a payment, or void one. */
export const paymentActionSchema = z.union([voidPaymentSchema, recordPaymentSchema]);

export const installmentEditSchema = z
  .object({
    amount: rupees.optional(),
    dueDate: isoDate.optional(),
    reason,
  })
  .refine((v) => v.amount !== undefined || v.dueDate !== undefined, {
    error: FEE_MESSAGES.nothingChanged,
    path: ['amount'],
  });

/** `POST /api/student-enrollment-refund/{id}`: give back part or all of one payment. */
export const refundInputSchema = z.object({
  paymentId: z.uuid({ error: FEE_MESSAGES.paymentNotFound }),
  amount: rupees,
  reason,
  refundedOn: isoDate,
  paymentMode,
  effect: z.enum(REFUND_EFFECTS, { error: FEE_MESSAGES.refundEffectRequired }),
});
export type RefundInput = z.infer<typeof refundInputSchema>;

/** The refund effects a rejection or cancellation may choose; "credit" is for money beyond the fee. */
export const CLOSING_REFUND_EFFECTS = [
  'end-enrolment',
  'lower-fee',
  'owed-again',
] as const satisfies readonly RefundEffect[];

/**
 * What becomes of the money a student paid when the enrolment is rejected or cancelled: all of it
 * refunded in one mode with one effect, or kept as a credit to refund (the fee written off).
 */
export const paidMoneyDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('refund'),
      paymentMode,
      effect: z.enum(CLOSING_REFUND_EFFECTS, { error: FEE_MESSAGES.refundEffectRequired }),
    }),
    z.object({ decision: z.literal('credit') }),
  ],
  { error: FEE_MESSAGES.paidMoneyDecisionRequired },
);
export type PaidMoneyDecision = z.infer<typeof paidMoneyDecisionSchema>;
export const PAID_MONEY_DECISION_LABELS: Record<PaidMoneyDecision['decision'], string> = {
  refund: 'Refund it now',
  credit: 'Keep it as a credit to refund',
};
/** What each answer does, written under it. */
export const PAID_MONEY_DECISION_CONSEQUENCES: Record<PaidMoneyDecision['decision'], string> = {
  refund: 'Every payment is refunded in this step, each with its refund voucher.',
  credit:
    'The fee is written off and the money stays with the institute as a credit to refund: the enrolment, the dashboard and Collections show it until it is refunded.',
};

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
  /** The GST credit note this refund issued, if any. */
  creditNoteNumber: z.string().nullable().optional(),
  amount: z.number(),
  paymentMode: z.enum(RECORDED_PAYMENT_MODES),
  refundedOn: z.string(),
  reason: z.string(),
  effect: z.enum(REFUND_EFFECTS),
  recordedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * A refund of an online payment goes through the gateway: requested, pending there, then processed
 * (the ledger's refund is written then) or failed (nothing enters the ledger).
 */
export const REFUND_REQUEST_STATES = ['requested', 'pending', 'processed', 'failed'] as const;
export type RefundRequestState = (typeof REFUND_REQUEST_STATES)[number];
export const REFUND_REQUEST_STATE_LABELS: Record<RefundRequestState, string> = {
  requested: 'Requested; the gateway has not answered yet',
  pending: 'Pending at the gateway',
  processed: 'Refunded by the gateway',
  failed: 'Failed at the gateway',
};
export const refundRequestSchema = z.object({
  _id: z.string(),
  paymentId: z.string(),
  receiptNumber: z.string(),
  amount: z.number(),
  reason: z.string(),
  effect: z.enum(REFUND_EFFECTS),
  state: z.enum(REFUND_REQUEST_STATES),
  /** The gateway's id of the refund, once it answered. */
  gatewayRefundId: z.string().nullable(),
  /** The ledger's refund, once the gateway processed it. */
  refundNumber: z.string().nullable(),
  /** What the gateway or the server said last (why it failed, or that it will be asked again). */
  note: z.string().nullable(),
  requestedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  requestedAt: z.string(),
  /** Every state it has been in, oldest first. */
  history: z.array(z.object({ state: z.enum(REFUND_REQUEST_STATES), at: z.string(), note: z.string().nullable() })),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

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
  paymentMode: z.enum(RECORDED_PAYMENT_MODES),
  paidOn: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  receiptNumber: z.string(),
  /** The GST tax invoice or bill of supply issued for it, if any. */
  invoiceNumber: z.string().nullable().optional(),
  /** Which door recorded it (staff, gateway, statement, claim, import). */
  source: z.enum(PAYMENT_SOURCES),
  utr: z.string().nullable(),
  gatewayPaymentId: z.string().nullable(),
  chequeNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  chequeDate: z.string().nullable(),
  /** A cheque's state (null for other modes) and the day it cleared or bounced. */
  chequeState: z.enum(CHEQUE_STATES).nullable(),
  chequeStateOn: z.string().nullable(),
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
