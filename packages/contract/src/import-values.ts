/**
 * Values as an institute's own spreadsheet writes them, read forgivingly and in one place:
 * choices in any case with the names people use in India (GPay, NEFT, DD), phones with +91 or a
 * leading 0, amounts with ₹, commas or "/-", Yes/No, and dates that say why they cannot be.
 */
import { z } from 'zod';
import { formatMonth } from './language';

export const IMPORT_VALUE_MESSAGES = {
  choiceInvalid: 'is not one of the allowed values',
  allowedValues: 'write one of',
  dateImpossible: 'has',
  days: 'days',
  monthImpossible: 'there is no month',
  dateUnreadable: 'write the date as',
  courseUnknown: 'No course has this name',
  nearestCourses: 'nearest',
  yesNoInvalid: 'Write Yes or No',
} as const;

/** Lower case, letters and digits only: "Google Pay" → "googlepay", "Full Payment" → "fullpayment". */
export const choiceKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, '');

/** The names Indian payers give a mode, read as the ledger's mode. */
export const PAYMENT_MODE_ALIASES: Record<string, string> = {
  gpay: 'upi',
  googlepay: 'upi',
  phonepe: 'upi',
  paytm: 'upi',
  bhim: 'upi',
  bhimupi: 'upi',
  neft: 'bank_transfer',
  imps: 'bank_transfer',
  rtgs: 'bank_transfer',
  banktransfer: 'bank_transfer',
  bank: 'bank_transfer',
  dd: 'cheque',
  demanddraft: 'cheque',
  check: 'cheque',
  creditcard: 'card',
  debitcard: 'card',
  nagad: 'cash',
  नकद: 'cash',
};

/** The same aliases for the enrolment's own (older) list of modes, where every online way is one. */
export const ENROLLMENT_MODE_ALIASES: Record<string, string> = {
  ...PAYMENT_MODE_ALIASES,
  upi: 'online_payment',
  gpay: 'online_payment',
  googlepay: 'online_payment',
  phonepe: 'online_payment',
  paytm: 'online_payment',
  bhim: 'online_payment',
  bhimupi: 'online_payment',
  neft: 'online_payment',
  imps: 'online_payment',
  rtgs: 'online_payment',
  banktransfer: 'online_payment',
  bank: 'online_payment',
  online: 'online_payment',
  card: 'online_payment',
  creditcard: 'online_payment',
  debitcard: 'online_payment',
};

export const PAYMENT_METHOD_ALIASES: Record<string, string> = {
  emi: 'installment',
  installments: 'installment',
  instalment: 'installment',
  instalments: 'installment',
  full: 'full_payment',
  fullfees: 'full_payment',
  onetime: 'full_payment',
  lumpsum: 'full_payment',
};

/** How a value is shown in a list of allowed values: `bank_transfer` → "bank transfer". */
const shown = (value: string) => value.replace(/_/g, ' ');

/** The message for a choice that is none of `allowed`: the value, then every value allowed. */
export const choiceMessage = (cell: string, allowed: readonly string[]) =>
  `"${cell}" ${IMPORT_VALUE_MESSAGES.choiceInvalid}: ${IMPORT_VALUE_MESSAGES.allowedValues} ${allowed.map(shown).join(', ')}`;

/** A choice read in any case, with spaces, dashes or underscores, or by an alias; null when none fits. */
export function readChoice<T extends string>(
  cell: string,
  allowed: readonly T[],
  aliases: Record<string, string> = {},
): T | null {
  const key = choiceKey(cell);
  if (!key) return null;
  const direct = allowed.find((a) => choiceKey(a) === key);
  if (direct) return direct;
  const alias = aliases[key];
  return allowed.find((a) => a === alias) ?? null;
}

const choice = <T extends string>(allowed: readonly T[], aliases: Record<string, string>) =>
  z.string().transform((cell, ctx) => {
    const value = readChoice(cell, allowed, aliases);
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: choiceMessage(cell, allowed) });
      return z.NEVER;
    }
    return value;
  });
