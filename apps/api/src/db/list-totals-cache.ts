/**
 * The enrolment list's totals, kept in memory per search and filters, and which rows each page
 * shows. Paging through a search asks for the same total on every page, and counting a common term
 * ("gmail", "77") scans tens of thousands of rows each time; finding a page of a rare term walks the
 * list until enough rows match. A kept total or page answers at once until anything it depends on
 * changes (a page's rows are still read fresh, so what each student owes is always current):
 * the database announces each statement that writes enrolments, installments or courses on the
 * `registrar_lists` channel, naming the table (migration 0019), and a `HeardCache` keeps nothing
 * it cannot hear about.
 */
import { HeardCache } from './heard-cache';

/** The channel the enrolment-list triggers notify on. */
export const LIST_CHANNEL = 'registrar_lists';

/** What one search and set of filters came to: the courses its term names and how many rows match. */
export interface ListTotal {
  courseIds: string[];
  /** Rows counted, up to one past the list's cap (src/repositories/enrollment-repository.ts). */
  counted: number;
  /** Filtered by payment state, so a payment (a write to installments) can change it. */
  followsPayments: boolean;
}

/** Which enrolments one page of a search shows, in the list's order. */
export interface ListPage {
  ids: string[];
  /** Filtered by payment state, so a payment (a write to installments) can change it. */
  followsPayments: boolean;
}

export class ListTotalsCache extends HeardCache<ListTotal | ListPage> {
  constructor(clock: () => number = Date.now) {
    // The database's notifications keep it current; the age limit only bounds a notification lost
    // without the connection dropping. At one minute, every page a busy office had shown expired in
    // the same minute and was searched again at once, all together.
    super({ maxAgeMs: 5 * 60_000, maxEntries: 5_000 }, clock);
  }

  total(key: string): ListTotal | undefined {
    const kept = this.get(key);
    return kept && 'counted' in kept ? kept : undefined;
  }

  page(key: string): ListPage | undefined {
    const kept = this.get(key);
    return kept && 'ids' in kept ? kept : undefined;
  }

  /**
   * What changed, as the database names it: installments (a payment, a refund, a new schedule) can
   * change only the totals filtered by payment state — never how many enrolments match a name or
   * a status; enrolments and courses can change any total.
   */
  changed(table: string): void {
    if (table === 'installments') this.drop((_key, total) => total.followsPayments);
    else this.clear();
  }
}
