/** The public enrolment form. Text fields travel as multipart fields; files apart. */
import { z } from 'zod';
import { ADDRESS_MAX, NAME_MAX, PAYMENT_METHODS, PAYMENT_MODES, WORKING_STATUS_OPTIONS } from './constants';
import {
  emailField,
  emptyAsUndefined,
  optionalPhoneField,
  optionalText,
  phoneField,
  requiredString,
  languageField,
} from './fields';
import { MESSAGES } from './messages';
import { optionalGstinField, optionalStateField } from './gst';

/** Today's date as `YYYY-MM-DD` in local time (the institute's clock on the server, the visitor's in the browser). */
export function localIsoDate(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MESSAGES.dateInvalid, abort: true })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: MESSAGES.dateInvalid, abort: true });
const optionalDate = z.preprocess(emptyAsUndefined, isoDate.optional());

const boundedText = (min: string, max: string, limit: number) =>
  z.string({ error: min }).trim().min(1, { error: min, abort: true }).max(limit, { error: max });

/** `emiPrice` is a JSON list of installment amounts in rupees. */
const emiPriceField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z
    .array(z.number({ error: MESSAGES.emiPriceInvalid }).positive({ error: MESSAGES.emiPriceInvalid }), {
      error: MESSAGES.emiPriceInvalid,
    })
    .max(24, { error: MESSAGES.emiPriceInvalid }),
);

/** A checkbox as a form sends it: absent, '' or 'false' is no; 'true' or 'on' is yes; anything else is refused. */
export const consentChoice = z.preprocess(
  (v) => (v === undefined || v === '' || v === 'false' ? false : v === 'true' || v === 'on' ? true : v),
  z.boolean({ error: MESSAGES.validationFailed }),
);

/** The text fields the enrolment form sends; anything else in a request is refused, by name. */
export const enrollmentFieldsObject = z.object({
  name: boundedText(MESSAGES.nameMin, MESSAGES.nameMax, NAME_MAX),
  currentAddress: boundedText(MESSAGES.currentAddressMin, MESSAGES.currentAddressMax, ADDRESS_MAX),
  permanentAddress: boundedText(MESSAGES.permanentAddressMin, MESSAGES.permanentAddressMax, ADDRESS_MAX),
  phoneNumber: phoneField(),
  email: emailField(),
  alterNativePhoneNumber: optionalPhoneField(),
  startDate: optionalDate.refine((v) => v === undefined || v >= localIsoDate(), {
    error: MESSAGES.joiningDateInPast,
  }),
  endDate: optionalDate,
  courseId: requiredString(MESSAGES.courseIdRequired).max(100),
  currentlyWorking: z.enum(WORKING_STATUS_OPTIONS, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? MESSAGES.currentlyWorkingRequired
        : MESSAGES.currentlyWorkingInvalid,
  }),
  currentlyWorkingPlace: requiredString(MESSAGES.currentlyWorkingPlaceRequired).max(200),
  currentSem: optionalText(50),
  designation: optionalText(100),
  paymentMode: z.preprocess(emptyAsUndefined, z.enum(PAYMENT_MODES, { error: MESSAGES.paymentModeInvalid }).optional()),
  paymentMethod: z.enum(PAYMENT_METHODS, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? MESSAGES.paymentMethodRequired : MESSAGES.paymentMethodInvalid,
  }),
  emiPrice: emiPriceField.optional(),
  /** The version of the terms the form showed; the server refuses one that is no longer current. */
  termsVersion: z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: MESSAGES.validationFailed }).int().min(0).max(2_147_483_647).optional(),
  ),
  /** The language the student filled the form in; their mails and fee statement use it. */
  language: languageField,
  /** A separate choice, unticked unless the student ticks it: fee messages on WhatsApp and SMS. */
  messagesConsent: consentChoice.optional(),
  /** The student's State or Union Territory (GST state code); absent: the institute's State. */
  state: optionalStateField,
  /** The GSTIN of a company paying the fees: its invoices are B2B. */
  gstin: optionalGstinField,
});
export const ENROLLMENT_TEXT_FIELD_NAMES: readonly string[] = [
  ...Object.keys(enrollmentFieldsObject.shape),
  // A field of the form whose value is always the institute's own address: accepted, never read.
  'companyAddress',
];

export const enrollmentFieldsSchema = enrollmentFieldsObject
  .refine((v) => !v.endDate || !v.startDate || v.endDate >= v.startDate, {
    error: MESSAGES.endDateBeforeStart,
    path: ['endDate'],
  })
  // Semester belongs to college or university, designation to company: drop the other.
  .transform((v) => ({
    ...v,
    currentSem: v.currentlyWorking === 'college' || v.currentlyWorking === 'university' ? v.currentSem : undefined,
    designation: v.currentlyWorking === 'company' ? v.designation : undefined,
  }));
export type EnrollmentFieldsInput = z.input<typeof enrollmentFieldsSchema>;
export type EnrollmentFields = z.output<typeof enrollmentFieldsSchema>;

/** The enrolment form's files and the message when a required one is missing. */
export const ENROLLMENT_FILE_FIELDS = {
  profilePicture: { required: true, message: MESSAGES.profilePictureRequired },
  aadharFront: { required: true, message: MESSAGES.aadharFrontRequired },
  aadharBack: { required: true, message: MESSAGES.aadharBackRequired },
  pancard: { required: false, message: '' },
  candidateSign: { required: false, message: '' },
  // The institute's signature: staff attach it when editing, a visitor never can.
  authoritySign: { required: false, message: '', staffOnly: true },
} as const;
export type EnrollmentFileField = keyof typeof ENROLLMENT_FILE_FIELDS;
/** Each document's name as staff and history notes say it. */
export const DOCUMENT_LABELS: Record<EnrollmentFileField, string> = {
  profilePicture: 'Profile picture',
  aadharFront: 'Aadhaar card, front',
  aadharBack: 'Aadhaar card, back',
  pancard: 'PAN card',
  candidateSign: "Student's signature",
  authoritySign: 'Authority signature',
};
/** The files a visitor may send with the public form (every file but the staff-only ones). */
export const PUBLIC_ENROLLMENT_FILE_FIELD_NAMES: readonly EnrollmentFileField[] = (
  Object.keys(ENROLLMENT_FILE_FIELDS) as EnrollmentFileField[]
).filter((f) => !('staffOnly' in ENROLLMENT_FILE_FIELDS[f]));

/** Which required files are missing, as `{ path, message }` issues in the API's error shape. */
export function missingEnrollmentFiles(present: ReadonlySet<string>): { path: string; message: string }[] {
  return Object.entries(ENROLLMENT_FILE_FIELDS)
    .filter(([field, rule]) => rule.required && !present.has(field))
    .map(([field, rule]) => ({ path: field, message: rule.message }));
}
