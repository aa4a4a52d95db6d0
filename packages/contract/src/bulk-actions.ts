/**
 * What staff do to many rows of a list at once: approve or reject selected enrolments, announce to
 * them, give selected inquiries an owner (reminders go through `POST /api/bulk-payment-alert`).
 * Each acts on at most `BULK_MAX` ids and answers how many it did and why each other was skipped;
 * an id that names nothing is a skip, never a failure of the whole request.
 */
import { z } from 'zod';
import { ENROLLMENT_MESSAGES, INQUIRY_MESSAGES } from './answer-messages';
import { exactObject } from './fields';

/** The most rows one request acts on: a page of the list is at most 100, two pages at most 200. */
export const BULK_MAX = 200;

export const BULK_MESSAGES = {
  enrollmentIdsRequired: `Choose 1 to ${BULK_MAX} enrolments`,
  inquiryIdsRequired: `Choose 1 to ${BULK_MAX} inquiries`,
  decisionRequired: 'Choose Approved or Rejected',
  ownerRequired: 'Choose the owner',
  announcementClosed: 'The enrolment is cancelled or rejected',
  erased: 'The student’s personal data was erased',
  alreadyOwner: 'Already theirs',
} as const;

const idList = (notFound: string, required: string) =>
  z
    .array(z.uuid({ error: notFound }), { error: required })
    .min(1, { error: required })
    .max(BULK_MAX, { error: required });

export const enrollmentIdsSchema = idList(ENROLLMENT_MESSAGES.notFound, BULK_MESSAGES.enrollmentIdsRequired);
export const inquiryIdsSchema = idList(INQUIRY_MESSAGES.notFound, BULK_MESSAGES.inquiryIdsRequired);

/** One row not acted on, and why (the single action's own message). */
export const bulkSkipSchema = z.object({ id: z.string(), reason: z.string() });
export type BulkSkip = z.infer<typeof bulkSkipSchema>;

/** The decisions that may be taken in bulk: the ones a pending enrolment waits for. */
export const BULK_DECISIONS = ['approved', 'rejected'] as const;
export type BulkDecision = (typeof BULK_DECISIONS)[number];

/** `POST /api/bulk-student-enrollment-status`: approve or reject each, as one at a time would (mail, history, audit). */
export const bulkEnrollmentStatusSchema = exactObject({
  enrollmentIds: enrollmentIdsSchema,
  status: z.enum(BULK_DECISIONS, { error: BULK_MESSAGES.decisionRequired }),
  note: z.string().trim().max(1000).optional(),
});
export type BulkEnrollmentStatus = z.infer<typeof bulkEnrollmentStatusSchema>;
export const bulkEnrollmentStatusResultSchema = z.object({
  changed: z.number().int(),
  skipped: z.array(bulkSkipSchema),
});
export type BulkEnrollmentStatusResult = z.infer<typeof bulkEnrollmentStatusResultSchema>;

/** `POST /api/bulk-inquiry-owner`: give each inquiry to one counsellor or admin (or to nobody with `null`). */
export const bulkInquiryOwnerSchema = exactObject({
  inquiryIds: inquiryIdsSchema,
  ownerId: z.uuid({ error: BULK_MESSAGES.ownerRequired }).nullable(),
});
export type BulkInquiryOwner = z.infer<typeof bulkInquiryOwnerSchema>;
export const bulkInquiryOwnerResultSchema = z.object({
  assigned: z.number().int(),
  skipped: z.array(bulkSkipSchema),
});
export type BulkInquiryOwnerResult = z.infer<typeof bulkInquiryOwnerResultSchema>;
