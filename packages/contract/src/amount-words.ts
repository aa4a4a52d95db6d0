/**
 * Amounts in words with Indian numbering (thousand, lakh, crore), as receipts write them:
 * 125000 → 'one lakh twenty-five thousand rupees', or in Hindi 'एक लाख पच्चीस हज़ार रुपये'.
 * Shared so the page and the PDF agree.
 */
import type { Language } from './language';

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0–99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${tens}-${ONES[n % 10]}` : tens;
}

/** 0–999, without 'zero' for 0 (the caller leaves empty groups out). */
function belowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${ONES[Math.floor(n / 100)]} hundred`);
  if (n % 100) parts.push(belowHundred(n % 100));
  return parts.join(' ');
}

/** A whole number in words, Indian style; above 99 crore the crores are counted in words again. */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number of rupees: ${n}`);
  if (n === 0) return 'zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (crore) parts.push(`${integerInWords(crore)} crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** Whole rupees and paise of an amount with at most two decimals, rounded to the paisa. */
function splitPaise(rupees: number): { whole: number; paise: number } {
  const paiseTotal = Math.round(rupees * 100);
  if (!Number.isSafeInteger(paiseTotal) || paiseTotal < 0) throw new RangeError(`not an amount: ${rupees}`);
  return { whole: Math.floor(paiseTotal / 100), paise: paiseTotal % 100 };
}

/** Rupees (at most two decimals) in words: 1250.5 → 'one thousand two hundred fifty rupees and fifty paise'. */
export function rupeesInWords(rupees: number): string {
  const { whole, paise } = splitPaise(rupees);
  const rupeePart = `${integerInWords(whole)} ${whole === 1 ? 'rupee' : 'rupees'}`;
  if (!paise) return rupeePart;
  const paisePart = `${belowHundred(paise)} ${paise === 1 ? 'paisa' : 'paise'}`;
  return whole ? `${rupeePart} and ${paisePart}` : paisePart;
}

/**
 * Hindi names 0–99, a row for each ten: they do not follow from the tens and ones (21 इक्कीस,
 * 99 निन्यानवे), so each is listed. Nuktas are written as two code points (ज + ़), the NFC form.
 */
const HINDI_BELOW_HUNDRED = [
  'शून्य एक दो तीन चार पाँच छह सात आठ नौ',
  'दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस',
  'बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस',
  'तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस',
  'चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास',
  'पचास इक्यावन बावन तिरपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ',
  'साठ इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर',
  'सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी',
  'अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी',
  'नब्बे इक्यानवे बानवे तिरानवे चौरानवे पचानवे छियानवे सत्तानवे अट्ठानवे निन्यानवे',
]
  .join(' ')
  .split(' ');

/** 0–999 in Hindi, without 'शून्य' for 0 (the caller leaves empty groups out). */
function hindiBelowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${HINDI_BELOW_HUNDRED[Math.floor(n / 100)]} सौ`);
  if (n % 100) parts.push(HINDI_BELOW_HUNDRED[n % 100]!);
  return parts.join(' ');
}

/** A whole number in Hindi words, Indian style (हज़ार, लाख, करोड़); above 99 crore the crores are counted again. */
export function integerInHindiWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number of rupees: ${n}`);
  if (n === 0) return HINDI_BELOW_HUNDRED[0]!;
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (crore) parts.push(`${integerInHindiWords(crore)} करोड़`);
  if (lakh) parts.push(`${HINDI_BELOW_HUNDRED[lakh]} लाख`);
  if (thousand) parts.push(`${HINDI_BELOW_HUNDRED[thousand]} हज़ार`);
  if (rest) parts.push(hindiBelowThousand(rest));
  return parts.join(' ');
}

/** Rupees in Hindi words: 1250.5 → 'एक हज़ार दो सौ पचास रुपये और पचास पैसे'. */
export function rupeesInHindiWords(rupees: number): string {
  const { whole, paise } = splitPaise(rupees);
  const rupeePart = `${integerInHindiWords(whole)} ${whole === 1 ? 'रुपया' : 'रुपये'}`;
  if (!paise) return rupeePart;
  const paisePart = `${HINDI_BELOW_HUNDRED[paise]} ${paise === 1 ? 'पैसा' : 'पैसे'}`;
  return whole ? `${rupeePart} और ${paisePart}` : paisePart;
}

// A record, so a language added to LANGUAGES does not typecheck until its words are written.
const IN_WORDS: Record<Language, (rupees: number) => string> = { en: rupeesInWords, hi: rupeesInHindiWords };

/** The amount in words of the document's language; 'only' / 'मात्र' is the caller's template. */
export function amountInWords(rupees: number, language: Language): string {
  return IN_WORDS[language](rupees);
}
