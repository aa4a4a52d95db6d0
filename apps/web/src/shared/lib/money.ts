/**
 * Rupee amounts on screen come from the contract's formatters, English by default (Indian grouping,
 * paise only when there are some; ₹1.5L on chart axes). Sums are taken in paise (the contract's
 * `sumInPaise`) so 0.1 + 0.2 is exact.
 */
export { formatRupees, formatRupeesCompact } from '@registrar/contract/language';

/** Splits `total` rupees into `count` amounts that add up to it exactly; the last takes the odd paise. */
export function splitEvenly(total: number, count: number): number[] {
  const paise = Math.round(total * 100);
  const base = Math.floor(paise / count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? paise - base * (count - 1) : base) / 100);
}
