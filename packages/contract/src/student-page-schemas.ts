/** What the student's page and its staff side accept and answer, as zod schemas (server and forms). */
import { z } from 'zod';
import { RECORDED_PAYMENT_MODES } from './constants';
import { ENROLLMENT_STATUSES, INSTALLMENT_STATUSES } from './enrollment-admin';
import { emailField, exactObject } from './fields';
import { LANGUAGES } from './language';
import { STUDENT_PAGE_MESSAGES } from './answer-messages';
import { STUDENT_REQUEST_KINDS, STUDENT_REQUEST_STATES } from './student-requests';
import { studentClaimSchema } from './reconciliation';

/** Tokens are 43 base64url characters; anything else is answered like an unknown token. */
export const studentTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: STUDENT_PAGE_MESSAGES.linkNotFound });

export const studentLinkRequestSchema = exactObject({ email: emailField() });
export type StudentLinkRequest = z.infer<typeof studentLinkRequestSchema>;

export const studentRequestInputSchema = exactObject({
  kind: z.enum(STUDENT_REQUEST_KINDS, { error: STUDENT_PAGE_MESSAGES.kindRequired }),
});

/** The student's switch for fee messages on WhatsApp and SMS (mail always comes). */
export const studentPhoneMessagesSchema = exactObject({
  phoneMessages: z.boolean({ error: STUDENT_PAGE_MESSAGES.phoneMessagesRequired }),
});

/** The version of the terms the student read and accepts on their page. */
export const studentTermsAcceptSchema = exactObject({
  version: z.number({ error: STUDENT_PAGE_MESSAGES.termsVersionRequired }).int().min(1),
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

export const studentRequestUpdateSchema = exactObject({
  state: z.literal('done', { error: STUDENT_PAGE_MESSAGES.onlyDone }),
});

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
      paymentMode: z.enum(RECORDED_PAYMENT_MODES),
      paidOn: z.string(),
      installmentNumber: z.number().int(),
      voided: z.boolean(),
      /** The tax invoice (or bill of supply) issued for it while GST was on; null: none. */
      invoiceNumber: z.string().nullable(),
    }),
  ),
  announcements: z.array(z.object({ title: z.string(), message: z.string(), sentAt: z.string() })),
  requests: z.array(
    z.object({ kind: z.enum(STUDENT_REQUEST_KINDS), state: z.enum(STUDENT_REQUEST_STATES), createdAt: z.string() }),
  ),
  institute: z.object({ name: z.string(), address: z.string(), email: z.string(), phone: z.string() }),
  linkExpiresAt: z.string(),
  /** The gateway the student can pay through from this page, or null (the UPI code alone). */
  onlinePayment: z.enum(['razorpay', 'simulator']).nullable(),
  /** Payments the student reported ("I have paid") and what became of them. */
  claims: z.array(studentClaimSchema),
  /** The current terms while the student has not yet accepted any (sent a link from the desk); null once accepted. */
  termsToAccept: z.object({ name: z.string(), description: z.string(), version: z.number().int() }).nullable(),
  /** Whether fee messages also come on WhatsApp and SMS (the student agreed and has not stopped them). */
  phoneMessages: z.boolean().optional(),
});
export type StudentPage = z.infer<typeof studentPageSchema>;
