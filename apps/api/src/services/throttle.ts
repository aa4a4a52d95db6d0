/**
 * Fixed-window attempt counters for login, forgot and reset (DESIGN §6), per account and per IP.
 * Keys are normalised by the caller (trimmed, lower-cased email), so extra body fields or a change
 * of case never start a new count. In memory: one instance's counts (see docs/decisions.md).
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class Throttle {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds until `key` may try again, or 0 when it is under its limit. Does not count. */
  retryAfter(key: string, rule: ThrottleRule): number {
    const w = this.windows.get(key);
    const now = this.now();
    if (!w || w.resetAt <= now || w.count < rule.limit) return 0;
    return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
  }

  hit(key: string, rule: ThrottleRule): void {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + rule.windowMs });
    else w.count += 1;
    if (this.windows.size > 50_000) this.sweep(now);
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

const MINUTE = 60_000;
export const THROTTLE_RULES = {
  loginPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  forgotPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  forgotPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 15 * MINUTE },
  // The limit comes from INTAKE_LIMIT_PER_IP (default 20: a front-desk tablet serves many walk-ins).
  inquiryPerIp: { limit: 20, windowMs: 10 * MINUTE },
  enrollmentPerIp: { limit: 20, windowMs: 10 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;
