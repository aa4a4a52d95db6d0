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
/** The query parameter naming the installment the page opens ready to pay (reminder links). */
export const STUDENT_PAY_PARAM = 'pay';
export const studentPageUrl = (publicUrl: string, token: string) => `${publicUrl}${STUDENT_PAGE_PATH}/${token}`;

/** API paths the page calls (the token identifies one enrolment; nothing else is needed). */
export const STUDENT_API = {
  linkRequest: apiUrl('studentLinkRequest'),
  page: (token: string) => apiUrl('studentPage', token),
  // The page's language, so the statement reads as the page does.
  statement: (token: string, lang: string) =>
    `${apiUrl('studentPageStatement', token)}?lang=${encodeURIComponent(lang)}`,
  // Without a language (a link shared on WhatsApp), the receipt is in the student's own.
  receipt: (token: string, paymentId: string, lang?: string) =>
    `${apiUrl('studentPageReceipt', token, paymentId)}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`,
  invoice: (token: string, paymentId: string) => apiUrl('studentPageInvoice', token, paymentId),
  request: (token: string) => apiUrl('studentPageRequest', token),
  terms: (token: string) => apiUrl('studentPageTerms', token),
  claim: (token: string) => apiUrl('paymentClaimSubmit', token),
} as const;

// The request and answer schemas live in student-page-schemas.ts: the page itself needs no zod.
export type { StudentLinkRequest, StudentPage, StudentRequest } from './student-page-schemas';
// What a student may ask of the institute through the page; the schemas read them from there too.
export {
  STUDENT_REQUEST_KINDS,
  STUDENT_REQUEST_KIND_LABELS,
  STUDENT_REQUEST_STATES,
  STUDENT_REQUEST_STATE_LABELS,
  type StudentRequestKind,
  type StudentRequestState,
} from './student-requests';

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