const blankAs = (fallback: string | undefined) => (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? fallback : v;

/** A required choice column: blank gives `requiredMessage`; a wrong value is answered with every allowed one. */
export const choiceField = <T extends string>(
  allowed: readonly T[],
  aliases: Record<string, string>,
  requiredMessage: string,
) => z.preprocess(blankAs(undefined), z.string({ error: requiredMessage }).pipe(choice(allowed, aliases)));

/** An optional choice column: blank is `fallback` (or "not said"). */
export const optionalChoiceField = <T extends string>(
  allowed: readonly T[],
  aliases: Record<string, string> = {},
  fallback?: T,
) => z.preprocess(blankAs(fallback), choice(allowed, aliases).optional());

/** A choice column that is `fallback` when blank. */
export const defaultedChoiceField = <T extends string>(allowed: readonly T[], fallback: T) =>
  z.preprocess(blankAs(fallback), choice(allowed, {}));

/** A phone column: the forms' phone rule after reading +91, 0, spaces and dashes away. */
export const phoneCell = <T extends z.ZodType>(rule: T) =>
  z.preprocess((v) => (typeof v === 'string' ? readPhone(v) : v), rule);

/**
 * An Indian mobile number as people write it — `+91 98234 56706`, `098234-56706`, `(982) 345 6706`
 * — as its ten digits; anything that is not one is returned as written, for the phone rule to refuse.
 */
export function readPhone(cell: string): string {
  const digits = cell.replace(/[\s\-().]/g, '');
  const found = /^(?:\+?91|0)?([1-9]\d{9})$/.exec(digits);
  return found ? found[1]! : cell.trim();
}

/** Yes or No in the ways a register writes them (Y, True, 1, हाँ); null for anything else. */
export function readYesNo(cell: string): boolean | null {
  const key = choiceKey(cell);
  if (['yes', 'y', 'true', '1', 'haan', 'ha', 'हाँ', 'हां'].includes(key)) return true;
  if (['no', 'n', 'false', '0', 'nahi', 'नहीं'].includes(key)) return false;
  return null;
}

/**
 * An amount in rupees as written — `25000`, `₹1,25,000.00`, `Rs. 500`, `25,000/-`, `INR 900` — in
 * paise; null for an empty cell, a dash, or anything else. Signs and brackets are the caller's.
 */
export function readRupeesPaise(cell: string): number | null {
  const text = cell
    .replace(/₹|inr|rs\.?|\s/gi, '')
    .replace(/\/-$/, '')
    .replace(/\.-$/, '');
  if (text === '' || /^-+$/.test(text)) return null;
  if (!/^(\d{1,3}(,\d{2,3})*|\d+)(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.replace(/,/g, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Why a date of the right shape is not a date: "31/11/2026: November has 30 days",
 * "29/02/2027: February 2027 has 28 days", "12/13/2026: there is no month 13". Null when it is one.
 */
export function impossibleDate(cell: string, year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12) return `${cell}: ${IMPORT_VALUE_MESSAGES.monthImpossible} ${month}`;
  const most = daysIn(year, month);
  if (day >= 1 && day <= most) return null;
  const monthName = formatMonth(`${year}-${String(month).padStart(2, '0')}`, 'en', 'long');
  // February's length depends on the year, so it is named with it; other months by name only.
  const name = month === 2 ? monthName : monthName.replace(/\s*\d{4}$/, '');
  return `${cell}: ${name} ${IMPORT_VALUE_MESSAGES.dateImpossible} ${most} ${IMPORT_VALUE_MESSAGES.days}`;
}

/** Edit distance, for naming the courses nearest a misspelt one. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** The `count` names nearest `wanted`: those containing it or contained in it first, then by spelling. */
export function nearestNames(wanted: string, names: readonly string[], count = 3): string[] {
  const key = choiceKey(wanted);
  const score = (name: string) => {
    const other = choiceKey(name);
    const contains = key && other && (other.includes(key) || key.includes(other));
    return (contains ? 0 : 1000) + distance(key, other);
  };
  return [...names]
    .map((name) => ({ name, score: score(name) }))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((n) => n.name);
}

/** "No course has this name: nearest Data Science, Tally Prime". */
export const unknownCourseMessage = (wanted: string, names: readonly string[]) => {
  const nearest = nearestNames(wanted, names);
  return nearest.length
    ? `${IMPORT_VALUE_MESSAGES.courseUnknown}: ${IMPORT_VALUE_MESSAGES.nearestCourses} ${nearest.join(', ')}`
    : IMPORT_VALUE_MESSAGES.courseUnknown;
};
