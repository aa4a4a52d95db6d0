/**
 * UPI and bank-transfer money reconciled: the student's own report of a payment (a claim with its
 * UTR) and the bank statement that confirms it. Messages, states and schemas for both sides.
 */
import { z } from 'zod';
import { PAYMENT_MODE_NAMES } from './constants';
import { FEE_MESSAGES, FEE_REASON_MAX, rupees } from './fees';
import { exactObject } from './fields';
import { MESSAGES } from './messages';
import { UPI_UTR_PATTERN, normaliseUtr } from './payment-references';
import { STUDENT_PAGE_MESSAGES } from './answer-messages';

export const RECONCILIATION_MESSAGES = {
  claimNotFound: 'Payment claim not found',
  claimHandled: 'This claim has already been confirmed or rejected',
  claimConfirmed: 'Payment confirmed and recorded',
  claimRejected: 'Claim rejected; the student has been told by mail',
  statementImported: 'Statement imported',
  statementNotFound: 'Statement not found',
  lineNotFound: 'Statement line not found',
  lineHandled: 'This line is already recorded or ignored',
  lineRecorded: 'Payment recorded',
  lineIgnored: 'Line ignored',
  matchedRecorded: 'Matched lines recorded',
  matchedNone: 'No line is matched and waiting to be recorded',
  matchedAlreadyRecorded: 'Already on a payment (now marked recorded)',
  installmentNotFound: 'That enrolment has no such installment',
  fileRequired: 'Choose the statement file (CSV or XLSX) to upload',
  fileEmpty: 'The file is empty: export the statement again from your bank',
  fileNotStatement: 'This is not a CSV or XLSX file: export the statement from your bank as CSV or Excel (.xlsx)',
  fileTooLarge: 'The statement is larger than 10 MB: export a shorter period',
  fileNotUtf8: 'The CSV is not UTF-8 text: open it and save it again as "CSV UTF-8", then upload it',
  xlsxTooLarge: 'The spreadsheet unpacks to more than 50 MB: export a shorter period',
  xlsxUnreadable: 'The spreadsheet cannot be read: save it again as .xlsx, or export it as CSV',
  headerNotFound:
    'No transaction table was recognised (a row with date, narration and credit columns): choose a column mapping',
  noCreditColumn: 'The statement has no credit (deposit) column: choose a column mapping that names one',
  mappingNotFound: 'No column mapping has that name',
  mappingColumnMissing: 'The column mapping names a column the file does not have',
  noCredits: 'The statement has no credit lines',
} as const;

/** A statement larger than this is refused before it is read. */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;
/** An XLSX whose parts would unpack past this is refused before it is unpacked. */
export const XLSX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

