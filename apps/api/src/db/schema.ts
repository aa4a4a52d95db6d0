/**
 * The one Drizzle schema. Both PGlite and PostgreSQL run the migrations generated
 * from it into `apps/api/drizzle` (`npm run db:generate -w apps/api`). Keep it valid on PG 15.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AuditChanges } from '@registrar/contract/dashboard';
import { LANGUAGES } from '@registrar/contract/language';
import { ENROLLMENT_MAIL_CHOICES } from '@registrar/contract/staff';
import { HANDLED_EVENT_OUTCOMES } from '@registrar/contract/online-payments';
import { STUDENT_MESSAGE_KINDS } from '@registrar/contract/student-messages';
import { DELIVERY_STATES, MESSAGE_CHANNELS } from '@registrar/contract/message-channels';
import { ROLES } from '@registrar/contract/permissions';
import { TERMS_CONSENT_WAYS } from '@registrar/contract/terms';
import { searchText } from './search';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Small facts the installation keeps about itself (e.g. the generated signing key). */
/**
 * Hand-written migrations wrote `references` inline, so PostgreSQL named those foreign keys
 * `<table>_<column>_fkey`; schema.ts declares them by that name so drizzle-kit sees no change.
 */
function fkey(name: string, column: AnyPgColumn, target: AnyPgColumn, onDelete: 'cascade' | 'restrict' | 'set null') {
  return foreignKey({ name, columns: [column], foreignColumns: [target] }).onDelete(onDelete);
}

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staff accounts. Emails are unique whatever their case. */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    themeSettings: jsonb('theme_settings'),
    notificationsSeenAt: timestamp('notifications_seen_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the account may do (packages/contract permissions.ts); read on every request. */
    role: text('role', { enum: ROLES }).notNull().default('viewer'),
    /** A disabled account cannot sign in and its sessions are revoked when it is disabled. */
    active: boolean('active').notNull().default(true),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Set by an invitation: until the first sign-in the account reads as Invited. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** How new enrolments reach this person by mail: a digest, one by one, or not at all. */
    enrollmentMail: text('enrollment_mail', { enum: ENROLLMENT_MAIL_CHOICES }).notNull().default('digest'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_email_lower_key').on(sql`lower(${t.email})`),
    check('staff_role_check', sql`${t.role} in ('admin', 'counsellor', 'accountant', 'viewer')`),
    check('staff_enrollment_mail_check', sql`${t.enrollmentMail} in ('digest', 'each', 'none')`),
  ],
);

/** One row per sign-in; the JWT's `sid` names it. Revoked on logout, password change, reset. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Password reset tokens: only the SHA-256 of the token is stored; single use, 30 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/**
 * Side effects (mail) written in the same transaction as the action that causes them and
 * delivered by the outbox worker: a crash never loses an acknowledged mail.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Set on mail that carries a secret link (a password reset, an invitation): when the link
     * stops working. The body is blanked once the mail is sent, fails for good, or this passes.
     */
    secretUntil: timestamp('secret_until', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_secret_until_idx')
      .on(t.secretUntil)
      .where(sql`${t.secretUntil} is not null`),
  ],
);

/** Courses. Money is integer paise in the database, rupees in JSON (lib/money.ts). */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    emiPricePaise: jsonb('emi_price_paise').$type<number[]>().notNull(),
    description: text('description').notNull().default(''),
    duration: text('duration').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** GST: the service code, the rate in hundredths of a percent, and how the tax is charged. */
    sac: text('sac').notNull().default('999293'),
    gstRateBp: integer('gst_rate_bp').notNull().default(1800),
    taxInclusive: boolean('tax_inclusive').notNull().default(true),
    deliveryMode: text('delivery_mode', { enum: ['classroom', 'online'] })
      .notNull()
      .default('classroom'),
    gstExempt: boolean('gst_exempt').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('courses_name_lower_key').on(sql`lower(${t.name})`)],
);

