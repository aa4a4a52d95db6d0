/**
 * Bulk import of an institute's existing students, enrolments, past payments and inquiries from
 * a spreadsheet. Every row passes the same field rules (and messages) as the forms and the API:
 * the row schemas below are built from the forms' own schemas, not copies of them.
 */
import { z } from 'zod';
import {
  INQUIRY_WORKING_AS_OPTIONS,
  PAYMENT_METHODS,
  PAYMENT_MODES,
  RECORDED_PAYMENT_MODES,
  REFERENCE_OPTIONS,
  WORKING_STATUS_OPTIONS,
} from './constants';
import { enrollmentFieldsObject } from './enrollment';
import { emailField, emptyAsUndefined, optionalPhoneField, phoneField } from './fields';
import { inquirySchema } from './inquiry';
import { INQUIRY_STATUSES } from './inquiry-admin';
import { MESSAGES } from './messages';
import { recordPaymentFields } from './fees';
import { checkPaymentReferences } from './payment-references';
import {
  ENROLLMENT_MODE_ALIASES,
  IMPORT_VALUE_MESSAGES,
  PAYMENT_METHOD_ALIASES,
  PAYMENT_MODE_ALIASES,
  choiceField,
  impossibleDate,
  optionalChoiceField,
  phoneCell,
  readRupeesPaise,
  defaultedChoiceField,
} from './import-values';

