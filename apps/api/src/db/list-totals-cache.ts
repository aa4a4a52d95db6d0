/**
 * The enrolment list's totals, kept in memory per search and filters. Paging through a search
 * asks for the same total on every page, and counting a common term ("gmail", "77") scans tens
 * of thousands of rows each time; a kept total answers at once until anything it counts changes.
 * An entry is only trusted while this instance is sure to hear of every change: the database
 * announces each statement that writes enrolments, installments or courses on the
 * `registrar_lists` channel, and an instance whose listening connection is down keeps nothing.
 */

/** The channel the enrolment-list triggers notify on. */
export const LIST_CHANNEL = 'registrar_lists';
/** A ceiling on staleness should a notification ever be lost without the connection dropping. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 2_000;

/** What one search and set of filters came to: the courses its term names and how many rows match. */
export interface ListTotal {
  courseIds: string[];
  total: number;
}

export class ListTotalsCache {
  private readonly entries = new Map<string, ListTotal & { cachedAt: number }>();
  /** Bumped by every invalidation: a count that started before one must not be stored after it. */
  private generation = 0;
  private live = false;

  constructor(private readonly clock: () => number = Date.now) {}

  /** Whether invalidations are being heard; without them nothing is kept. */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  /** Taken before counting; `put` drops the result if anything changed meanwhile. */
  ticket(): number {
    return this.generation;
  }

  get(key: string): ListTotal | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock() - entry.cachedAt > MAX_AGE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  put(ticket: number, key: string, value: ListTotal): void {
    if (!this.live || ticket !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...value, cachedAt: this.clock() });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
