/**
 * Which column of an institute's own file holds which field of an import: proposed from the
 * header (the field's name, English and Hindi synonyms) and from sample values, confirmed or
 * changed by the admin, and kept for the next file with the same header.
 */
import { z } from 'zod';
import { choiceKey, readPhone, readRupeesPaise, readChoice, PAYMENT_MODE_ALIASES } from './import-values';
import { IMPORT_COLUMNS, IMPORT_OPTIONAL_COLUMNS, type ImportKind } from './imports';
import { LEDGER_PAYMENT_MODES } from './constants';

/** Every field a file may map, in the template's order, then the ones only some files carry. */
export const importFields = (kind: ImportKind): readonly string[] => [
  ...IMPORT_COLUMNS[kind],
  ...IMPORT_OPTIONAL_COLUMNS[kind],
];

/** Fields without which no row of the kind could pass: a mapping must name a column for each. */
export const IMPORT_REQUIRED_FIELDS: Record<ImportKind, readonly string[]> = {
  enrollments: [
    'name',
    'email',
    'phoneNumber',
    'currentAddress',
    'course',
    'paymentMethod',
    'currentlyWorking',
    'currentlyWorkingPlace',
  ],
  payments: ['email', 'course', 'installmentNumber', 'amount', 'paidOn', 'paymentMode'],
  inquiries: ['name', 'email', 'phoneNumber', 'address', 'areaOfInterest', 'reference', 'receivedOn'],
};

/** Headers people give each field, English and Hindi; compared as `choiceKey` compares them. */
export const IMPORT_FIELD_SYNONYMS: Record<string, readonly string[]> = {
  externalId: ['id', 'student id', 'roll no', 'roll number', 'admission no', 'reg no', 'registration no', 'क्रमांक'],
  name: ['name', 'student name', 'student', 'full name', 'candidate', 'नाम', 'छात्र का नाम', 'विद्यार्थी'],
  email: ['email', 'e-mail', 'email id', 'mail', 'ईमेल', 'ई-मेल'],
  phoneNumber: ['phone', 'mobile', 'mobile no', 'phone no', 'contact', 'contact no', 'whatsapp', 'फ़ोन', 'मोबाइल'],
  alterNativePhoneNumber: ['alternate phone', 'alternative phone', 'other phone', 'parent phone', 'दूसरा फ़ोन'],
  currentAddress: ['address', 'current address', 'present address', 'पता', 'वर्तमान पता'],
  permanentAddress: ['permanent address', 'home address', 'स्थायी पता'],
  course: ['course', 'course name', 'batch', 'program', 'programme', 'कोर्स', 'पाठ्यक्रम'],
  paymentMethod: ['payment method', 'fee plan', 'plan', 'fees type', 'installment or full', 'भुगतान तरीका'],
  paymentMode: ['payment mode', 'mode', 'mode of payment', 'paid by', 'paid via', 'भुगतान माध्यम', 'माध्यम'],
  startDate: ['start date', 'joining date', 'date of joining', 'doj', 'batch start', 'प्रवेश तिथि'],
  endDate: ['end date', 'completion date', 'batch end', 'समाप्ति तिथि'],
  currentlyWorking: ['occupation', 'currently', 'working', 'status of work', 'profession', 'व्यवसाय'],
  currentlyWorkingPlace: ['college', 'company', 'college company', 'organisation', 'organization', 'workplace', 'संस्था'],
  currentSem: ['semester', 'sem', 'सेमेस्टर'],
  designation: ['designation', 'role', 'job title', 'पद'],
  status: ['status', 'admission status', 'स्थिति'],
  enrolledOn: [
    'enrolled on',
    'admission date',
    'date of admission',
    'enrolment date',
    'enrollment date',
    'दाख़िला तिथि',
  ],
  state: ['state', 'state code', 'राज्य'],
  installmentNumber: ['installment', 'installment no', 'instalment', 'emi no', 'किस्त'],
  amount: ['amount', 'paid', 'amount paid', 'fees paid', 'rs', 'rupees', 'राशि'],
  paidOn: ['paid on', 'payment date', 'date', 'date of payment', 'भुगतान तिथि'],
  utr: ['utr', 'utr no', 'transaction id', 'txn id', 'upi ref'],
  reference: ['reference', 'ref', 'cheque no', 'remarks', 'संदर्भ'],
  receiptNumber: ['receipt', 'receipt no', 'receipt number', 'रसीद', 'रसीद संख्या'],
  overpayment: ['overpayment', 'excess'],
  amountPaid: ['amount paid', 'paid', 'fees paid', 'total paid', 'paid amount', 'जमा राशि', 'भुगतान राशि'],
  paidMode: ['paid by', 'mode', 'payment mode', 'mode of payment', 'paid via', 'भुगतान माध्यम'],
  address: ['address', 'पता'],
  currentlyWorkingAs: ['occupation', 'working as', 'व्यवसाय'],
  currentlyAt: ['college', 'company', 'currently at', 'संस्था'],
  areaOfInterest: ['interest', 'interested in', 'courses', 'area of interest', 'रुचि'],
  friendName: ['friend name', 'friend', 'referred by', 'मित्र'],
  friendWorkingArea: ['friend working area', 'friend works at'],
  receivedOn: ['received on', 'date', 'inquiry date', 'enquiry date', 'तिथि'],
};