/** Every save of the terms page is a new row; the newest is the current terms. */
export const termsVersions = pgTable('terms_versions', {
  id: uuid('id').primaryKey().defaultRandom(),
  version: integer('version').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  savedBy: uuid('saved_by').references(() => staff.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Enrolments. A course with enrolments cannot be deleted: the foreign key
 * restricts it and the API answers 409.
 */
export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentNumber: text('enrollment_number').notNull().unique(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled', 'completed'] })
      .notNull()
      .default('pending'),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    alterNativePhoneNumber: text('alternative_phone_number'),
    currentAddress: text('current_address').notNull(),
    permanentAddress: text('permanent_address').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    currentlyWorking: text('currently_working').notNull(),
    currentlyWorkingPlace: text('currently_working_place').notNull(),
    currentSem: text('current_sem'),
    designation: text('designation'),
    paymentMode: text('payment_mode'),
    paymentMethod: text('payment_method').notNull(),
    companyAddress: text('company_address').notNull(),
    termsVersion: integer('terms_version'),
    /** The language the student wrote in: their mails and fee statement use it. */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /** When the student accepted `termsVersion`, and the client address it came from. */
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    consentIp: text('consent_ip'),
    /** Where the student accepted; at the desk, the staff member who saw it. */
    consentVia: text('consent_via', { enum: TERMS_CONSENT_WAYS }),
    consentStaffId: uuid('consent_staff_id'),
    /** When the desk sent a link to accept the terms on the student's page. */
    termsLinkSentAt: timestamp('terms_link_sent_at', { withTimezone: true }),
    /** When the student agreed to messages on WhatsApp and SMS; null: mail only. */
    phoneMessagesConsentAt: timestamp('phone_messages_consent_at', { withTimezone: true }),
    /** When they stopped them (a STOP reply or the switch on their page); mail only from then. */
    phoneMessagesStoppedAt: timestamp('phone_messages_stopped_at', { withTimezone: true }),
    /** Set when the person's data was erased on request and the row kept, pseudonymous, for the ledger. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    inquiryId: uuid('inquiry_id'),
    /** When the retention rule deleted this enrolment's documents. */
    documentsDeletedAt: timestamp('documents_deleted_at', { withTimezone: true }),
    /** The institute's own id of an imported enrolment; a second import finds it by this. */
    externalId: text('external_id'),
    /** The student's State or Union Territory as its two-digit GST state code. */
    state: text('state'),
    /** The GSTIN of the company paying, when one does: its invoices are B2B. */
    gstin: text('gstin'),
    ...timestamps,
  },
  (t) => [
    index('enrollments_course_idx').on(t.courseId),
    uniqueIndex('enrollments_external_id_uidx')
      .on(t.externalId)
      .where(sql`${t.externalId} is not null`),
    check('enrollments_language_check', sql`${t.language} in ('en', 'hi')`),
    check('enrollments_consent_via_check', sql`${t.consentVia} in ('form', 'desk', 'page')`),
    fkey('enrollments_consent_staff_id_fkey', t.consentStaffId, staff.id, 'set null'),
    index('enrollments_email_lower_idx').on(sql`lower(${t.email})`),
    index('enrollments_created_idx').on(t.createdAt),
    index('enrollments_status_idx').on(t.status),
    index('enrollments_search_trgm_idx').using(
      'gin',
      sql`(${searchText(t.name, t.email, t.phoneNumber, t.enrollmentNumber)}) gin_trgm_ops`,
    ),
    // One open enrolment per email and course, even when two submissions race.
    uniqueIndex('enrollments_open_email_course_key')
      .on(sql`lower(${t.email})`, t.courseId)
      .where(sql`${t.status} in ('pending', 'approved')`),
  ],
);

/** Enrolment numbers (ENR-2026-00042): a sequence, so concurrent enrolments never share one. */
export const enrollmentNumberSeq = pgSequence('enrollment_number_seq', { startWith: 1 });

/** Identity documents and signatures. Files live in storage under the row's id. */
export const enrollmentDocuments = pgTable(
  'enrollment_documents',
  {
    id: uuid('id').primaryKey(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enrollment_documents_enrollment_idx').on(t.enrollmentId)],
);

/** The fee schedule, built from the course. Paid amounts come from the payments ledger. */
export const installments = pgTable(
  'installments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    dueDate: date('due_date').notNull(),
    /**
     * The sum of this installment's live (not voided) payments, kept by the same transaction
     * that writes the ledger. The ledger stays the truth; this lets the dashboard and filters
     * find open installments by index instead of summing 100,000s of payments per request.
     */
    paidPaise: bigint('paid_paise', { mode: 'number' }).notNull().default(0),
    /** The GST rate added on top of a tax-exclusive course's price (0: none), fixed at planning. */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    /** A charge a bounced cheque left (its own line in the dues); null for an installment of the fee. */
    charge: text('charge'),
    ...timestamps,
  },
  (t) => [
    check('installments_tax_rate_bp_check', sql`${t.taxRateBp} >= 0 AND ${t.taxRateBp} <= 10000`),
    check('installments_charge_check', sql`${t.charge} IS NULL OR ${t.charge} IN ('cheque_bounce', 'cheque_refunds')`),
    uniqueIndex('installments_enrollment_number_key').on(t.enrollmentId, t.number),
    // (due date, number): the dashboard's next-due and most-overdue lists read it in order and stop at 10.
    index('installments_open_due_idx')
      .on(t.dueDate, t.number)
      .where(sql`${t.paidPaise} < ${t.amountPaise}`),
  ],
);

export const enrollmentEvents = pgTable(
  'enrollment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enrollment_events_enrollment_idx').on(t.enrollmentId, t.createdAt)],
);

/** Inquiries from prospective students, with a timeline in inquiry_events. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    currentlyWorkingAs: text('currently_working_as'),
    currentlyAt: text('currently_at'),
    areaOfInterest: jsonb('area_of_interest').$type<string[]>().notNull(),
    reference: text('reference').notNull(),
    friendName: text('friend_name'),
    friendWorkingArea: text('friend_working_area'),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** The language the visitor wrote in: mails to them use it. */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    status: text('status', { enum: ['new', 'contacted', 'follow_up', 'converted', 'closed'] })
      .notNull()
      .default('new'),
    duplicateOf: uuid('duplicate_of'),
    /** Who follows the inquiry up: a counsellor or admin; unset when they are deleted. */
    ownerId: uuid('owner_id').references(() => staff.id, { onDelete: 'set null' }),
    nextFollowUpAt: timestamp('next_follow_up_at', { withTimezone: true }),
    /** The first entry of the contact log, kept on the row so the dashboard's median needs no join. */
    firstContactAt: timestamp('first_contact_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('inquiries_created_idx').on(t.createdAt),
    // A counsellor's follow-ups: their inquiries by next follow-up.
    index('inquiries_owner_follow_up_idx').on(t.ownerId, t.nextFollowUpAt),
    check('inquiries_language_check', sql`${t.language} in ('en', 'hi')`),
    // The duplicate lookup (same email or phone within 30 days): the newest match of each is one index step.
    index('inquiries_email_lower_created_idx').on(sql`lower(${t.email})`, t.createdAt),
    index('inquiries_phone_created_idx').on(t.phoneNumber, t.createdAt),
    index('inquiries_status_idx').on(t.status),
    index('inquiries_search_trgm_idx').using('gin', sql`(${searchText(t.name, t.email, t.phoneNumber)}) gin_trgm_ops`),
  ],
);

