import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { build, dbKind, testConfig } from './build-app';

describe(`health on ${dbKind}`, () => {
  it('says only that the server and the database are up: no version, timing or database kind', async () => {
    const { app } = await build();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toStrictEqual({
      success: true,
      message: 'OK',
      data: { status: 'ok', database: { reachable: true } },
    });

    // Live and ready, for a load balancer.
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ success: true, data: { status: 'live' } });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ success: true, data: { status: 'ready', database: { reachable: true } } });
  });

  it('has applied the migrations', async () => {
    const { database } = await build();
    const result = await database.db.execute(sql`select count(*)::int as n from staff`);
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('health with a dead database', () => {
  it('answers 503 with reachable: false, and the envelope, not a crash', async () => {
    // Nothing listens on port 1: every connection is refused.
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 });
    const app = await buildApp({ config: testConfig(), database });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'SERVICE_UNAVAILABLE',
        data: { status: 'degraded', database: { reachable: false } },
      });
      // Still live (restarting it would not bring the database back), but not ready for traffic.
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({
        success: false,
        error: 'SERVICE_UNAVAILABLE',
        data: { status: 'not-ready', database: { reachable: false } },
      });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
