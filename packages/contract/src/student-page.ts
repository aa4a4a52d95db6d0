/**
 * The student's own page: reached by a private link (`/my/<token>`) from their mails, no account.
 * It shows their enrolment, schedule, payments with receipts, announcements and the contacts.
 */
import { apiUrl } from './api-paths';
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

// The request and answer schemas live in student-page-schemas.ts: the page itself needs no zod.
export type { StudentLinkRequest, StudentPage, StudentRequest } from './student-page-schemas';

export const STUDENT_REQUEST_KINDS = ['export', 'erasure'] as const;
export type StudentRequestKind = (typeof STUDENT_REQUEST_KINDS)[number];
export const STUDENT_REQUEST_KIND_LABELS: Record<StudentRequestKind, string> = {
  export: 'A copy of my data',
  erasure: 'Erase my data',
};
export const STUDENT_REQUEST_STATES = ['open', 'done'] as const;
export type StudentRequestState = (typeof STUDENT_REQUEST_STATES)[number];
export const STUDENT_REQUEST_STATE_LABELS: Record<StudentRequestState, string> = { open: 'Open', done: 'Handled' };

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
