/**
 * Rupee amounts on screen: Indian grouping (₹1,50,000), paise only when there are some
 * (₹1,999.99). Sums are taken in paise (the contract's `sumInPaise`) so 0.1 + 0.2 is exact.
 */
const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatRupees(amount: number): string {
  const paise = Math.round(amount * 100);
  return (paise % 100 === 0 ? whole : withPaise).format(paise / 100);
}

/** Splits `total` rupees into `count` amounts that add up to it exactly; the last takes the odd paise. */
export function splitEvenly(total: number, count: number): number[] {
  const paise = Math.round(total * 100);
  const base = Math.floor(paise / count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? paise - base * (count - 1) : base) / 100);
}
