/**
 * A walk-in enrolled from the console (`POST /api/staff-enrollment`, multipart): the public form's
 * own schema and messages, plus what only staff send — the inquiry it converts, a joining date
 * that is required (nothing falls due before it) and, for roles that record fees, the first
 * payment. Files are optional: a required one left out is recorded as "to follow".
 */
import { z } from 'zod';
import { enrollmentFieldsSchema, ENROLLMENT_FILE_FIELDS, type EnrollmentFileField } from './enrollment';
import { emptyAsUndefined, requiredString } from './fields';
import { recordPaymentSchema } from './fees';
import { DESK_TERMS_CHOICES } from './terms';

export const STAFF_ENROLLMENT_MESSAGES = {
  created: 'Enrolment created',
  joiningDateRequired: 'Please choose the joining date',
  inquiryNotFound: 'Inquiry not found',
  inquiryClosed: 'This inquiry is closed or already converted',
  paymentNotAllowed: 'You do not have permission to record payments',
  paymentInvalid: 'The first payment is not valid',
  approveNotAllowed: 'You do not have permission to approve enrolments',
  toFollow: 'To follow',
  stateRequired: "Choose the student's State or Union Territory",
  termsChoice: 'Choose whether the student accepts the terms now or on their page',
} as const;

/** A multipart field that carries JSON (the first payment): a string is parsed, anything else checked as is. */
const jsonField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (v === '' || v === undefined) return undefined;
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);

/** The first payment: the record-payment body, against the first installment. */
export const firstPaymentSchema = recordPaymentSchema;
export type FirstPayment = z.infer<typeof firstPaymentSchema>;

const staffExtras = z.object({
  inquiryId: z.preprocess(emptyAsUndefined, z.uuid({ error: STAFF_ENROLLMENT_MESSAGES.inquiryNotFound }).optional()),
  startDate: requiredString(STAFF_ENROLLMENT_MESSAGES.joiningDateRequired),
  firstPayment: jsonField(firstPaymentSchema.optional()),
  /** "Enrol and approve": the student at the desk is approved in the same step. */
  approve: z.preprocess((v) => v === true || v === 'true', z.boolean()).optional(),
  /** The student accepts the shown terms at the desk, or is sent a link to accept on their page. */
  termsAcceptance: z.preprocess(
    emptyAsUndefined,
    z.enum(DESK_TERMS_CHOICES, { error: STAFF_ENROLLMENT_MESSAGES.termsChoice }).default('desk'),
  ),
});

/** The staff form: every public rule (one schema) and the staff's own fields. */
export const staffEnrollmentSchema = z.intersection(enrollmentFieldsSchema, staffExtras);
export type StaffEnrollmentInput = z.input<typeof staffEnrollmentSchema>;
export type StaffEnrollment = z.output<typeof staffEnrollmentSchema>;

/** Multipart text fields only the staff form sends. */
export const STAFF_ENROLLMENT_EXTRA_FIELDS: readonly string[] = Object.keys(staffExtras.shape).filter(
  (k) => k !== 'startDate',
);

/** Required files a staff enrolment left out: they are "to follow" until someone attaches them. */
export function filesToFollow(present: ReadonlySet<string>): EnrollmentFileField[] {
  return (Object.keys(ENROLLMENT_FILE_FIELDS) as EnrollmentFileField[]).filter(
    (f) => ENROLLMENT_FILE_FIELDS[f].required && !present.has(f),
  );
}

export const staffEnrollmentCreatedSchema = z.object({
  _id: z.string(),
  enrollmentNumber: z.string(),
  receiptNumber: z.string().nullable(),
  /** Why the first payment could not be recorded after the enrolment was (record it from the fee panel). */
  paymentProblem: z.string().nullable(),
  documentsToFollow: z.array(z.string()),
});
export type StaffEnrollmentCreated = z.infer<typeof staffEnrollmentCreatedSchema>;
