/** The dashboard, notifications and audit trail. Money in rupees. */
import { z } from 'zod';

const countBy = z.array(z.object({ key: z.string(), count: z.number().int() }));

/** Inquiries received, contacted at least once, and converted, for one source or one owner. */
const funnelRow = z.object({
  /** A source (`reference`), or an owner's id (`none`: nobody owns them). */
  key: z.string(),
  label: z.string(),
  total: z.number().int(),
  contacted: z.number().int(),
  converted: z.number().int(),
});
export type FunnelRow = z.infer<typeof funnelRow>;

/** The periods the dashboard counts in, whole months of India's calendar; this month by default. */
export const DASHBOARD_PERIODS = ['month', 'last-month', 'quarter', 'year'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'month';
export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  month: 'This month',
  'last-month': 'Last month',
  quarter: 'Last 3 months',
  year: 'This financial year',
};
export const DASHBOARD_MESSAGES = {
  periodUnknown: 'Choose a period: this month, last month, the last 3 months or this financial year',
} as const;

export const dashboardQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: DASHBOARD_MESSAGES.periodUnknown }).default(DEFAULT_DASHBOARD_PERIOD),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** One of the signed-in staff member's follow-ups due by the end of today. */
const myFollowUp = z.object({
  inquiryId: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  dueAt: z.string(),
  lastNote: z.string().nullable(),
});

export const dashboardSchema = z.object({
  /** The period the `…InPeriod` figures count: its first and last day (the last is today for a running one). */
  period: z.object({ key: z.enum(DASHBOARD_PERIODS), from: z.string(), to: z.string() }),
  enrollmentsByStatus: countBy,
  /** Enrolments made in the period (any status). */
  enrollmentsInPeriod: z.number().int(),
  inquiries: z.object({
    newInPeriod: z.number().int(),
    byStatus: countBy,
    byReference: countBy,
    total: z.number().int(),
    converted: z.number().int(),
    /** converted ÷ total, 0..1 (0 when there are none): all time. */
    conversionRate: z.number(),
    /** Of the inquiries received in the period, how many are converted already, and the rate. */
    convertedInPeriod: z.number().int(),
    conversionRateInPeriod: z.number(),
  }),
  /** The signed-in staff member's open follow-ups: overdue, due today, and the first few to call. */
  myFollowUps: z.object({ overdue: z.number().int(), today: z.number().int(), first: z.array(myFollowUp) }),
  money: z.object({
    collectedInPeriod: z.number(),
    collectedAllTime: z.number(),
    /** Of `collectedInPeriod`, what came in by an import from the institute's old books. */
    importedInPeriod: z.number(),
    outstanding: z.number(),
    /** `outstanding` split: owed on approved (or completed) enrolments, and on those still pending review. */
    outstandingApproved: z.number(),
    outstandingPending: z.number(),
    overdueAmount: z.number(),
    overdueInstallments: z.number().int(),
    /** Cheques received but not yet cleared or bounced: counted in collected, shown apart. */
    unclearedCheques: z.number().int(),
    unclearedChequeAmount: z.number(),
    /** Money received beyond what enrolments owe (a late gateway payment, two tabs): to refund. */
    creditsToRefund: z.number(),
  }),
  monthly: z.array(z.object({ month: z.string(), enrollments: z.number().int(), collected: z.number() })),
  enrollmentsPerCourse: z.array(z.object({ courseId: z.string(), name: z.string(), count: z.number().int() })),
  nextDue: z.array(
    z.object({
      enrollmentId: z.string(),
      name: z.string(),
      enrollmentNumber: z.string(),
      installmentNumber: z.number().int(),
      dueDate: z.string(),
      owed: z.number(),
    }),
  ),
  mostOverdue: z.array(
    z.object({
      enrollmentId: z.string(),
      name: z.string(),
      enrollmentNumber: z.string(),
      installmentNumber: z.number().int(),
      dueDate: z.string(),
      owed: z.number(),
    }),
  ),
  followUps: z.object({
    bySource: z.array(funnelRow),
    byCounsellor: z.array(funnelRow),
    /** Median minutes from an inquiry to its first logged contact; null before any contact. */
    medianFirstContactMinutes: z.number().nullable(),
    /** How many inquiries have had a first contact (what the median is taken over). */
    firstContacts: z.number().int(),
  }),
  latestInquiries: z.array(z.object({ _id: z.string(), name: z.string(), status: z.string(), createdAt: z.string() })),
  latestEnrollments: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      enrollmentNumber: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const notificationSchema = z.object({
  kind: z.enum(['enrollment', 'inquiry', 'mail_failed']),
  id: z.string(),
  title: z.string(),
  at: z.string(),
  link: z.string(),
});
export const notificationsSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
  /** The signed-in staff member's open follow-ups due by the end of today (overdue ones included). */
  followUpsDue: z.number().int(),
  seenAt: z.string().nullable(),
});
export type Notifications = z.infer<typeof notificationsSchema>;

export const AUDIT_ENTITIES = [
  'auth',
  'course',
  'enrollment',
  'inquiry',
  'payment',
  'announcement',
  'terms',
  'profile',
  'document',
  'staff',
] as const;

/** Before → after of each changed field, for changes whose values are not personal data (staff roles, access). */
export const auditChangesSchema = z.record(
  z.string(),
  z.object({ from: z.union([z.string(), z.boolean(), z.null()]), to: z.union([z.string(), z.boolean(), z.null()]) }),
);
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string().nullable(), email: z.string().nullable() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  statusCode: z.number().int(),
  fields: z.array(z.string()),
  changes: auditChangesSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(100).optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entityId: z.uuid().optional(),
});

export const paymentsExportQuerySchema = z.object({ from: z.iso.date(), to: z.iso.date() });
