/**
 * Attempt counters in Redis (REDIS_URL), shared by every instance. One round trip per call: the
 * increment and the window's expiry are one Lua script, so a crash between them cannot leave a
 * counter that never expires.
 */
import type { Redis } from 'ioredis';
import { ThrottleStoreUnavailableError, type ThrottleStore, type ThrottleWindow } from './throttle';

const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;
const DECREMENT = `if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1]) end
return 0`;

export class RedisThrottleStore implements ThrottleStore {
  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    // Connection errors surface on the commands that fail; the event would otherwise crash the process.
    this.redis.on('error', () => {});
  }

  /** ioredis is loaded only when Redis is configured: about 12 MiB an instance without it does not need. */
  static async open(url: string, prefix = 'registrar:throttle:'): Promise<RedisThrottleStore> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, {
      // Fail fast while Redis is down (the request gets 503); reconnect in the background, so
      // service comes back without a restart.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      commandTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
      lazyConnect: false,
    });
    return new RedisThrottleStore(redis, prefix);
  }

  /** Resolves once connected, or after `timeoutMs` (requests then get 503 until Redis is reachable). */
  async connected(timeoutMs = 3_000): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  async increment(key: string, windowMs: number): Promise<ThrottleWindow> {
    const [count, ttl] = (await this.run(() => this.redis.eval(INCREMENT, 1, this.prefix + key, String(windowMs)))) as [
      number,
      number,
    ];
    return { count, resetAt: Date.now() + Math.max(ttl, 0) };
  }

  async decrement(key: string): Promise<void> {
    await this.run(() => this.redis.eval(DECREMENT, 1, this.prefix + key));
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (err) {
      throw new ThrottleStoreUnavailableError(err);
    }
  }
}
