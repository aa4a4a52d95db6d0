/** Collections: dues by age and by course, the overdue list, reminders in one go. */
import { z } from 'zod';
import { BULK_MESSAGES, enrollmentIdsSchema } from './bulk-actions';
import { ENROLLMENT_MESSAGES } from './answer-messages';
import { ENROLLMENT_STATUSES } from './constants';
import { formatDate, formatRupees } from './language';

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
/** The reminder staff send by WhatsApp from a collections row: who, how much, since when, for what. */
export function reminderMessage(line: OverdueLine, instituteName: string): string {
  const since = formatDate(line.oldestDueDate, 'en', { style: 'long' });
  return `Hello ${line.name}, this is ${instituteName}. ${formatRupees(line.overdue)} of your fees for ${line.course} (${line.enrollmentNumber}) has been due since ${since}. Please pay at the earliest; reply here if you have already paid.`;
}

/** A phone number as wa.me and tel: links take it: digits with India's code (a 10-digit number gets 91). */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

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
/** How a reminder reaches the student. */
export const REMINDER_CHANNELS = ['mail'] as const;
export const REMINDER_CHANNEL_LABELS: Record<(typeof REMINDER_CHANNELS)[number], string> = { mail: 'Email' };

/**
 * `POST /api/bulk-payment-alert`: a reminder to each enrolment that owes, once a day each.
 * `dryRun: true` sends nothing and answers who would be reminded, for what, how much and how (the
 * preview staff confirm); `again: true` also sends to those already reminded today.
 */
export const bulkAlertSchema = z.object({
  enrollmentIds: enrollmentIdsSchema,
  dryRun: z.boolean().optional(),
  again: z.boolean().optional(),
});
export type BulkAlertInput = z.infer<typeof bulkAlertSchema>;

/** One reminder: the student, each open line of their dues it names, the total, and the channel. */
export const reminderSchema = z.object({
  enrollmentId: z.string(),
  name: z.string(),
  enrollmentNumber: z.string(),
  channel: z.enum(REMINDER_CHANNELS),
  /** Where it goes: the student's email address. */
  to: z.string(),
  lines: z.array(
    z.object({
      /** "Installment 2", or a charge ("Cheque bounce charge"). */
      label: z.string(),
      amount: z.number(),
      dueDate: z.string(),
      overdue: z.boolean(),
    }),
  ),
  amount: z.number(),
});
export type Reminder = z.infer<typeof reminderSchema>;

export const bulkAlertResultSchema = z.object({
  dryRun: z.boolean(),
  /** How many were sent (0 on a dry run). */
  sent: z.number().int(),
  /** What was sent, or on a dry run what would be. */
  reminders: z.array(reminderSchema),
  skipped: z.array(
    z.object({
      enrollmentId: z.string(),
      reason: z.string(),
      /** Reminded already today: `again: true` sends another. */
      sentToday: z.boolean(),
    }),
  ),
});
export type BulkAlertResult = z.infer<typeof bulkAlertResultSchema>;
