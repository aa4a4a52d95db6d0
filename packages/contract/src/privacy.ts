/** Students' rights over their data: erasure on request and a copy of everything held (access). */
import { z } from 'zod';
import { emailField } from './fields';

export const PRIVACY_MESSAGES = {
  erased: 'The personal data of this person has been erased',
  nothingToErase: 'No records of this email were found',
  reasonRequired: 'Please give the reason for the erasure',
  reasonTooLong: 'The reason must be at most 500 characters',
  confirmMismatch: 'Type the email exactly as above to confirm',
  exportNotFound: 'Enrolment not found',
  exportErased: "This enrolment's personal data was erased; there is nothing to export",
  staffEmail: 'This email belongs to a staff account',
} as const;

export const ERASURE_REASON_MAX = 500;

export const erasureRequestSchema = z.object({
  email: emailField(),
  reason: z
    .string({ error: PRIVACY_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: PRIVACY_MESSAGES.reasonRequired, abort: true })
    .max(ERASURE_REASON_MAX, { error: PRIVACY_MESSAGES.reasonTooLong }),
});
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

/** The kinds of data an erasure counts, as the record and the answer name them. */
export const ERASURE_KINDS = [
  'enrollmentsDeleted',
  'enrollmentsPseudonymised',
  'documents',
  'inquiries',
  'announcements',
  'outboxMails',
  'mailFiles',
  'auditEntries',
  'paymentsKept',
  'mailsScrubbed',
  'mailFilesScrubbed',
  'statementLinesScrubbed',
  'importRowsScrubbed',
  'ordersCancelled',
  'taxDocumentsScrubbed',
] as const;
export type ErasureKind = (typeof ERASURE_KINDS)[number];

export const ERASURE_KIND_LABELS: Record<ErasureKind, string> = {
  enrollmentsDeleted: 'Enrolments deleted',
  enrollmentsPseudonymised: 'Enrolments kept under a pseudonym (fee ledger)',
  documents: 'Documents deleted',
  inquiries: 'Inquiries deleted',
  announcements: 'Announcements deleted',
  outboxMails: 'Mails deleted',
  mailFiles: 'Mail files deleted',
  auditEntries: 'Audit entries cleared',
  paymentsKept: 'Payments kept (amounts, dates, receipt numbers)',
  mailsScrubbed: 'Mails to others (staff) kept with this person taken out',
  mailFilesScrubbed: 'Mail files to others (staff) kept with this person taken out',
  statementLinesScrubbed: 'Bank statement lines kept with the payer’s name, VPA and narration taken out',
  importRowsScrubbed: 'Rows of import error files kept with this person’s columns taken out',
  ordersCancelled: 'Unpaid online payment orders cancelled',
  taxDocumentsScrubbed: 'Tax documents kept without the buyer’s name and address (not required by GST law)',
};

export const erasureResultSchema = z.object({
  _id: z.string(),
  at: z.string(),
  counts: z.record(z.enum(ERASURE_KINDS), z.number().int()),
  /** The enrolments erased or pseudonymised: the record says which, never whose. */
  enrollmentNumbers: z.array(z.string()),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;