export const CLAIM_STATES = ['open', 'confirmed', 'rejected'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

export const LINE_STATES = ['recorded', 'matched', 'suggested', 'unmatched', 'ignored'] as const;
export type LineState = (typeof LINE_STATES)[number];
export const LINE_STATE_LABELS: Record<LineState, string> = {
  matched: 'Matched — ready to record',
  suggested: 'Suggestions to pick from',
  unmatched: 'Not matched',
  recorded: 'Recorded',
  ignored: 'Ignored',
};

/** The modes a statement credit is recorded as: UPI, or a bank transfer (NEFT, IMPS, RTGS). */
export const STATEMENT_MODES = ['upi', 'bank_transfer'] as const;
export type StatementMode = (typeof STATEMENT_MODES)[number];
export const STATEMENT_MODE_NAMES: Record<StatementMode, string> = {
  upi: PAYMENT_MODE_NAMES.upi,
  bank_transfer: PAYMENT_MODE_NAMES.bank_transfer,
};

/** Date formats a column mapping may name for its date column. */
export const MAPPING_DATE_FORMATS = ['dd/mm/yyyy', 'dd/mm/yy', 'dd-mm-yyyy', 'yyyy-mm-dd', 'd mmm yyyy'] as const;

const isoDate = z.iso.date({ error: MESSAGES.dateInvalid });
const upiUtr = z
  .string({ error: STUDENT_PAGE_MESSAGES.claimUtrInvalid })
  .max(40, { error: STUDENT_PAGE_MESSAGES.claimUtrInvalid })
  .transform(normaliseUtr)
  .refine((v) => UPI_UTR_PATTERN.test(v), { error: STUDENT_PAGE_MESSAGES.claimUtrInvalid });

/** The student's "I have paid": which installment, how much, when, and the UPI reference. */
export const paymentClaimInputSchema = exactObject({
  installmentNumber: z.number({ error: STUDENT_PAGE_MESSAGES.claimInstallmentUnknown }).int().min(1).max(100),
  amount: rupees,
  utr: upiUtr,
  paidOn: isoDate,
});
export type PaymentClaimInput = z.infer<typeof paymentClaimInputSchema>;

/** A claim as the student's page shows it. */
export const studentClaimSchema = z.object({
  installmentNumber: z.number().int(),
  amount: z.number(),
  utr: z.string(),
  paidOn: z.string(),
  state: z.enum(CLAIM_STATES),
  reason: z.string().nullable(),
});
export type StudentClaim = z.infer<typeof studentClaimSchema>;

/** A bank statement line carrying a claim's UTR, as the claim queue shows it beside the claim. */
export const claimBankLineSchema = z.object({
  _id: z.string(),
  postedOn: z.string(),
  amount: z.number(),
  narration: z.string(),
  payerName: z.string().nullable(),
  state: z.enum(LINE_STATES),
});
export type ClaimBankLine = z.infer<typeof claimBankLineSchema>;

/** A claim as staff see it in "Payment claims". */
export const paymentClaimSchema = studentClaimSchema.extend({
  _id: z.string(),
  enrollmentId: z.string(),
  enrollmentNumber: z.string(),
  name: z.string(),
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
  /** What the claimed installment costs and what is already paid on it. */
  installmentAmount: z.number(),
  installmentPaid: z.number(),
  /** The bank's own line of the same UTR, when a statement holds one. */
  bankLine: claimBankLineSchema.nullable(),
});
export type PaymentClaim = z.infer<typeof paymentClaimSchema>;

export const paymentClaimsQuerySchema = z.object({ state: z.enum(CLAIM_STATES).default('open') });

export const claimDecisionSchema = z.discriminatedUnion(
  'action',
  [
    exactObject({ action: z.literal('confirm') }),
    exactObject({
      action: z.literal('reject'),
      reason: z
        .string({ error: FEE_MESSAGES.reasonRequired })
        .trim()
        .min(1, { error: FEE_MESSAGES.reasonRequired })
        .max(FEE_REASON_MAX),
    }),
  ],
  { error: 'Choose confirm or reject' },
);
export type ClaimDecision = z.infer<typeof claimDecisionSchema>;

/** A column mapping for a layout the bank readers do not know: the header text of each column. */
export const columnMappingSchema = exactObject({
  date: z.string().trim().min(1).max(100),
  narration: z.string().trim().min(1).max(100),
  reference: z.string().trim().max(100).optional(),
  credit: z.string().trim().min(1).max(100),
  dateFormat: z.enum(MAPPING_DATE_FORMATS),
});
export type ColumnMapping = z.infer<typeof columnMappingSchema>;
export const MAPPING_NAME_MAX = 60;
export const mappingNameSchema = z.string().trim().min(1).max(MAPPING_NAME_MAX);

export const statementSummarySchema = z.object({
  _id: z.string(),
  credits: z.number().int(),
  recorded: z.number().int(),
  matched: z.number().int(),
  suggested: z.number().int(),
  unmatched: z.number().int(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementListItemSchema = statementSummarySchema.extend({
  fileName: z.string(),
  layout: z.string(),
  createdAt: z.string(),
  ignored: z.number().int(),
});
export type StatementListItem = z.infer<typeof statementListItemSchema>;

export const lineCandidateSchema = z.object({
  enrollmentId: z.string(),
  enrollmentNumber: z.string(),
  name: z.string(),
  installmentNumber: z.number().int(),
  owed: z.number(),
  /** Why it is offered, in words staff read ("amount, name"). */
  why: z.string(),
});
export type LineCandidate = z.infer<typeof lineCandidateSchema>;

export const statementLineSchema = z.object({
  _id: z.string(),
  rowNumber: z.number().int(),
  postedOn: z.string(),
  narration: z.string(),
  reference: z.string().nullable(),
  amount: z.number(),
  mode: z.enum(STATEMENT_MODES),
  utr: z.string().nullable(),
  payerName: z.string().nullable(),
  state: z.enum(LINE_STATES),
  match: lineCandidateSchema.nullable(),
  candidates: z.array(lineCandidateSchema),
  receiptNumber: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementDetailSchema = statementListItemSchema.extend({ lines: z.array(statementLineSchema) });
export type StatementDetail = z.infer<typeof statementDetailSchema>;

export const lineActionSchema = z.discriminatedUnion(
  'action',
  [
    exactObject({
      action: z.literal('record'),
      enrollmentId: z.uuid({ error: RECONCILIATION_MESSAGES.installmentNotFound }),
      installmentNumber: z.number().int().min(1).max(100),
    }),
    exactObject({ action: z.literal('ignore') }),
  ],
  { error: 'Choose record or ignore' },
);
export type LineAction = z.infer<typeof lineActionSchema>;

/** Lines recorded now, and lines whose UTR a payment already held (linked to it, recorded nothing). */
export const recordMatchedAnswerSchema = z.object({ recorded: z.number().int(), alreadyRecorded: z.number().int() });