/** A field → column mapping: the header text of the column each field is read from. */
export const importMappingSchema = z.record(z.string().max(60), z.string().trim().min(1).max(200));
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const IMPORT_MAPPING_MESSAGES = {
  mappingInvalid: 'The column mapping is not JSON of field → column',
  unknownField: 'The column mapping names a field this import does not have',
  columnMissing: 'The column mapping names a column the file does not have',
  requiredUnmapped: 'Choose the column of each of these fields',
} as const;

/** A header cell as compared: Excel's byte-order mark, case, spaces and punctuation aside. */
export const headerCellKey = (cell: string) => choiceKey(cell.replace(/^\uFEFF/, ''));

/** The header as remembered: its cells' keys, without the `error` column an errors file adds. */
export function headerSignature(header: readonly string[]): string {
  const keys = header.map(headerCellKey);
  while (keys.length && (keys[keys.length - 1] === '' || keys[keys.length - 1] === 'error')) keys.pop();
  return keys.join('|');
}

/** Fields proposed only from a column of their own name: in an enrolment file a "Mode" column is what was paid by. */
const BY_NAME_ONLY: Record<ImportKind, readonly string[]> = {
  enrollments: ['paymentMode'],
  payments: [],
  inquiries: [],
};

type SampleTest = (cells: string[]) => boolean;
const most =
  (test: (cell: string) => boolean): SampleTest =>
  (cells) => {
    const filled = cells.filter((c) => c.trim() !== '');
    return filled.length > 0 && filled.filter(test).length * 2 > filled.length;
  };
const isDate = (c: string) => /^\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}$/.test(c.trim());

/** What a column's values look like when it holds the field: the last way a column is recognised. */
const SAMPLE_TESTS: Record<string, SampleTest> = {
  email: most((c) => /^[^@\s]+@[^@\s]+$/.test(c.trim())),
  phoneNumber: most((c) => /^[1-9]\d{9}$/.test(readPhone(c))),
  amount: most((c) => readRupeesPaise(c) !== null && /[₹,]|\/-/.test(c)),
  paymentMode: most((c) => readChoice(c, LEDGER_PAYMENT_MODES, PAYMENT_MODE_ALIASES) !== null),
  paidMode: most((c) => readChoice(c, LEDGER_PAYMENT_MODES, PAYMENT_MODE_ALIASES) !== null),
  paidOn: most(isDate),
  enrolledOn: most(isDate),
  receivedOn: most(isDate),
};

/**
 * A proposed mapping for a file: each field to the column whose header is the field's name, else
 * one of its synonyms, else (for a few fields) whose sample values look like it. A column serves
 * one field; a field no column fits is left out.
 */
export function proposeMapping(
  kind: ImportKind,
  header: readonly string[],
  samples: readonly string[][] = [],
): ImportMapping {
  const keys = header.map(headerCellKey);
  const used = new Set<number>();
  const mapping: ImportMapping = {};
  const take = (field: string, at: number) => {
    if (at < 0 || used.has(at) || mapping[field] !== undefined || !header[at]?.trim()) return;
    used.add(at);
    mapping[field] = header[at]!.trim();
  };
  const fields = importFields(kind).filter((f) => !BY_NAME_ONLY[kind].includes(f));
  for (const field of importFields(kind)) take(field, keys.indexOf(headerCellKey(field)));
  for (const field of fields)
    for (const synonym of IMPORT_FIELD_SYNONYMS[field] ?? []) take(field, keys.indexOf(headerCellKey(synonym)));
  // A header that starts with a synonym ("Mobile No. (WhatsApp)") after whole-header matches.
  for (const field of fields)
    for (const synonym of IMPORT_FIELD_SYNONYMS[field] ?? []) {
      const key = headerCellKey(synonym);
      if (key.length >= 4)
        take(
          field,
          keys.findIndex((k, i) => !used.has(i) && k.startsWith(key)),
        );
    }
  for (const field of fields) {
    const test = SAMPLE_TESTS[field];
    if (!test || mapping[field] !== undefined) continue;
    take(
      field,
      header.findIndex((_, i) => !used.has(i) && test(samples.map((row) => row[i] ?? ''))),
    );
  }
  return mapping;
}

/** A proposed or saved mapping for a file, with what the screen shows beside it. */
export const importColumnsSchema = z.object({
  header: z.array(z.string()),
  samples: z.array(z.array(z.string())),
  fields: z.array(z.object({ field: z.string(), required: z.boolean() })),
  mapping: importMappingSchema,
  /** True when the mapping is the one kept for this header, not a new proposal. */
  saved: z.boolean(),
});
export type ImportColumns = z.infer<typeof importColumnsSchema>;