export const inquiryEvents = pgTable(
  'inquiry_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inquiryId: uuid('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['created', 'updated', 'status_changed', 'converted'] }).notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inquiry_events_inquiry_idx').on(t.inquiryId, t.createdAt)],
);

/** The contact log of an inquiry: each call, WhatsApp, email or visit, its outcome, who and when. */
export const inquiryContacts = pgTable(
  'inquiry_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inquiryId: uuid('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['call', 'whatsapp', 'email', 'visit'] }).notNull(),
    outcome: text('outcome', {
      enum: ['interested', 'call_back', 'no_answer', 'not_interested', 'enrolled'],
    }).notNull(),
    note: text('note'),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inquiry_contacts_inquiry_idx').on(t.inquiryId, t.createdAt),
    check('inquiry_contacts_channel_check', sql`${t.channel} in ('call', 'whatsapp', 'email', 'visit')`),
    check(
      'inquiry_contacts_outcome_check',
      sql`${t.outcome} in ('interested', 'call_back', 'no_answer', 'not_interested', 'enrolled')`,
    ),
  ],
);

/**
 * One row: how many public inquiries round-robin assignment has handed out. Every instance
 * increments it in the statement that assigns, so the row lock orders them and nobody skips a turn.
 */
export const inquiryAssignment = pgTable('inquiry_assignment', {
  id: integer('id').primaryKey(),
  turns: bigint('turns', { mode: 'number' }).notNull().default(0),
});

/**
 * The payments ledger: rows are never deleted or rewritten (database triggers refuse it); a
 * mistake is voided with a reason, money given back is a refund. A replaced schedule only
 * detaches a payment from its installment; `installmentNumber` keeps what it was paid for.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'restrict' }),
    installmentId: uuid('installment_id').references(() => installments.id, { onDelete: 'set null' }),
    installmentNumber: integer('installment_number').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    mode: text('mode').notNull(),
    paidOn: date('paid_on').notNull(),
    reference: text('reference'),
    note: text('note'),
    receiptNumber: text('receipt_number').notNull().unique(),
    recordedBy: uuid('recorded_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    voidedBy: uuid('voided_by').references(() => staff.id, { onDelete: 'set null' }),
    /** Which door recorded it: staff, gateway, statement, claim or import. */
    source: text('source').notNull().default('staff'),
    /** That door's own record (an order, a statement line, a claim, an import), when it has one. */
    sourceRef: text('source_ref'),
    /** The bank's reference of a UPI or bank transfer; one live payment per UTR. */
    utr: text('utr'),
    /** The gateway's id of this payment; recorded at most once whichever door sees it first. */
    gatewayPaymentId: text('gateway_payment_id'),
    chequeNumber: text('cheque_number'),
    bankName: text('bank_name'),
    chequeDate: date('cheque_date'),
    /** Arrived after its enrolment was cancelled or rejected: pays no installment, a credit to refund. */
    heldAsCredit: boolean('held_as_credit').notNull().default(false),
  },
  (t) => [
    index('payments_enrollment_idx').on(t.enrollmentId),
    index('payments_installment_idx').on(t.installmentId),
    index('payments_paid_on_idx').on(t.paidOn),
    index('payments_cheque_live_idx')
      .on(t.id)
      .where(sql`${t.mode} = 'cheque' and ${t.voidedAt} is null`),
    index('payments_unasked_enrollment_idx')
      .on(t.enrollmentId)
      .where(sql`${t.source} <> 'staff'`),
    uniqueIndex('payments_utr_live_uidx')
      .on(t.utr)
      .where(sql`${t.utr} is not null and ${t.voidedAt} is null`),
    uniqueIndex('payments_gateway_payment_uidx')
      .on(t.gatewayPaymentId)
      .where(sql`${t.gatewayPaymentId} is not null`),
  ],
);

