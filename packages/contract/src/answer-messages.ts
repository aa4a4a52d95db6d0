/**
 * What the server answers about inquiries, enrolments and the student's page, verbatim (tests
 * import them from here). A module of its own and free of zod: the public screens look up the
 * server's sentences in these before their schemas load, and the staff console's pages do not
 * carry them. `inquiry-admin.ts`, `enrollment-admin.ts` and `student-page.ts` re-export them.
 */
import { MESSAGES } from './messages';

/** Inquiries: the public form's answers and the staff's. */
export const INQUIRY_MESSAGES = {
  received: 'Thank you! Your inquiry has been received.',
  tooManyFromConnection: 'Too many inquiries from this connection, please try again later',
  updated: 'Inquiry updated',
  deleted: 'Inquiry deleted',
  statusChanged: 'Status updated',
  notFound: 'Inquiry not found',
  unknownAreaOfInterest: 'Please choose areas of interest from the list',
  transitionNotAllowed: 'This status change is not allowed',
} as const;

/** Enrolments: the public form's answers (uploads, consent, limits) and the staff's. */
export const ENROLLMENT_MESSAGES = {
  rejectionReasonRequired: 'Please give the reason for the rejection',
  received: 'Thank you! Your enrolment has been received.',
  tooManyFromConnection: 'Too many enrolments from this connection, please try again later',
  alreadyEnrolled: 'You have already enrolled in this course',
  courseUnavailable: 'This course is not open for enrolment',
  amountsDisagree: 'The installment amounts do not match the course; please reload the page',
  fileTooLarge: 'The file is too large',
  fileTypeNotAllowed: 'Please upload a jpg, jpeg, png, gif, svg or pdf file',
  tooManyParts: 'The upload has too many parts',
  /** Followed by `: <field name>`; a field the form does not have. */
  unexpectedField: MESSAGES.unexpectedField,
  staffOnlyFile: 'The authority signature is added by the institute, not on this form',
  notMultipart: 'Send the form as multipart/form-data',
  malformedMultipart: 'The form could not be read; please send it again',
  updated: 'Enrolment updated',
  deleted: 'Enrolment deleted',
  hasPayments: 'This enrolment has payments; cancel it instead',
  statusChanged: 'Status updated',
  notFound: 'Enrolment not found',
  transitionNotAllowed: 'This status change is not allowed',
  documentNotFound: 'Document not found',
  documentIntegrity: 'This document failed its integrity check and was not shown',
  termsChanged:
    'The terms and conditions have changed since this page was opened. Please reload the page, read them and submit again.',
} as const;

/** The student's own page: its link, requests and receipts. */
export const STUDENT_PAGE_MESSAGES = {
  linkRequested: 'If this email belongs to an enrolment, a link to its page is on its way. It works for 30 days.',
  linkSent: 'A new link was sent to the student; the older links no longer work',
  linkNotFound: 'This link does not work: it may have expired or been replaced by a newer one',
  receiptNotFound: 'Receipt not found',
  requestRecorded: 'Your request was recorded; the institute will write to you',
  requestAlreadyOpen: 'You have already asked for this; the institute will write to you',
  requestNotFound: 'Request not found',
  requestDone: 'Request marked as handled',
  kindRequired: 'Choose export or erasure',
  onlyDone: 'A request can only be marked as handled',
  claimRecorded: 'Thank you. The institute will check your payment and then send your receipt',
  claimInstallmentUnknown: 'Choose one of your installments',
  claimAmountTooMuch: 'The amount is more than your enrolment owes',
  claimUtrInvalid: 'A UPI reference (UTR) is 12 digits',
  claimPaidOnInFuture: 'The payment date cannot be in the future',
  claimAlreadyOpen: 'This UTR has already been reported and is being checked',
  claimUtrRecorded: 'This UTR is already recorded as a payment',
  claimClosed: 'Payments cannot be reported on a rejected or cancelled enrolment',
  claimInstallmentPaid: 'This installment is already paid',
  claimPaidOnBeforeEnrolment: 'The payment date cannot be before your enrolment',
  termsAccepted: 'Thank you: your acceptance of the terms is recorded',
  termsAlreadyAccepted: 'You have already accepted the terms',
  termsVersionRequired: 'The terms version you read is required',
  phoneMessagesRequired: 'Choose whether to get messages on WhatsApp and SMS',
  phoneMessagesOn: 'You will also hear about your fees on WhatsApp and SMS',
  phoneMessagesOff: 'Stopped: you will hear about your fees by mail only',
  claimTooManyOpen: 'You already have 3 payments being checked. Please wait until the institute has checked them',
} as const;

/** Paying online from the student's page: what the server answers the page, and staff. */
export const ONLINE_PAYMENT_MESSAGES = {
  gatewayOff: 'Online payment is not available',
  nothingToPay: 'This installment has nothing left to pay',
  installmentNotFound: 'No such installment on this enrolment',
  enrollmentClosed: 'This enrolment no longer takes payments',
  gatewayUnavailable: 'The payment gateway did not answer; please try again in a few minutes',
  signatureInvalid: 'Signature does not match',
  eventIdMissing: 'The event id header is missing',
  orderNotFound: 'No such payment on this page',
  orderCreated: 'Payment started',
  paymentReceived: 'Payment received',
  paymentPending: 'Payment pending',
  paymentFailed: 'Payment failed: no money was taken',
  nothingOverdue: 'Nothing is overdue',
  webhookReceived: 'Received',
} as const;
