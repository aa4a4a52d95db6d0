/**
 * The accountant's day book (`/cash-book?date=`): cash in hand at the start of the day, every
 * receipt, refund and reversal of the day one by one, cash moved out of the drawer (bank deposits,
 * handovers), and the day closed on the cash counted.
 */
import { z } from 'zod';
import { RECORDED_PAYMENT_MODES } from './constants';
import { FEE_REASON_MAX, PAYMENT_REFERENCE_MAX, rupees } from './fees';
import { MESSAGES } from './messages';

export const CASH_BOOK_MESSAGES = {
  recorded: 'Entry recorded in the cash book',
  closed: 'Day closed',
  partyRequired: 'Say which bank or which person took the cash',
  openingTwice: 'The opening cash balance is already entered; every later day opens from the day before',
  inFuture: 'The date cannot be in the future',
  dayClosed: 'This day is closed: only an admin can add a cash entry to it, with a reason',
  backDatedReasonRequired: 'Say why this entry is added to a day already closed',
  alreadyClosed: 'This day is already closed',
  differenceReasonRequired: 'Say why the cash counted differs from the cash book',
  countedInvalid: 'Enter the cash counted, 0 or more with at most 2 decimals',
} as const;

/** What moves cash out of the drawer, and the balance the first day opens with. */
export const CASH_ENTRY_KINDS = ['opening', 'deposit', 'handover'] as const;
export type CashEntryKind = (typeof CASH_ENTRY_KINDS)[number];
export const CASH_ENTRY_LABELS: Record<CashEntryKind, string> = {
  opening: 'Opening cash balance',
  deposit: 'Bank deposit',
  handover: 'Handover',
};

const isoDate = z.iso.date({ error: MESSAGES.dateInvalid });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** `POST /api/cash-book-entry`: a deposit (party = the bank), a handover (party = the person) or the opening balance. */
export const cashBookEntryInputSchema = z
  .object({
    date: isoDate,
    kind: z.enum(CASH_ENTRY_KINDS),
    amount: rupees,
    party: optionalText(PAYMENT_REFERENCE_MAX),
    reference: optionalText(PAYMENT_REFERENCE_MAX),
    /** Needed, and only from an admin, when the day is already closed. */
    reason: optionalText(FEE_REASON_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'opening' && !v.party)
      ctx.addIssue({ code: 'custom', path: ['party'], message: CASH_BOOK_MESSAGES.partyRequired });
  });
export type CashBookEntryInput = z.infer<typeof cashBookEntryInputSchema>;

/** `POST /api/cash-book-close`: the cash counted in the drawer; a difference needs its reason. */
export const cashBookCloseInputSchema = z.object({
  date: isoDate,
  counted: z
    .number({ error: CASH_BOOK_MESSAGES.countedInvalid })
    .min(0, { error: CASH_BOOK_MESSAGES.countedInvalid })
    .max(100_000_000, { error: CASH_BOOK_MESSAGES.countedInvalid })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: CASH_BOOK_MESSAGES.countedInvalid }),
  reason: optionalText(FEE_REASON_MAX),
});
export type CashBookCloseInput = z.infer<typeof cashBookCloseInputSchema>;

/** `GET /api/cash-book?date=YYYY-MM-DD`. */
export const cashBookQuerySchema = z.object({ date: isoDate });

export const DAY_LINE_KINDS = ['receipt', 'refund', 'reversal'] as const;
export type DayLineKind = (typeof DAY_LINE_KINDS)[number];
export const DAY_LINE_LABELS: Record<DayLineKind, string> = {
  receipt: 'Receipt',
  refund: 'Refund',
  reversal: 'Reversed',
};

const dayLine = z.object({
  /** `receipt:<paymentId>`, `refund:<refundId>`, `reversal:<paymentId>`. */
  _id: z.string(),
  kind: z.enum(DAY_LINE_KINDS),
  /** The receipt or refund number. */
  number: z.string(),
  /** Rupees, negative for refunds and reversals. */
  amount: z.number(),
  mode: z.enum(RECORDED_PAYMENT_MODES),
  enrollmentId: z.string(),
  enrollmentNumber: z.string(),
  name: z.string(),
  /** The cheque number, UTR or reference. */
  reference: z.string().nullable(),
  /** A reversal's cause (a bounced cheque, a void) or a refund's reason. */
  note: z.string().nullable(),
  /** Imported history: listed, never counted into cash in hand. */
  imported: z.boolean(),
  /** Counted into cash in hand (cash, not imported). */
  cash: z.boolean(),
});
const chequeLine = z.object({
  paymentId: z.string(),
  receiptNumber: z.string(),
  chequeNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  amount: z.number(),
  name: z.string(),
  enrollmentNumber: z.string(),
});
const entryLine = z.object({
  _id: z.string(),
  kind: z.enum(CASH_ENTRY_KINDS),
  amount: z.number(),
  party: z.string().nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});
export const cashBookSchema = z.object({
  date: z.string(),
  /** The opening cash balance as entered, once; null until the accountant enters it. */
  openingBalance: z.object({ date: z.string(), amount: z.number() }).nullable(),
  /** Cash in hand at the start of the day: the previous day's closing. */
  opening: z.number(),
  lines: z.array(dayLine),
  /** The day's receipts, refunds and reversals, all modes, imported history left out. */
  receipts: z.number(),
  refunds: z.number(),
  reversals: z.number(),
  /** Cash in hand: cash receipts in, cash refunds and reversals out, deposits and handovers moved out. */
  cashIn: z.number(),
  cashOut: z.number(),
  entries: z.array(entryLine),
  moved: z.number(),
  expected: z.number(),
  /** Cash in hand at the end of the day: expected plus the difference found when it was closed. */
  closing: z.number(),
  closed: z
    .object({
      counted: z.number(),
      difference: z.number(),
      reason: z.string().nullable(),
      closedBy: z.string().nullable(),
      closedAt: z.string(),
    })
    .nullable(),
  byMode: z.array(
    z.object({ mode: z.enum(RECORDED_PAYMENT_MODES), receipts: z.number(), refunds: z.number(), net: z.number() }),
  ),
  chequesReceived: z.array(chequeLine),
  chequesCleared: z.array(chequeLine),
  chequesBounced: z.array(chequeLine),
});
export type CashBook = z.infer<typeof cashBookSchema>;
export type CashBookLine = CashBook['lines'][number];