/** Gapless receipt numbers per year: the counter row is locked by the paying transaction. */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** Money given back against one payment; permanent, numbered `RFND-YYYY-NNNNNN` without gaps. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    mode: text('mode').notNull(),
    refundedOn: date('refunded_on').notNull(),
    reason: text('reason').notNull(),
    refundNumber: text('refund_number').notNull().unique(),
    recordedBy: uuid('recorded_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What it did to the dues: owed-again, lower-fee, end-enrolment or credit. */
    effect: text('effect').notNull(),
    /** The process that recorded a gateway's settlement (answer, webhook, reconciler); null: staff at the counter. */
    recordedProcess: text('recorded_process'),
  },
  (t) => [
    index('refunds_enrollment_idx').on(t.enrollmentId),
    index('refunds_payment_idx').on(t.paymentId),
    check(
      'refunds_recorded_process_check',
      sql`${t.recordedProcess} IS NULL OR ${t.recordedProcess} IN ('gateway_answer', 'gateway_webhook', 'gateway_reconciler')`,
    ),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_effect_known', sql`${t.effect} in ('owed-again', 'lower-fee', 'end-enrolment', 'credit')`),
  ],
);

export const refundCounters = pgTable('refund_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** A reduction of what an enrolment owes, with who and why; permanent. */
export const concessions = pgTable(
  'concessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    recordedBy: uuid('recorded_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The refund that lowered the fee or ended the enrolment, when one did. */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('concessions_enrollment_idx').on(t.enrollmentId),
    index('concessions_refund_idx').on(t.refundId),
    check('concessions_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * The first answer to each `Idempotency-Key` (per operation), written in the same transaction as
 * the money row, so a retry gets that answer instead of a second row.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Each automatic reminder once per installment and kind, across restarts and instances. */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    installmentId: uuid('installment_id')
      .notNull()
      .references(() => installments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['before_due', 'after_due'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_reminders_once_key').on(t.installmentId, t.kind)],
);

/**
 * Announcements to enrolled students. Delivery state lives on the outbox row the
 * announcement points at (queued, sending, sent, failed, attempts, last error): one truth.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    outboxId: uuid('outbox_id').notNull(),
    bulk: boolean('bulk').notNull().default(false),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_enrollment_idx').on(t.enrollmentId, t.createdAt),
    index('announcements_outbox_idx').on(t.outboxId),
  ],
);

/** Every staff write, sign-in, sign-out, failed sign-in and document view. No secrets. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: uuid('staff_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    ip: text('ip'),
    statusCode: integer('status_code').notNull(),
    fields: jsonb('fields').$type<string[]>().notNull().default([]),
    /** Before → after for changes that carry no personal data (a staff member's role or access). */
    changes: jsonb('changes').$type<AuditChanges>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/**
 * Erasures on request: who, when, why (with the person's identifiers taken out) and how many rows
 * of each kind went. It never names the person, so it can be kept as long as the institute likes.
 */
export const erasures = pgTable(
  'erasures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    enrollmentNumbers: jsonb('enrollment_numbers').$type<string[]>().notNull().default([]),
  },
  (t) => [index('erasures_at_idx').on(t.at)],
);

/*
 * Dashboard totals, kept by triggers in the same transaction as every write to
 * enrollments, installments and payments (migration 0008), so any write path — the API, the
 * staff CLI, a bulk SQL fix — keeps them true. The dashboard reads a few hundred of these rows
 * instead of aggregating 100,000s of enrolments per request. Rows are buckets (month, course,
 * status; a due date) rather than one counter row, so concurrent writes seldom wait on each other.
 */

/** Enrolments per month of creation, course and status. */
export const dashboardEnrollmentCounts = pgTable(
  'dashboard_enrollment_counts',
  {
    month: date('month').notNull(),
    courseId: uuid('course_id').notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.courseId, t.status] })],
);

/** Live (not voided) payments per month of payment. */
export const dashboardPaymentTotals = pgTable('dashboard_payment_totals', {
  month: date('month').primaryKey(),
  paidPaise: bigint('paid_paise', { mode: 'number' }).notNull(),
});

