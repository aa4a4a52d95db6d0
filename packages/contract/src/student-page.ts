/**
 * The student's own page: reached by a private link (`/my/<token>`) from their mails, no account.
 * It shows their enrolment, schedule, payments with receipts, announcements and the contacts.
 */
import { apiUrl } from './api-paths';
import { z } from 'zod';
import { PAYMENT_MODES } from './constants';
import { ENROLLMENT_STATUSES, INSTALLMENT_STATUSES } from './enrollment-admin';
import { emailField } from './fields';
import { LANGUAGES } from './language';
import { STUDENT_PAGE_MESSAGES } from './answer-messages';

export { STUDENT_PAGE_MESSAGES };

/** How long a link works. */
export const STUDENT_LINK_DAYS = 30;
/** Random bytes in a token: 32, written as 43 base64url characters. */
export const STUDENT_TOKEN_BYTES = 32;

/** The browser path of the page, and of the form that mails a fresh link. */
export const STUDENT_PAGE_PATH = '/my';
export const studentPageUrl = (publicUrl: string, token: string) => `${publicUrl}${STUDENT_PAGE_PATH}/${token}`;

/** API paths the page calls (the token identifies one enrolment; nothing else is needed). */
export const STUDENT_API = {
  linkRequest: apiUrl('studentLinkRequest'),
  page: (token: string) => apiUrl('studentPage', token),
  statement: (token: string) => apiUrl('studentPageStatement', token),
  receipt: (token: string, paymentId: string) => apiUrl('studentPageReceipt', token, paymentId),
  request: (token: string) => apiUrl('studentPageRequest', token),
} as const;

/** Tokens are 43 base64url characters; anything else is answered like an unknown token. */
export const studentTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: STUDENT_PAGE_MESSAGES.linkNotFound });

export const studentLinkRequestSchema = z.object({ email: emailField() });
export type StudentLinkRequest = z.infer<typeof studentLinkRequestSchema>;

export const STUDENT_REQUEST_KINDS = ['export', 'erasure'] as const;
export type StudentRequestKind = (typeof STUDENT_REQUEST_KINDS)[number];
export const STUDENT_REQUEST_KIND_LABELS: Record<StudentRequestKind, string> = {
  export: 'A copy of my data',
  erasure: 'Erase my data',
};
export const STUDENT_REQUEST_STATES = ['open', 'done'] as const;
export type StudentRequestState = (typeof STUDENT_REQUEST_STATES)[number];
export const STUDENT_REQUEST_STATE_LABELS: Record<StudentRequestState, string> = { open: 'Open', done: 'Handled' };

export const studentRequestInputSchema = z.object({
  kind: z.enum(STUDENT_REQUEST_KINDS, { error: 'Choose export or erasure' }),
});

export const studentRequestSchema = z.object({
  _id: z.string(),
  enrollmentId: z.string().nullable(),
  enrollmentNumber: z.string(),
  kind: z.enum(STUDENT_REQUEST_KINDS),
  state: z.enum(STUDENT_REQUEST_STATES),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type StudentRequest = z.infer<typeof studentRequestSchema>;

export const studentRequestUpdateSchema = z.object({ state: z.literal('done') });

/** A UPI intent for one open installment, with its QR code as SVG markup. */
export const upiCodeSchema = z.object({ url: z.string(), svg: z.string() });

export const studentPageSchema = z.object({
  enrollmentNumber: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  name: z.string(),
  course: z.string(),
  /** The language the student enrolled in: the page starts in it unless this device chose another. */
  language: z.enum(LANGUAGES),
  totalFee: z.number(),
  paidAmount: z.number(),
  outstanding: z.number(),
  installments: z.array(
    z.object({
      number: z.number().int(),
      amount: z.number(),
      paidAmount: z.number(),
      dueDate: z.string(),
      status: z.enum(INSTALLMENT_STATUSES),
      upi: upiCodeSchema.nullable(),
    }),
  ),
  /** The first installment not yet paid, by due date. */
  nextDue: z.object({ number: z.number().int(), amount: z.number(), dueDate: z.string() }).nullable(),
  payments: z.array(
    z.object({
      _id: z.string(),
      receiptNumber: z.string(),
      amount: z.number(),
      paymentMode: z.enum(PAYMENT_MODES),
      paidOn: z.string(),
      installmentNumber: z.number().int(),
      voided: z.boolean(),
    }),
  ),
  announcements: z.array(z.object({ title: z.string(), message: z.string(), sentAt: z.string() })),
  requests: z.array(
    z.object({ kind: z.enum(STUDENT_REQUEST_KINDS), state: z.enum(STUDENT_REQUEST_STATES), createdAt: z.string() }),
  ),
  institute: z.object({ name: z.string(), address: z.string(), email: z.string(), phone: z.string() }),
  linkExpiresAt: z.string(),
});
export type StudentPage = z.infer<typeof studentPageSchema>;

/** `upi://pay` intent as NPCI's linking specification writes it; the note names the installment. */
export function upiPayUrl(options: {
  payeeAddress: string;
  payeeName?: string | undefined;
  amount: number;
  enrollmentNumber: string;
  installment: number;
}): string {
  const params = new URLSearchParams();
  params.set('pa', options.payeeAddress);
  if (options.payeeName) params.set('pn', options.payeeName);
  params.set('am', options.amount.toFixed(2));
  params.set('cu', 'INR');
  params.set('tn', `${options.enrollmentNumber} installment ${options.installment}`);
  // UPI apps expect %20 for spaces, not the '+' of form encoding.
  return `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
}
