/**
 * A per-instance cache of what the database holds, trusted only while this instance hears the
 * database announce every change to it (LISTEN/NOTIFY, `Database.listen`): nothing is kept while
 * the listening connection is down, everything is dropped when it comes back, a read that started
 * before an invalidation is not stored after it, and an entry lives `maxAgeMs` at most should a
 * notification ever be lost without the connection dropping.
 */
export interface HeardCacheLimits {
  maxAgeMs: number;
  /** Past this many entries the oldest goes. */
  maxEntries: number;
}

export class HeardCache<V> {
  private readonly entries = new Map<string, { value: V; cachedAt: number }>();
  /** Bumped by every invalidation: a read that started before one must not be stored after it. */
  private generation = 0;
  private live = false;

  constructor(
    private readonly limits: HeardCacheLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Whether invalidations are being heard; without them nothing is kept. */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  get isLive(): boolean {
    return this.live;
  }

  /** Taken before reading the database; `put` drops the result if anything changed meanwhile. */
  ticket(): number {
    return this.generation;
  }

  get(key: string): V | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock() - entry.cachedAt > this.limits.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  put(ticket: number, key: string, value: V): void {
    if (!this.live || ticket !== this.generation) return;
    if (this.entries.size >= this.limits.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, cachedAt: this.clock() });
  }

  /** Replaces a kept value after this instance itself changed what it holds (its age is kept). */
  replace(key: string, change: (value: V) => V): void {
    const entry = this.entries.get(key);
    if (entry) entry.value = change(entry.value);
  }

  /** Drops the entry under `key`. */
  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Drops the entries `doomed` picks (a walk over every entry). */
  drop(doomed: (key: string, value: V) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (doomed(key, entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