/** What is still owed per due date, over the installments of enrolments that count (not rejected or cancelled). */
export const dashboardOpenInstallments = pgTable('dashboard_open_installments', {
  dueDate: date('due_date').primaryKey(),
  owedPaise: bigint('owed_paise', { mode: 'number' }).notNull(),
  openCount: integer('open_count').notNull(),
  /** The part of owedPaise that pending enrolments owe. */
  pendingOwedPaise: bigint('pending_owed_paise', { mode: 'number' }).notNull().default(0),
});

/**
 * Each document's own data key, wrapped by a master key (which never lives here). A row is written
 * when a file is staged, before its document row exists, so it has no foreign key.
 */
export const documentKeys = pgTable(
  'document_keys',
  {
    documentId: uuid('document_id').primaryKey(),
    keyId: text('key_id').notNull(),
    wrappedKey: text('wrapped_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_keys_key_id_idx').on(t.keyId)],
);

/** When each periodic job last ran: claiming a run is one conditional update, so one instance wins. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});

/** Private links to a student's own page: only the SHA-256 of the token is kept; 30 days, revocable. */
export const studentLinks = pgTable(
  'student_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('student_links_token_hash_key').on(t.tokenHash),
    index('student_links_enrollment_idx').on(t.enrollmentId),
  ],
);

/** A student's request, from their page, for a copy of their data or its erasure; staff handle it. */
export const studentRequests = pgTable(
  'student_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id').references(() => enrollments.id, { onDelete: 'set null' }),
    enrollmentNumber: text('enrollment_number').notNull(),
    kind: text('kind', { enum: ['export', 'erasure'] }).notNull(),
    state: text('state', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('student_requests_created_idx').on(t.createdAt),
    check('student_requests_kind_check', sql`${t.kind} in ('export', 'erasure')`),
    check('student_requests_state_check', sql`${t.state} in ('open', 'done')`),
  ],
);

/** Inquiries staff have not yet been told of: the next digest mail lists and removes them. */
export const inquiryNotifications = pgTable(
  'inquiry_notifications',
  {
    inquiryId: uuid('inquiry_id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [fkey('inquiry_notifications_inquiry_id_fkey', t.inquiryId, inquiries.id, 'cascade')],
);

/** Enrolments staff on the digest have not yet been told of: the next digest lists and removes them. */
export const enrollmentNotifications = pgTable(
  'enrollment_notifications',
  {
    enrollmentId: uuid('enrollment_id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [fkey('enrollment_notifications_enrollment_id_fkey', t.enrollmentId, enrollments.id, 'cascade')],
);

/** What became of a cheque after it was received (cleared or bounced): appended once, never rewritten. */
export const chequeEvents = pgTable(
  'cheque_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'restrict' }),
    state: text('state').notNull(),
    occurredOn: date('occurred_on').notNull(),
    reason: text('reason'),
    /** The bounce fee added to the re-opened installment (0: none). */
    bounceFeePaise: bigint('bounce_fee_paise', { mode: 'number' }).notNull().default(0),
    recordedBy: uuid('recorded_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cheque_events_payment_uidx').on(t.paymentId),
    index('cheque_events_occurred_on_idx').on(t.occurredOn),
    check('cheque_events_state_known', sql`${t.state} in ('cleared', 'bounced')`),
    check('cheque_events_fee_not_negative', sql`${t.bounceFeePaise} >= 0`),
  ],
);

/** Bulk imports, dry runs included: who, when, which file, what came of each row. */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    dryRun: boolean('dry_run').notNull(),
    rows: integer('rows').notNull(),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errors: jsonb('errors').$type<{ row: number; field: string; message: string }[]>().notNull().default([]),
    /** The header and the rows in error, as uploaded, for the errors file. */
    errorRows: jsonb('error_rows').$type<{
      header: string[];
      rows: { row: number; cells: string[]; error: string }[];
    }>(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('imports_created_idx').on(t.createdAt)],
);

/** The column mapping an admin confirmed for an import file's header, offered again for the same header. */
export const importMappings = pgTable(
  'import_mappings',
  {
    kind: text('kind').notNull(),
    /** The header's cells, compared as the import compares them, joined by `|`. */
    headerKey: text('header_key').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'import_mappings_pk', columns: [t.kind, t.headerKey] }),
    fkey('import_mappings_updated_by_fkey', t.updatedBy, staff.id, 'set null'),
  ],
);

/** Orders a student opened at the payment gateway; one open order per installment and amount. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id').notNull(),
    /** Null once cancelled and detached from an enrolment that was erased or deleted. */
    enrollmentId: uuid('enrollment_id'),
    installmentId: uuid('installment_id'),
    installmentNumber: integer('installment_number').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    /** open | paid | cancelled (erased or deleted enrolment; money still arriving marks it paid) */
    state: text('state').notNull().default('open'),
    gatewayPaymentId: text('gateway_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the reconciler last asked the gateway about it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    fkey('payment_orders_enrollment_id_fkey', t.enrollmentId, enrollments.id, 'restrict'),
    fkey('payment_orders_installment_id_fkey', t.installmentId, installments.id, 'set null'),
    uniqueIndex('payment_orders_gateway_order_uidx').on(t.gateway, t.gatewayOrderId),
    uniqueIndex('payment_orders_open_uidx')
      .on(t.enrollmentId, t.installmentNumber, t.amountPaise)
      .where(sql`${t.state} = 'open'`),
    index('payment_orders_state_idx').on(t.state, t.createdAt),
  ],
);