export const IMPORT_KINDS = ['enrollments', 'payments', 'inquiries'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_DATE_FORMATS = ['dd/mm/yyyy', 'yyyy-mm-dd', 'mm/dd/yyyy'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

/** The statuses an imported enrolment may have (a rejected application is not worth moving in). */
export const IMPORT_ENROLLMENT_STATUSES = ['pending', 'approved', 'completed', 'cancelled'] as const;

/** Columns a file may add to its template's: read when the header has them, empty otherwise. */
export const IMPORT_OPTIONAL_COLUMNS: Record<ImportKind, readonly string[]> = {
  // What the student paid before the move, on the enrolment's own row: a total, its day and mode.
  enrollments: ['amountPaid', 'paidOn', 'paidMode', 'receiptNumber'],
  payments: ['overpayment'],
  inquiries: [],
};

/** The columns of each template, in order; a file's header must hold each (in any order). */
export const IMPORT_COLUMNS = {
  enrollments: [
    'externalId',
    'name',
    'email',
    'phoneNumber',
    'alterNativePhoneNumber',
    'currentAddress',
    'permanentAddress',
    'course',
    'paymentMethod',
    'paymentMode',
    'startDate',
    'endDate',
    'currentlyWorking',
    'currentlyWorkingPlace',
    'currentSem',
    'designation',
    'status',
    'enrolledOn',
    'state',
  ],
  payments: [
    'email',
    'course',
    'installmentNumber',
    'amount',
    'paidOn',
    'paymentMode',
    'utr',
    'reference',
    'receiptNumber',
  ],
  inquiries: [
    'name',
    'email',
    'phoneNumber',
    'address',
    'currentlyWorkingAs',
    'currentlyAt',
    'areaOfInterest',
    'reference',
    'friendName',
    'friendWorkingArea',
    'receivedOn',
    'status',
  ],
} as const satisfies Record<ImportKind, readonly string[]>;

/** Columns a row may leave empty without the template being wrong (the row rules still apply). */
export const IMPORT_DATE_COLUMNS: Record<ImportKind, readonly string[]> = {
  enrollments: ['startDate', 'endDate', 'enrolledOn', 'paidOn'],
  payments: ['paidOn'],
  inquiries: ['receivedOn'],
};

/** The largest import file, and the most rows one import takes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;

export const IMPORT_MESSAGES = {
  imported: 'Import finished',
  goodRowsImported:
    'The good rows are imported; the rows in error are in the errors file: fix them and import that file',
  dryRunDone: 'Checked: nothing was written',
  hasErrors: 'Some rows are in error: fix them and upload the file again; nothing was imported',
  kindRequired: 'Choose what the file holds: enrolments, payments or inquiries',
  fileRequired: 'Choose a CSV or Excel (.xlsx) file',
  fileTooLarge: 'The file is larger than 20 MB: split it into smaller files',
  tooManyRows: 'The file has more than 100,000 rows: split it into smaller files',
  missingColumns: 'The header row lacks these columns of the template',
  overpaymentInvalid:
    'Write credit in overpayment to keep what is paid beyond the installment as a credit to refund, or leave it empty',
  dateFormatInvalid: 'Choose a date format: dd/mm/yyyy, yyyy-mm-dd or mm/dd/yyyy',
  courseRequired: 'Name the course',
  duplicateInFile: 'The same record appears earlier in this file, on row',
  enrollmentUnknown: 'No enrolment of this email in this course: import the enrolments first',
  installmentUnknown: 'The enrolment has no installment of this number',
  amountUnreadable: 'Write the amount in rupees, such as 25000, ₹1,25,000.00 or 25,000/-',
  stateInvalid: 'State must be the two-digit GST state code, such as 27 for Maharashtra',
  receiptNumberLikeOurs: 'This receipt number has the form of Registrar’s own receipts: give it another prefix',
  receiptNumberTaken: 'This receipt number is already on another enrolment’s payment',
  paidOnRequired: 'Give the day the amount paid was paid',
  paidModeRequired: 'Give how the amount paid was paid: cash, upi, bank transfer, card, cheque or other',
  paidBeyondFee: 'The amount paid is more than the course fee',
  busy: 'Another import is running: wait until it finishes',
  notFound: 'Import not found',
  noErrors: 'This import has no rows in error',
} as const;

const optionalIso = z.preprocess(emptyAsUndefined, z.iso.date({ error: MESSAGES.dateInvalid }).optional());
const requiredIso = z.iso.date({ error: MESSAGES.dateInvalid });

/**
 * One enrolment row. The personal fields are the public form's; a joining date in the past is
 * allowed (these students joined before the institute moved in), and the course is named.
 */
export const importEnrollmentRowSchema = enrollmentFieldsObject
  .pick({
    name: true,
    currentAddress: true,
    permanentAddress: true,
    phoneNumber: true,
    email: true,
    alterNativePhoneNumber: true,
    currentlyWorking: true,
    currentlyWorkingPlace: true,
    currentSem: true,
    designation: true,
    paymentMode: true,
    paymentMethod: true,
  })
  .extend({
    phoneNumber: phoneCell(phoneField()),
    alterNativePhoneNumber: phoneCell(optionalPhoneField()),
    currentlyWorking: choiceField(WORKING_STATUS_OPTIONS, {}, MESSAGES.currentlyWorkingRequired),
    paymentMode: optionalChoiceField(PAYMENT_MODES, ENROLLMENT_MODE_ALIASES),
    paymentMethod: choiceField(PAYMENT_METHODS, PAYMENT_METHOD_ALIASES, MESSAGES.paymentMethodRequired),
    externalId: z.preprocess(emptyAsUndefined, z.string().trim().max(100).optional()),
    course: z.string().trim().min(1, { error: IMPORT_MESSAGES.courseRequired }).max(200),
    startDate: optionalIso,
    endDate: optionalIso,
    status: defaultedChoiceField(IMPORT_ENROLLMENT_STATUSES, 'approved'),
    enrolledOn: optionalIso,
    state: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\d{2}$/, { error: IMPORT_MESSAGES.stateInvalid })
        .optional(),
    ),
  })
  .extend({
    amountPaid: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? (readRupeesPaise(v) ?? -1) : undefined),
      z.number().int().min(0, { error: IMPORT_MESSAGES.amountUnreadable }).optional(),
    ),
    paidOn: optionalIso,
    paidMode: optionalChoiceField(RECORDED_PAYMENT_MODES, PAYMENT_MODE_ALIASES),
    receiptNumber: z.preprocess(emptyAsUndefined, z.string().trim().max(40).optional()),
  })
  .refine((v) => !v.endDate || !v.startDate || v.endDate >= v.startDate, {
    error: MESSAGES.endDateBeforeStart,
    path: ['endDate'],
  })
  .refine((v) => !v.amountPaid || v.paidOn, { error: IMPORT_MESSAGES.paidOnRequired, path: ['paidOn'] })
  .refine((v) => !v.amountPaid || v.paidMode, { error: IMPORT_MESSAGES.paidModeRequired, path: ['paidMode'] });
