/**
 * How a list says how many rows it holds: exactly, or, when the server stopped counting at its cap
 * (`totalIsCapped`), as "10,000+", as GitHub and Gmail do for a large search.
 */
import { formatCount } from '@registrar/contract/language';
const format = (n: number) => formatCount(n);

export function totalLabel(total: number, totalIsCapped: boolean | undefined): string {
  return totalIsCapped ? `${format(total)}+` : format(total);
}

export function displayedRows({
  from,
  to,
  count,
  totalIsCapped,
}: {
  from: number;
  to: number;
  count: number;
  totalIsCapped: boolean | undefined;
}): string {
  return `${format(from)}–${format(to)} of ${totalLabel(count, totalIsCapped)}`;
}