/** Webhook deliveries that passed their signature, once per event id; never updated or deleted. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    /** The body as it arrived, less the payer's own details (email, phone, VPA, card, account). */
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gateway_events_event_uidx').on(t.gateway, t.eventId),
    index('gateway_events_received_idx').on(t.receivedAt),
  ],
);
/** Each handling of a gateway event and what it came to, appended; the highest attempt is the event's outcome. */
export const gatewayEventOutcomes = pgTable(
  'gateway_event_outcomes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull(),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome', { enum: HANDLED_EVENT_OUTCOMES }).notNull(),
    /** Why a handling failed, for an error. */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fkey('gateway_event_outcomes_event_id_fkey', t.eventId, gatewayEvents.id, 'restrict'),
    uniqueIndex('gateway_event_outcomes_attempt_uidx').on(t.eventId, t.attempt),
    check(
      'gateway_event_outcomes_outcome_check',
      sql`${t.outcome} in (${sql.raw(HANDLED_EVENT_OUTCOMES.map((o) => `'${o}'`).join(', '))})`,
    ),
  ],
);
/** What a student was told of a money event, once per event key; the outbox row carries it. */
export const studentMessages = pgTable(
  'student_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id').notNull(),
    eventKey: text('event_key').notNull(),
    kind: text('kind', { enum: STUDENT_MESSAGE_KINDS }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    channel: text('channel').notNull().default('mail'),
    outboxId: uuid('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fkey('student_messages_enrollment_id_fkey', t.enrollmentId, enrollments.id, 'cascade'),
    fkey('student_messages_outbox_id_fkey', t.outboxId, outbox.id, 'set null'),
    uniqueIndex('student_messages_event_uidx').on(t.eventKey),
    index('student_messages_enrollment_idx').on(t.enrollmentId, t.createdAt),
    check(
      'student_messages_kind_check',
      sql`${t.kind} in (${sql.raw(STUDENT_MESSAGE_KINDS.map((k) => `'${k}'`).join(', '))})`,
    ),
  ],
);

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Each channel a student message went out on, at most once per channel, with the provider's id
 * and the best state it reported (read outranks delivered, which outranks a failure report).
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id').notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    state: text('state', { enum: DELIVERY_STATES }).notNull().default('queued'),
    providerId: text('provider_id'),
    errorCode: text('error_code'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [
    fkey('message_deliveries_message_id_fkey', t.messageId, studentMessages.id, 'cascade'),
    uniqueIndex('message_deliveries_channel_uidx').on(t.messageId, t.channel),
    uniqueIndex('message_deliveries_provider_uidx')
      .on(t.channel, t.providerId)
      .where(sql`${t.providerId} is not null`),
    check('message_deliveries_channel_check', sql`${t.channel} in (${inList(MESSAGE_CHANNELS)})`),
    check('message_deliveries_state_check', sql`${t.state} in (${inList(DELIVERY_STATES)})`),
  ],
);

/** A template a provider refused: told to admins, and not used again until one clears it. */
export const messageTemplateProblems = pgTable(
  'message_template_problems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    template: text('template').notNull(),
    errorCode: text('error_code').notNull(),
    error: text('error').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('message_template_problems_open_uidx')
      .on(t.channel, t.template)
      .where(sql`${t.clearedAt} is null`),
  ],
);

/** Each change of an order's state, appended by a trigger on payment_orders. */
export const paymentOrderHistory = pgTable(
  'payment_order_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    state: text('state').notNull(),
    gatewayPaymentId: text('gateway_payment_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_order_history_order_idx').on(t.orderId, t.at),
    fkey('payment_order_history_order_id_fkey', t.orderId, paymentOrders.id, 'restrict'),
  ],
);