export type ImportEnrollmentRow = z.output<typeof importEnrollmentRowSchema>;

/** One past payment: the staff payment's own fields and rules, and the institute's receipt number. */
export const importPaymentRowSchema = recordPaymentFields
  .pick({ paymentMode: true, utr: true, reference: true })
  .extend({
    paymentMode: choiceField(RECORDED_PAYMENT_MODES, PAYMENT_MODE_ALIASES, MESSAGES.paymentModeInvalid),
    email: emailField(),
    course: z.string().trim().min(1, { error: IMPORT_MESSAGES.courseRequired }).max(200),
    installmentNumber: z.coerce.number({ error: IMPORT_MESSAGES.installmentUnknown }).int().min(1).max(100),
    amountPaise: z.number({ error: IMPORT_MESSAGES.amountUnreadable }).int().positive({
      error: IMPORT_MESSAGES.amountUnreadable,
    }),
    paidOn: requiredIso,
    receiptNumber: z.preprocess(emptyAsUndefined, z.string().trim().max(40).optional()),
    overpayment: z.preprocess(
      (v) => emptyAsUndefined(typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.literal('credit', { error: IMPORT_MESSAGES.overpaymentInvalid }).optional(),
    ),
  })
  .superRefine(checkPaymentReferences);
export type ImportPaymentRow = z.output<typeof importPaymentRowSchema>;

/** One inquiry: the public form's fields and rules; course names of interest separated by `;`. */
export const importInquiryRowSchema = inquirySchema.omit({ courseId: true, language: true }).extend({
  phoneNumber: phoneCell(phoneField()),
  currentlyWorkingAs: optionalChoiceField(INQUIRY_WORKING_AS_OPTIONS),
  reference: choiceField(REFERENCE_OPTIONS, {}, MESSAGES.referenceRequired),
  receivedOn: requiredIso,
  status: defaultedChoiceField(INQUIRY_STATUSES, 'new'),
});
export type ImportInquiryRow = z.output<typeof importInquiryRowSchema>;

export const importErrorSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

export const importResultSchema = z.object({
  _id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  dryRun: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** One line of the import log. */
export const importLogEntrySchema = importResultSchema.omit({ errors: true }).extend({
  fileName: z.string(),
  sha256: z.string(),
  errorCount: z.number().int(),
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ImportLogEntry = z.infer<typeof importLogEntrySchema>;

/** Where a running import stands, for the screen's progress bar. */
export const importProgressSchema = z
  .object({ kind: z.enum(IMPORT_KINDS), fileName: z.string(), done: z.number().int(), total: z.number().int() })
  .nullable();

/** The day, month and year a cell holds in `format`, unchecked; null when it has another shape. */
function dateParts(text: string, format: ImportDateFormat): [number, number, number] | null {
  if (format === 'yyyy-mm-dd') {
    const found = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
    return found ? [Number(found[1]), Number(found[2]), Number(found[3])] : null;
  }
  const found = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!found) return null;
  const [a, b] = [Number(found[1]), Number(found[2])];
  return format === 'dd/mm/yyyy' ? [Number(found[3]), b, a] : [Number(found[3]), a, b];
}

/**
 * `dd/mm/yyyy` and its siblings read strictly: the day and month are where the format says,
 * never guessed (an ambiguous 04/05 means what the chosen format says). One- or two-digit days
 * and months are accepted. Answers `YYYY-MM-DD`, or null.
 */
export function readImportDate(cell: string, format: ImportDateFormat): string | null {
  const parts = dateParts(cell.trim(), format);
  if (!parts || impossibleDate(cell.trim(), ...parts)) return null;
  const [y, m, d] = parts;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Why a cell is not a date in `format`: an impossible day or month named as such, else the format. */
export function importDateProblem(cell: string, format: ImportDateFormat): string {
  const text = cell.trim();
  const parts = dateParts(text, format);
  return (parts && impossibleDate(text, ...parts)) ?? `${text}: ${IMPORT_VALUE_MESSAGES.dateUnreadable} ${format}`;
}
