/** The staff side of enrolments: statuses, schedule, documents, detail. */
import { z } from 'zod';
import { announcementSchema } from './announcement';
import {
  ENROLLMENT_STATUSES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PAYMENT_METHODS,
  PAYMENT_MODES,
  WORKING_STATUS_OPTIONS,
  type EnrollmentStatus,
} from './constants';
import type { EnrollmentFileField } from './enrollment';
import {
  FEE_MESSAGES,
  concessionSchema,
  paidMoneyDecisionSchema,
  paymentSchema,
  refundRequestSchema,
  refundSchema,
} from './fees';
import { LANGUAGES } from './language';
import { TERMS_CONSENT_WAYS } from './terms';

import { ENROLLMENT_MESSAGES } from './answer-messages';

export { ENROLLMENT_MESSAGES };

// The statuses sit with the constants so announcement.ts (whose schema the detail uses) can name them.
export { ENROLLMENT_STATUSES, type EnrollmentStatus } from './constants';

export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** Status moves: pending → approved | rejected | cancelled; approved → completed | cancelled. */
export const ENROLLMENT_TRANSITIONS: Record<EnrollmentStatus, readonly EnrollmentStatus[]> = {
  pending: ['approved', 'rejected', 'cancelled'],
  approved: ['completed', 'cancelled'],
  rejected: [],
  cancelled: [],
  completed: [],
};

/** The statuses that close an enrolment: what the student paid must then be refunded or kept as a credit. */
export const CLOSING_STATUSES = ['rejected', 'cancelled'] as const satisfies readonly EnrollmentStatus[];
export const isClosing = (status: EnrollmentStatus): status is (typeof CLOSING_STATUSES)[number] =>
  (CLOSING_STATUSES as readonly string[]).includes(status);

/** Decisions the student is mailed about, in their language (the staff's note goes with it). */
export const STUDENT_MAILED_STATUSES = ['approved', 'rejected'] as const satisfies readonly EnrollmentStatus[];
export type StudentMailedStatus = (typeof STUDENT_MAILED_STATUSES)[number];
export const isStudentMailed = (status: EnrollmentStatus): status is StudentMailedStatus =>
  (STUDENT_MAILED_STATUSES as readonly string[]).includes(status);
export const STUDENT_WILL_BE_EMAILED = 'The student will be emailed';

/** The record left when the retention rule deletes an enrolment's documents (`date` as shown). */
export const documentsDeletedNote = (date: string) => `Documents deleted on ${date} under the retention rule`;

export const INSTALLMENT_STATUSES = ['unpaid', 'partial', 'paid', 'overdue'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

/** Charges a bounced cheque leaves in the dues, each its own line beside the installments. */
export const INSTALLMENT_CHARGES = ['cheque_bounce', 'cheque_refunds'] as const;
export type InstallmentCharge = (typeof INSTALLMENT_CHARGES)[number];
export const INSTALLMENT_CHARGE_LABELS: Record<InstallmentCharge, string> = {
  cheque_bounce: 'Cheque bounce charge',
  cheque_refunds: 'Refunds paid on a bounced cheque',
};
/** How a line of the dues is named: "Installment 2", or the charge it is. */
export const installmentLabel = (i: { number: number; charge?: InstallmentCharge | null | undefined }) =>
  i.charge ? INSTALLMENT_CHARGE_LABELS[i.charge] : `Installment ${i.number}`;

export const installmentSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  /** Set on a charge a bounced cheque left; absent or null on an installment of the fee. */
  charge: z.enum(INSTALLMENT_CHARGES).nullable().optional(),
  amount: z.number(),
  dueDate: z.string(),
  paidAmount: z.number(),
  status: z.enum(INSTALLMENT_STATUSES),
});
export type Installment = z.infer<typeof installmentSchema>;

export const documentSchema = z.object({
  _id: z.string(),
  field: z.string(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  originalName: z.string(),
});
export type EnrollmentDocument = z.infer<typeof documentSchema> & { field: EnrollmentFileField };

export const enrollmentEventSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  note: z.string().nullable(),
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  at: z.string(),
});

