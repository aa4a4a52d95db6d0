/**
 * Fixed-window attempt counters for sign-in, password reset and the public forms, per
 * account and per IP. Keys are normalised by the caller (trimmed, lower-cased email), so extra
 * body fields or a change of case never start a new count.
 *
 * The counts live in a store: in memory (one instance's counts), or in Redis when REDIS_URL is
 * set, so every instance behind a load balancer shares them.
 */
import ipaddr from 'ipaddr.js';

/**
 * The key per-address limits count under. One IPv6 host is given a whole /64 (2^64 addresses),
 * so IPv6 counts per /64; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) counts as its IPv4.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/** A key's count in its current window, and when that window ends (ms since the epoch). */
export interface ThrottleWindow {
  count: number;
  resetAt: number;
}

export interface ThrottleStore {
  /** Counts one attempt atomically, opening a window of `windowMs` if none is open. */
  increment(key: string, windowMs: number): Promise<ThrottleWindow>;
  /** Takes one attempt back, if the window is still open. */
  decrement(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The store could not be reached. Counting is a security control, so the request is refused
 * (503) rather than let through uncounted; the error handler answers it like a database outage.
 */
export class ThrottleStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`rate-limit store unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'ThrottleStoreUnavailableError';
  }
}

export class MemoryThrottleStore implements ThrottleStore {
  private readonly windows = new Map<string, ThrottleWindow>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, windowMs: number) {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) this.windows.set(key, (w = { count: 0, resetAt: now + windowMs }));
    w.count += 1;
    // Expired windows are swept at most once a minute: with 50,000 live addresses a sweep per
    // attempt would make every request walk the whole map.
    if (this.windows.size > 50_000 && now - this.lastSweep > 60_000) this.sweep(now);
    return { ...w };
  }

  async decrement(key: string) {
    const w = this.windows.get(key);
    if (w && w.resetAt > this.now() && w.count > 0) w.count -= 1;
  }

  async close() {}

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Counting happens before the work, in one atomic step per key, so parallel requests cannot all
 * slip under the limit before any of them is counted (a brute force sent 50 at a time).
 */
export class Throttle {
  constructor(
    private readonly store: ThrottleStore = new MemoryThrottleStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; answers the seconds to wait when it is over the limit, else 0. */
  async consume(key: string, rule: ThrottleRule): Promise<number> {
    const w = await this.store.increment(key, rule.windowMs);
    if (w.count <= rule.limit) return 0;
    return Math.max(1, Math.ceil((w.resetAt - this.now()) / 1000));
  }

  /** Takes back an attempt that proved legitimate (a successful sign-in never counts against staff). */
  release(key: string): Promise<void> {
    return this.store.decrement(key);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

const MINUTE = 60_000;
export const THROTTLE_RULES = {
  loginPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  changePasswordPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  forgotPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  forgotPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 15 * MINUTE },
  // The limit comes from INTAKE_LIMIT_PER_IP (default 20: a front-desk tablet serves many walk-ins).
  inquiryPerIp: { limit: 20, windowMs: 10 * MINUTE },
  enrollmentPerIp: { limit: 20, windowMs: 10 * MINUTE },
  // Asking for a fresh link to the student's page: few per mailbox, more per address (a shared Wi-Fi).
  studentLinkPerEmail: { limit: 3, windowMs: 60 * MINUTE },
  /** One link mail per mailbox in this window, whoever asks: the mail already on its way serves them all. */
  studentLinkMailbox: { limit: 1, windowMs: 10 * MINUTE },
  studentLinkPerIp: { limit: 10, windowMs: 60 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;
