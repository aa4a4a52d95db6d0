/**
 * Verified sessions kept in memory, so a signed-in request does not read its session and staff
 * member from the database every time. An entry is only trusted while this instance is sure to
 * hear of every change: the database announces each revoked session and each changed or removed
 * staff member on the `registrar_auth` channel (triggers of migration 0018), and an instance whose
 * listening connection is down uses no cache until it listens again.
 */
import type { SessionRow, StaffRow } from '../repositories/staff-repository';

/** The channel the triggers notify on: `session:<id>` or `staff:<id>`. */
export const AUTH_CHANNEL = 'registrar_auth';
/** A ceiling on staleness should a notification ever be lost without the connection dropping. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  session: SessionRow;
  staff: StaffRow;
  cachedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** Bumped by every invalidation: a read that started before one must not be stored after it. */
  private generation = 0;
  private live = false;

  constructor(private readonly clock: () => number = Date.now) {}

  /** Whether invalidations are being heard; without them nothing is cached. */
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

  get(sessionId: string): CachedSession | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (this.clock() - entry.cachedAt > MAX_AGE_MS) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  put(ticket: number, session: SessionRow, staff: StaffRow): void {
    if (!this.live || ticket !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(session.id, { session, staff, cachedAt: this.clock() });
  }

  /** Keeps a cached session's last-seen time in step with the row after this instance touched it. */
  touched(sessionId: string, at: Date): void {
    const entry = this.entries.get(sessionId);
    if (entry) entry.session = { ...entry.session, lastSeenAt: at };
  }

  /** A notification's payload: `session:<id>` drops that session, `staff:<id>` every session of that person. */
  invalidate(payload: string): void {
    this.generation += 1;
    const [kind, id] = payload.split(':', 2);
    if (kind === 'session' && id) this.entries.delete(id);
    else if (kind === 'staff' && id) {
      for (const [key, entry] of this.entries) if (entry.staff.id === id) this.entries.delete(key);
    } else this.entries.clear();
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
