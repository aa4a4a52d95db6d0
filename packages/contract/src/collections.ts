/** Collections: dues by age and by course, the overdue list, reminders in one go. */
import { z } from 'zod';
import { BULK_MESSAGES, enrollmentIdsSchema } from './bulk-actions';
import { ENROLLMENT_MESSAGES } from './answer-messages';
import { ENROLLMENT_STATUSES } from './constants';

/** How long an installment has been overdue, in days past its due date. */
export const AGE_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};
export const ageBucketOf = (daysOverdue: number): AgeBucket =>
  daysOverdue <= 30 ? '0-30' : daysOverdue <= 60 ? '31-60' : daysOverdue <= 90 ? '61-90' : '90+';

/** `GET /api/collections?bucket=&courseId=`: the summary and the overdue enrolments it narrows to. */
export const collectionsQuerySchema = z.object({
  bucket: z.enum(AGE_BUCKETS).optional(),
  courseId: z.uuid().optional(),
});
export type CollectionsQuery = z.infer<typeof collectionsQuerySchema>;

export const overdueLineSchema = z.object({
  enrollmentId: z.string(),
  enrollmentNumber: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  courseId: z.string(),
  course: z.string(),
  /** Overdue in rupees (installments past their due date, not yet paid). */
  overdue: z.number(),
  oldestDueDate: z.string(),
  daysOverdue: z.number().int(),
  bucket: z.enum(AGE_BUCKETS),
});
export type OverdueLine = z.infer<typeof overdueLineSchema>;

/** An enrolment holding money to give back: beyond its fee, or arrived after it was cancelled. */
export const creditLineSchema = z.object({
  enrollmentId: z.string(),
  enrollmentNumber: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  course: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  /** Credit to refund in rupees. */
  credit: z.number(),
});
export type CreditLine = z.infer<typeof creditLineSchema>;

const figure = z.object({ amount: z.number(), installments: z.number().int(), enrollments: z.number().int() });
export const collectionsSchema = z.object({
  byAge: z.array(figure.extend({ bucket: z.enum(AGE_BUCKETS) })),
  byCourse: z.array(figure.extend({ courseId: z.string(), name: z.string() })),
  overdue: z.array(overdueLineSchema),
  credits: z.array(creditLineSchema),
});
export type Collections = z.infer<typeof collectionsSchema>;

export const BULK_ALERT_MESSAGES = {
  idsRequired: BULK_MESSAGES.enrollmentIdsRequired,
  closed: 'The enrolment is cancelled, rejected or completed',
  notFound: ENROLLMENT_MESSAGES.notFound,
} as const;
/** `POST /api/bulk-payment-alert`: a reminder to each enrolment that owes, once a day each. */
export const bulkAlertSchema = z.object({
  enrollmentIds: enrollmentIdsSchema,
});
export const bulkAlertResultSchema = z.object({
  sent: z.number().int(),
  skipped: z.array(z.object({ enrollmentId: z.string(), reason: z.string() })),
});
export type BulkAlertResult = z.infer<typeof bulkAlertResultSchema>;
