/**
 * Verified sessions kept in memory, so a signed-in request does not read its session and staff
 * member from the database every time. The database announces each revoked session and each
 * changed or removed staff member on the `registrar_auth` channel (triggers of migration 0018);
 * a `HeardCache` keeps nothing while this instance cannot hear them.
 */
import { HeardCache } from '../db/heard-cache';
import type { SessionRow, StaffRow } from '../repositories/staff-repository';

/** The channel the triggers notify on: `session:<id>` or `staff:<id>`. */
export const AUTH_CHANNEL = 'registrar_auth';

export interface CachedSession {
  session: SessionRow;
  staff: StaffRow;
}

export class SessionCache extends HeardCache<CachedSession> {
  constructor(clock: () => number = Date.now) {
    super({ maxAgeMs: 60_000, maxEntries: 10_000 }, clock);
  }

  /** Keeps a cached session's last-seen time in step with the row after this instance touched it. */
  touched(sessionId: string, at: Date): void {
    this.replace(sessionId, (entry) => ({ ...entry, session: { ...entry.session, lastSeenAt: at } }));
  }

  /** A notification's payload: `session:<id>` drops that session, `staff:<id>` every session of that person. */
  invalidate(payload: string): void {
    const [kind, id] = payload.split(':', 2);
    if (kind === 'session' && id) this.forget(id);
    else if (kind === 'staff' && id) this.drop((_key, entry) => entry.staff.id === id);
    else this.clear();
  }
}