/** A staff refund of an online payment asked of the gateway; appended, never changed. */
export const gatewayRefundRequests = pgTable(
  'gateway_refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: text('gateway').notNull(),
    enrollmentId: uuid('enrollment_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    effect: text('effect').notNull(),
    requestedBy: uuid('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fkey('gateway_refund_requests_enrollment_id_fkey', t.enrollmentId, enrollments.id, 'restrict'),
    fkey('gateway_refund_requests_payment_id_fkey', t.paymentId, payments.id, 'restrict'),
    fkey('gateway_refund_requests_requested_by_fkey', t.requestedBy, staff.id, 'set null'),
    index('gateway_refund_requests_enrollment_idx').on(t.enrollmentId),
    index('gateway_refund_requests_payment_idx').on(t.paymentId),
  ],
);

/** What became of a refund request: requested, pending, then processed (with its ledger refund) or failed. */
export const gatewayRefundEvents = pgTable(
  'gateway_refund_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id').notNull(),
    state: text('state').notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    refundId: uuid('refund_id'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fkey('gateway_refund_events_request_id_fkey', t.requestId, gatewayRefundRequests.id, 'restrict'),
    fkey('gateway_refund_events_refund_id_fkey', t.refundId, refunds.id, 'restrict'),
    index('gateway_refund_events_request_idx').on(t.requestId, t.at),
    index('gateway_refund_events_refund_idx').on(t.gatewayRefundId),
    uniqueIndex('gateway_refund_events_end_uidx')
      .on(t.requestId)
      .where(sql`${t.state} in ('processed', 'failed')`),
    check('gateway_refund_events_state_check', sql`${t.state} in ('requested', 'pending', 'processed', 'failed')`),
  ],
);
/** A student's report of a UPI payment from their page; staff (or an agreeing statement line) confirm it. */
export const paymentClaims = pgTable(
  'payment_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id').notNull(),
    installmentNumber: integer('installment_number').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    utr: text('utr').notNull(),
    paidOn: date('paid_on').notNull(),
    state: text('state', { enum: ['open', 'confirmed', 'rejected'] })
      .notNull()
      .default('open'),
    reason: text('reason'),
    paymentId: uuid('payment_id'),
    handledBy: uuid('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fkey('payment_claims_enrollment_id_fkey', t.enrollmentId, enrollments.id, 'cascade'),
    fkey('payment_claims_payment_id_fkey', t.paymentId, payments.id, 'restrict'),
    fkey('payment_claims_handled_by_fkey', t.handledBy, staff.id, 'set null'),
    uniqueIndex('payment_claims_open_utr_uidx')
      .on(t.utr)
      .where(sql`${t.state} = 'open'`),
    index('payment_claims_enrollment_idx').on(t.enrollmentId),
    check('payment_claims_state_check', sql`${t.state} in ('open', 'confirmed', 'rejected')`),
  ],
);

/** One uploaded bank statement; its credit lines are kept with their matching state. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    /** The bank layout recognised, or the name of the column mapping used. */
    layout: text('layout').notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_statements_created_idx').on(t.createdAt),
    fkey('bank_statements_uploaded_by_fkey', t.uploadedBy, staff.id, 'set null'),
  ],
);

export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    postedOn: date('posted_on').notNull(),
    narration: text('narration').notNull(),
    reference: text('reference'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    mode: text('mode').notNull(),
    utr: text('utr'),
    payerName: text('payer_name'),
    vpa: text('vpa'),
    state: text('state', { enum: ['recorded', 'matched', 'suggested', 'unmatched', 'ignored'] }).notNull(),
    enrollmentId: uuid('enrollment_id'),
    installmentNumber: integer('installment_number'),
    candidates: jsonb('candidates').$type<unknown[]>().notNull().default([]),
    paymentId: uuid('payment_id'),
    handledBy: uuid('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    fkey('bank_statement_lines_statement_id_fkey', t.statementId, bankStatements.id, 'cascade'),
    fkey('bank_statement_lines_enrollment_id_fkey', t.enrollmentId, enrollments.id, 'set null'),
    fkey('bank_statement_lines_payment_id_fkey', t.paymentId, payments.id, 'restrict'),
    fkey('bank_statement_lines_handled_by_fkey', t.handledBy, staff.id, 'set null'),
    index('bank_statement_lines_statement_idx').on(t.statementId, t.rowNumber),
    index('bank_statement_lines_utr_idx').on(t.utr),
    check(
      'bank_statement_lines_state_check',
      sql`${t.state} in ('recorded', 'matched', 'suggested', 'unmatched', 'ignored')`,
    ),
  ],
);

/** A column mapping for a statement layout no known bank reader recognises, reused by name. */
export const bankStatementMappings = pgTable(
  'bank_statement_mappings',
  {
    name: text('name').primaryKey(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [fkey('bank_statement_mappings_updated_by_fkey', t.updatedBy, staff.id, 'set null')],
);

/** The institute's GST registration: one row, GST off until an admin switches it on. */
export const gstSettings = pgTable(
  'gst_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    gstin: text('gstin'),
    legalName: text('legal_name').notNull().default(''),
    address: text('address').notNull().default(''),
    stateCode: text('state_code'),
    updatedBy: uuid('updated_by').references(() => staff.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('gst_settings_single_row', sql`${t.id} = 1`)],
);

/** Gapless tax document numbers per GSTIN, series and financial year; locked by the paying transaction. */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    gstin: text('gstin').notNull(),
    series: text('series').notNull(),
    fy: text('fy').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ name: 'tax_document_counters_pk', columns: [t.gstin, t.series, t.fy] })],
);