export const enrollmentRecordSchema = z.object({
  _id: z.string(),
  enrollmentNumber: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  alterNativePhoneNumber: z.string().nullable(),
  currentAddress: z.string(),
  permanentAddress: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  courseId: z.string(),
  course: z.object({ _id: z.string(), name: z.string(), price: z.number() }),
  currentlyWorking: z.enum(WORKING_STATUS_OPTIONS),
  currentlyWorkingPlace: z.string(),
  currentSem: z.string().nullable(),
  designation: z.string().nullable(),
  paymentMode: z.enum(PAYMENT_MODES).nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  companyAddress: z.string(),
  termsVersion: z.number().int().nullable(),
  /** The language the student filled the form in; their mails and statement use it. */
  language: z.enum(LANGUAGES),
  /** The student's State (GST state code) and a paying company's GSTIN, when given. */
  state: z.string().nullable().optional(),
  gstin: z.string().nullable().optional(),
  totalFee: z.number(),
  paidAmount: z.number(),
  outstanding: z.number(),
  overdueAmount: z.number(),
  paymentState: z.enum(['paid_up', 'due', 'overdue']),
  profilePictureUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EnrollmentRecord = z.infer<typeof enrollmentRecordSchema>;

export const enrollmentDetailSchema = enrollmentRecordSchema.extend({
  documents: z.array(documentSchema),
  installments: z.array(installmentSchema),
  payments: z.array(paymentSchema),
  refunds: z.array(refundSchema),
  /** Refunds of online payments asked of the gateway, with their state (absent when none was). */
  refundRequests: z.array(refundRequestSchema).optional(),
  concessions: z.array(concessionSchema),
  /** Concessions given so far (rupees). */
  concessionTotal: z.number(),
  announcements: z.array(announcementSchema),
  history: z.array(enrollmentEventSchema),
  inquiryId: z.string().nullable(),
  /** When the retention rule deleted the documents (ISO time), or null. */
  documentsDeletedAt: z.string().nullable(),
  /** Required documents not yet attached (an enrolment made at the front desk may take them later). */
  documentsToFollow: z.array(z.string()),
  /** When the student accepted `termsVersion` (null for enrolments made before consent was recorded). */
  consentedAt: z.string().nullable(),
  /** Where the student accepted, and the staff member who saw it at the desk (null when not recorded). */
  consentVia: z.enum(TERMS_CONSENT_WAYS).nullable(),
  consentBy: z.string().nullable(),
  /** When the desk sent the student a link to accept the terms on their page (still waiting while consentedAt is null). */
  termsLinkSentAt: z.string().nullable(),
  /** Set when the person's data was erased on request; the row stays, pseudonymous, for the fee ledger. */
  erasedAt: z.string().nullable(),
  /** Money received beyond everything the schedule owes: to refund to the student. */
  creditToRefund: z.number(),
});
export type EnrollmentDetail = z.infer<typeof enrollmentDetailSchema>;

export const ENROLLMENT_SORTS = ['createdAt', '-createdAt', 'name', '-name', 'status', '-status'] as const;

export const enrollmentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  search: z.string().trim().max(100).optional(),
  status: z.enum(ENROLLMENT_STATUSES).optional(),
  courseId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(ENROLLMENT_SORTS).default('-createdAt'),
  paymentState: z.enum(['paid_up', 'due', 'overdue']).optional(),
});
export type EnrollmentListQuery = z.infer<typeof enrollmentListQuerySchema>;

/** Quick picks for a rejection's reason; staff may also write their own. */
export const REJECTION_REASONS = [
  'Documents unclear or missing',
  'Not eligible for the course',
  'The batch is full',
  'Enrolled twice',
  'The student asked to withdraw',
] as const;

/**
 * A status change: `note` is internal (kept in the history, never sent), `message` goes to the
 * student with the decision, and a rejection names its reason (the student is told it).
 */
export const enrollmentStatusChangeSchema = z
  .object({
    status: z.enum(ENROLLMENT_STATUSES, { error: 'Choose a status' }),
    note: z.string().trim().max(1000).optional(),
    message: z.string().trim().max(1000).optional(),
    reason: z.string().trim().max(300).optional(),
    /** Required when the enrolment being rejected or cancelled holds money (the server knows). */
    paidMoney: paidMoneyDecisionSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'rejected' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: ENROLLMENT_MESSAGES.rejectionReasonRequired });
    if (v.paidMoney && !isClosing(v.status))
      ctx.addIssue({ code: 'custom', path: ['paidMoney'], message: FEE_MESSAGES.paidMoneyOnlyWhenClosing });
  });
export type EnrollmentStatusChange = z.infer<typeof enrollmentStatusChangeSchema>;
/** What a decision says: to the history only, to the student, and why (a rejection). */
export type DecisionWords = Pick<EnrollmentStatusChange, 'note' | 'message' | 'reason' | 'paidMoney'>;
