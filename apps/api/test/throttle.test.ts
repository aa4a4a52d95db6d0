/**
 * Attempt counters attacked the way an attacker would: in parallel, across several
 * instances, and while the shared store is down.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@registrar/contract/messages';
import { RedisThrottleStore } from '../src/services/redis-throttle-store';
import { MemoryThrottleStore, Throttle, type ThrottleStore } from '../src/services/throttle';
import { build } from './build-app';
import { redisServerAvailable, startRedisServer } from './fixtures/redis-server';
import { login, makeStaff } from './staff-fixtures';

const rule = { limit: 5, windowMs: 60_000 };

describe('a brute force sent in parallel', async () => {
  const { app, database } = await build();
  const staff = await makeStaff(database.db);

  it('gets at most 5 guesses at one account, however many requests it sends at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(app, staff.email, `Wrong-Guess-${i}`, `10.77.0.${i}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
  });
});

const stores: [string, () => Promise<{ store: ThrottleStore; done: () => Promise<void> }>][] = [
  ['in memory', async () => ({ store: new MemoryThrottleStore(), done: async () => {} })],
];
if (redisServerAvailable)
  stores.push([
    'in Redis',
    async () => {
      const server = await startRedisServer();
      const store = await RedisThrottleStore.open(server.url);
      expect(await store.connected()).toBe(true);
      return {
        store,
        done: async () => {
          await store.close();
          await server.stop();
        },
      };
    },
  ]);

describe.each(stores)('the throttle %s', (_name, make) => {
  it('counts atomically: 50 attempts at once, exactly 5 allowed, the rest told how long to wait', async () => {
    const { store, done } = await make();
    const throttle = new Throttle(store);
    const waits = await Promise.all(Array.from({ length: 50 }, () => throttle.consume('k:parallel', rule)));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w > 0 && w <= 60)).toHaveLength(45);
    await done();
  });

  it('takes back a released attempt, and opens a new window when the old one ends', async () => {
    const { store, done } = await make();
    const throttle = new Throttle(store);
    const short = { limit: 2, windowMs: 300 };
    expect(await throttle.consume('k:release', short)).toBe(0);
    await throttle.release('k:release');
    expect(await throttle.consume('k:release', short)).toBe(0);
    expect(await throttle.consume('k:release', short)).toBe(0);
    expect(await throttle.consume('k:release', short)).toBe(1);
    await new Promise((r) => setTimeout(r, 400));
    expect(await throttle.consume('k:release', short)).toBe(0);
    await done();
  });
});

describe.skipIf(!redisServerAvailable)('REDIS_URL: several instances share one count', async () => {
  const redis = await startRedisServer();
  afterAll(() => redis.stop());
  const a = await build({ config: { redisUrl: redis.url } });
  const b = await build({ config: { redisUrl: redis.url } });

  it('refuses the 6th wrong password at one instance after 5 spread over two', async () => {
    const email = 'shared@institute.in';
    for (const [i, app] of [a.app, b.app, a.app, b.app, a.app].entries())
      expect((await login(app, email, `Wrong-${i}`, `10.88.0.${i}`)).statusCode).toBe(401);
    const sixth = await login(b.app, email, 'Wrong-6', '10.88.0.9');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 503 while Redis is down, and recovers without a restart', async () => {
    const staff = await makeStaff(a.database.db, { email: 'outage@institute.in' });
    await redis.stop();
    const down = await login(a.app, staff.email, staff.password, '10.89.0.1');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ success: false, message: MESSAGES.databaseUnavailable });
    await redis.start();
    const deadline = Date.now() + 10_000;
    let back = await login(a.app, staff.email, staff.password, '10.89.0.1');
    while (back.statusCode === 503 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      back = await login(a.app, staff.email, staff.password, '10.89.0.1');
    }
    expect(back.statusCode, back.body).toBe(200);
  });
});