/**
 * Tax invoices, bills of supply and credit notes: permanent like payments (triggers refuse a
 * delete or rewrite); a cancellation fills the cancel columns once. What the PDF prints is copied here.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['invoice', 'bill_of_supply', 'credit_note'] }).notNull(),
    number: text('number').notNull(),
    gstin: text('gstin').notNull(),
    fy: text('fy').notNull(),
    issuedOn: date('issued_on').notNull(),
    period: text('period').notNull(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    originalId: uuid('original_id').references((): AnyPgColumn => taxDocuments.id, { onDelete: 'restrict' }),
    supplierName: text('supplier_name').notNull(),
    supplierAddress: text('supplier_address').notNull(),
    supplierState: text('supplier_state').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerAddress: text('buyer_address').notNull(),
    buyerState: text('buyer_state').notNull(),
    buyerGstin: text('buyer_gstin'),
    sac: text('sac').notNull(),
    description: text('description').notNull(),
    rateBp: integer('rate_bp').notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    interState: boolean('inter_state').notNull(),
    valuePaise: bigint('value_paise', { mode: 'number' }).notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    roundOffPaise: bigint('round_off_paise', { mode: 'number' }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => staff.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_gstin_number_uidx').on(t.gstin, t.number),
    uniqueIndex('tax_documents_payment_original_uidx')
      .on(t.paymentId)
      .where(sql`${t.kind} <> 'credit_note'`),
    uniqueIndex('tax_documents_refund_uidx')
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    index('tax_documents_period_idx').on(t.gstin, t.period),
    check('tax_documents_kind_check', sql`${t.kind} in ('invoice', 'bill_of_supply', 'credit_note')`),
    check('tax_documents_halves', sql`${t.cgstPaise} = ${t.sgstPaise}`),
    check(
      'tax_documents_adds_up',
      sql`${t.valuePaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} + ${t.roundOffPaise}`,
    ),
    check('tax_documents_number_length', sql`char_length(${t.number}) <= 16 and ${t.number} ~ '^[A-Za-z0-9/-]+$'`),
  ],
);

/** Months whose GSTR-1 the admin marked filed; permanent. */
export const gstFiledPeriods = pgTable(
  'gst_filed_periods',
  {
    gstin: text('gstin').notNull(),
    period: text('period').notNull(),
    filedBy: uuid('filed_by').references(() => staff.id, { onDelete: 'set null' }),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'gst_filed_periods_pk', columns: [t.gstin, t.period] })],
);

/** Cash leaving the drawer (a bank deposit, a handover) and the opening cash balance, entered once; permanent. */
export const cashBookEntries = pgTable(
  'cash_book_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onDate: date('on_date').notNull(),
    kind: text('kind').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** The bank deposited into, or the person handed the cash. */
    party: text('party'),
    reference: text('reference'),
    /** Why an admin added it to a day already closed. */
    reason: text('reason'),
    recordedBy: uuid('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fkey('cash_book_entries_recorded_by_fkey', t.recordedBy, staff.id, 'set null'),
    index('cash_book_entries_on_date_idx').on(t.onDate),
    uniqueIndex('cash_book_entries_opening_uidx')
      .on(t.kind)
      .where(sql`${t.kind} = 'opening'`),
    check('cash_book_entries_kind_check', sql`${t.kind} in ('opening', 'deposit', 'handover')`),
    check('cash_book_entries_amount_check', sql`${t.amountPaise} > 0`),
    check('cash_book_entries_party_check', sql`${t.kind} = 'opening' OR ${t.party} IS NOT NULL`),
  ],
);

/** A day closed: the figures it was closed on, the cash counted and the difference with its reason; permanent. */
export const cashBookClosings = pgTable(
  'cash_book_closings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onDate: date('on_date').notNull(),
    openingPaise: bigint('opening_paise', { mode: 'number' }).notNull(),
    cashInPaise: bigint('cash_in_paise', { mode: 'number' }).notNull(),
    cashOutPaise: bigint('cash_out_paise', { mode: 'number' }).notNull(),
    movedPaise: bigint('moved_paise', { mode: 'number' }).notNull(),
    countedPaise: bigint('counted_paise', { mode: 'number' }).notNull(),
    differencePaise: bigint('difference_paise', { mode: 'number' }).notNull(),
    reason: text('reason'),
    recordedBy: uuid('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fkey('cash_book_closings_recorded_by_fkey', t.recordedBy, staff.id, 'set null'),
    uniqueIndex('cash_book_closings_on_date_uidx').on(t.onDate),
    check('cash_book_closings_counted_check', sql`${t.countedPaise} >= 0`),
    check(
      'cash_book_closings_sum_check',
      sql`${t.countedPaise} = ${t.openingPaise} + ${t.cashInPaise} - ${t.cashOutPaise} - ${t.movedPaise} + ${t.differencePaise}`,
    ),
    check('cash_book_closings_reason_check', sql`${t.differencePaise} = 0 OR ${t.reason} IS NOT NULL`),
  ],
);
