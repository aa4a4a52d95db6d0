/**
 * The languages a student can read the public forms, their mails and their fee statement in, and
 * the one formatter per kind of value that every screen, mail and PDF uses: rupees with Indian
 * grouping (₹1,23,456.50, lakh and crore), counts, shares, months and dates, in `en-IN` or `hi-IN`.
 * No zod here: the public pages import these formatters at load, and the schemas only on the first input.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** Where a device remembers the language chosen with the public pages' switch (`localStorage`). */
export const LANGUAGE_STORAGE_KEY = 'registrar.language';

/** The BCP 47 locale each language formats numbers and dates with. */
export const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/** The language's own name, as the switch shows it (each in its own script). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** Dates are read in India's time zone wherever they are shown or printed. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
/** How exports name that zone in a column's header: "Recorded at (IST)". */
export const INDIA_TIME_ZONE_NAME = 'IST';

// Intl formatters are costly to build and cheap to reuse: one per language and style.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

const rupeeFormat = (language: Language, paise: boolean) =>
  cached(
    `inr:${language}:${paise}`,
    () =>
      new Intl.NumberFormat(LOCALES[language], {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: paise ? 2 : 0,
        maximumFractionDigits: paise ? 2 : 0,
      }),
  );

/** Rupees for screens: paise only when there are some (₹1,50,000; ₹1,999.99). */
export function formatRupees(amount: number, language: Language = DEFAULT_LANGUAGE): string {
  const paise = Math.round(amount * 100);
  return rupeeFormat(language, paise % 100 !== 0).format(paise / 100);
}

/** Rupees for statements and mails, always with paise (₹1,23,456.50). */
export function formatRupeesExact(amount: number, language: Language = DEFAULT_LANGUAGE): string {
  return rupeeFormat(language, true).format(Math.round(amount * 100) / 100);
}

/** A plain count with Indian grouping (1,23,456). */
export function formatCount(value: number, language: Language = DEFAULT_LANGUAGE): string {
  return cached(`count:${language}`, () => new Intl.NumberFormat(LOCALES[language])).format(value);
}

/** Rupees in short for chart axes, in lakh and crore (₹1.5L, ₹1.2Cr; ₹1.5 लाख in Hindi). */
export function formatRupeesCompact(amount: number, language: Language = DEFAULT_LANGUAGE): string {
  return cached(
    `inr-compact:${language}`,
    () =>
      new Intl.NumberFormat(LOCALES[language], {
        style: 'currency',
        currency: 'INR',
        notation: 'compact',
        maximumFractionDigits: 1,
      }),
  ).format(amount);
}

/** A share given as a fraction (0.125 → 12.5%), with at most `digits` decimals. */
export function formatPercent(fraction: number, language: Language = DEFAULT_LANGUAGE, digits = 1): string {
  return cached(
    `percent:${language}:${digits}`,
    () => new Intl.NumberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: digits }),
  ).format(fraction);
}

export interface DateOptions {
  /** 'long' reads '12 November 2026' / '12 नवंबर 2026'; 'medium' '12 Nov 2026'. */
  style?: 'long' | 'medium';
  /** The time of day of formatDateTime: 'short' reads '2:35 pm', 'medium' '2:35:07 pm'. */
  time?: 'short' | 'medium';
  /** Defaults to India's; a calendar date without a time (YYYY-MM-DD) is read in UTC so it stays that day. */
  timeZone?: string;
}

const toDate = (value: string | Date) => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};
const isCalendarDate = (value: string | Date) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A date; a value that is not a date comes back as it was sent. */
export function formatDate(value: string | Date, language: Language = DEFAULT_LANGUAGE, options: DateOptions = {}) {
  const date = toDate(value);
  if (!date) return String(value);
  const style = options.style ?? 'medium';
  const timeZone = options.timeZone ?? (isCalendarDate(value) ? 'UTC' : INDIA_TIME_ZONE);
  return cached(
    `date:${language}:${style}:${timeZone}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: style, timeZone }),
  ).format(date);
}

/** A date as documents print it in either language: 26/11/2026 (a calendar date stays that day). */
export function formatDateNumeric(value: string | Date): string {
  const date = toDate(value);
  if (!date) return String(value);
  const timeZone = isCalendarDate(value) ? 'UTC' : INDIA_TIME_ZONE;
  return cached(
    `numeric:${timeZone}`,
    () => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }),
  ).format(date);
}

/** A date with its time of day, in India's time zone unless told otherwise. */
export function formatDateTime(value: string | Date, language: Language = DEFAULT_LANGUAGE, options: DateOptions = {}) {
  const date = toDate(value);
  if (!date) return String(value);
  const style = options.style ?? 'medium';
  const time = options.time ?? 'short';
  const timeZone = options.timeZone ?? INDIA_TIME_ZONE;
  return cached(
    `datetime:${language}:${style}:${time}:${timeZone}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: style, timeStyle: time, timeZone }),
  ).format(date);
}

/**
 * An instant as a spreadsheet reads it, in India's time zone: `2026-11-28 17:30:05` (sortable, no
 * zone suffix; the column's header names the zone).
 */
export function formatSpreadsheetDateTime(value: string | Date): string {
  const date = toDate(value);
  if (!date) return String(value);
  const parts = cached(
    'spreadsheet',
    () =>
      new Intl.DateTimeFormat('en-GB', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        timeZone: INDIA_TIME_ZONE,
      }),
  ).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** A calendar month, `YYYY-MM` ('2026-03' → 'Mar 2026', or 'March 2026' when long); anything else as sent. */
export function formatMonth(month: string, language: Language = DEFAULT_LANGUAGE, style: 'long' | 'short' = 'short') {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return cached(
    `month:${language}:${style}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { month: style, year: 'numeric', timeZone: 'UTC' }),
  ).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}
