/**
 * Amounts in words with Indian numbering (thousand, lakh, crore), as receipts write them:
 * 125000 → 'one lakh twenty-five thousand rupees'. Shared so the page and the PDF agree.
 */
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

/** Rupees (at most two decimals) in words: 1250.5 → 'one thousand two hundred fifty rupees and fifty paise'. */
export function rupeesInWords(rupees: number): string {
  const paiseTotal = Math.round(rupees * 100);
  if (!Number.isSafeInteger(paiseTotal) || paiseTotal < 0) throw new RangeError(`not an amount: ${rupees}`);
  const whole = Math.floor(paiseTotal / 100);
  const paise = paiseTotal % 100;
  const rupeePart = `${integerInWords(whole)} ${whole === 1 ? 'rupee' : 'rupees'}`;
  if (!paise) return rupeePart;
  const paisePart = `${belowHundred(paise)} ${paise === 1 ? 'paisa' : 'paise'}`;
  return whole ? `${rupeePart} and ${paisePart}` : paisePart;
}
