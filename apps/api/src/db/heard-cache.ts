/**
 * A per-instance cache of what the database holds, trusted only while this instance hears the
 * database announce every change to it (LISTEN/NOTIFY, `Database.listen`): nothing is kept while
 * the listening connection is down, everything is dropped when it comes back, a read that started
 * before an invalidation is not stored after it if that invalidation would have dropped it, and an
 * entry lives `maxAgeMs` at most should a notification ever be lost without the connection dropping.
 */
export interface HeardCacheLimits {
  maxAgeMs: number;
  /** Past this many entries the oldest goes. */
  maxEntries: number;
}

type Doomed<V> = (key: string, value: V) => boolean;

/** How many recent invalidations are remembered to judge a read that overlapped them; past that it is dropped. */
const REMEMBERED_INVALIDATIONS = 256;

export class HeardCache<V> {
  private readonly entries = new Map<string, { value: V; cachedAt: number }>();
  /** Bumped by every invalidation; a ticket is the generation a read started at. */
  private generation = 0;
  /**
   * The latest invalidations and what each dropped, oldest first. A read that overlapped some is
   * stored only if none of them would have dropped it: a payment every second must not throw away
   * every count of a name that took longer than a second, though a payment cannot change it.
   */
  private readonly invalidations: { generation: number; doomed: Doomed<V> }[] = [];
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
    if (!this.live || this.overtaken(ticket, key, value)) return;
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
    this.remember((k) => k === key);
    this.entries.delete(key);
  }

  /** Drops the entries `doomed` picks (a walk over every entry). */
  drop(doomed: Doomed<V>): void {
    this.remember(doomed);
    for (const [key, entry] of this.entries) if (doomed(key, entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.remember(() => true);
    this.entries.clear();
  }

  private remember(doomed: Doomed<V>): void {
    this.generation += 1;
    this.invalidations.push({ generation: this.generation, doomed });
    if (this.invalidations.length > REMEMBERED_INVALIDATIONS) this.invalidations.shift();
  }

  /** Whether an invalidation since `ticket` would have dropped this value, or is no longer remembered. */
  private overtaken(ticket: number, key: string, value: V): boolean {
    if (ticket === this.generation) return false;
    const since = this.invalidations.filter((i) => i.generation > ticket);
    if (since.length !== this.generation - ticket) return true;
    return since.some((i) => i.doomed(key, value));
  }
}
