/**
 * Verified sessions are kept in memory by each instance, and a sign-out, a disabling or a
 * password reset made on one instance (or from the shell) is refused on another within a second.
 * Two real apps share one database: on PostgreSQL each with its own pool and listening
 * connection, on PGlite in one process (the embedded database is single-process).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@registrar/contract/permissions';
import { resetStaffPassword } from '../src/services/staff-accounts';
import { buildTwo, dbKind } from './build-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const { a, b } = await buildTwo();

const profile = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/user-profile', headers: bearer(token) }).then((r) => r.statusCode);

/** Milliseconds until `app` refuses the token, failing after two seconds. */
async function refusedWithin(app: FastifyInstance, token: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 2000) {
    if ((await profile(app, token)) === 401) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('still accepted after 2 s');
}

/**
 * Whether `app` comes to answer the token from memory (the sign-in's own change of the staff row
 * is announced a moment later and may drop the first entry).
 */
async function cachedOn(app: FastifyInstance, token: string): Promise<boolean> {
  const started = performance.now();
  while (performance.now() - started < 1000) {
    expect(await profile(app, token)).toBe(200);
    if (app.authService.sessions.get(sessionIdOf(token))) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

const sessionIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/** A new staff account with this role, signed in on `app`. */
async function signedIn(app: FastifyInstance, role: Role) {
  const account = await makeStaff(a.database.db, { role });
  return { ...account, token: await tokenFor(app, account.email, account.password) };
}

/** The admin signed in with `adminToken` changes, on A, the staff account with this email. */
async function changeStaffOnA(adminToken: string, email: string, change: { active?: boolean; role?: Role }) {
  const rows = (await a.database.db.execute(sql`select id from staff where email = ${email}`)) as unknown as {
    rows: { id: string }[];
  };
  const res = await a.inject({
    method: 'PUT',
    url: `/api/staff/${rows.rows[0]!.id}`,
    headers: bearer(adminToken),
    payload: change,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe(`verified-session cache across two instances (${dbKind})`, () => {
  it('answers a known session from memory, and a sign-out on A is refused on B within a second', async () => {
    const { token } = await signedIn(a, 'counsellor');
    expect(await cachedOn(b, token)).toBe(true);

    const out = await a.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode, out.body).toBe(200);
    // At once on the instance that signed out, within a second on the other.
    expect(await profile(a, token)).toBe(401);
    expect(await refusedWithin(b, token)).toBeLessThan(1000);
  });

  it('disabling an account on A signs it out on B within a second', async () => {
    const admin = await signedIn(a, 'admin');
    const { token, ...who } = await signedIn(b, 'viewer');
    expect(await cachedOn(b, token)).toBe(true);
    expect(await cachedOn(a, token)).toBe(true);
    await changeStaffOnA(admin.token, who.email, { active: false });
    expect(await profile(a, token)).toBe(401);
    expect(await refusedWithin(b, token)).toBeLessThan(1000);
  });

  it('a role change on A applies on B within a second', async () => {
    const admin = await signedIn(a, 'admin');
    const { token, ...who } = await signedIn(b, 'viewer');
    const csv = () =>
      b.inject({ method: 'GET', url: '/api/inquiry/export.csv', headers: bearer(token) }).then((r) => r.statusCode);
    expect(await csv()).toBe(403);
    await changeStaffOnA(admin.token, who.email, { role: 'admin' });
    const started = performance.now();
    while ((await csv()) !== 200) {
      expect(performance.now() - started).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 10));
    }
  });

  it('a password reset from the shell signs every session out on both instances', async () => {
    const who = await makeStaff(a.database.db, { role: 'counsellor' });
    const onA = await tokenFor(a, who.email, who.password);
    const onB = await tokenFor(b, who.email, who.password);
    for (const app of [a, b]) for (const token of [onA, onB]) expect(await cachedOn(app, token)).toBe(true);
    await resetStaffPassword(a.database.db, who.email, 'Another-Horse-77');
    for (const app of [a, b])
      for (const token of [onA, onB]) expect(await refusedWithin(app, token)).toBeLessThan(1000);
  });

  // PGlite has no connection to lose: this is the PostgreSQL case alone.
  if (dbKind === 'postgres')
    it('uses no cache while its listening connection is down, and caches again once it is back', async () => {
      const who = await makeStaff(a.database.db, { role: 'counsellor' });
      const token = await tokenFor(b, who.email, who.password);
      expect(await cachedOn(b, token)).toBe(true);
      // Every listening connection of this database is cut; notifications sent now would be lost.
      await a.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
      );
      const started = performance.now();
      while (b.authService.sessions.isLive) {
        expect(performance.now() - started).toBeLessThan(2000);
        await new Promise((r) => setTimeout(r, 10));
      }
      // Revoked behind B's back while it cannot hear: refused anyway, from the database.
      await a.database.db.execute(sql`update staff_sessions set revoked_at = now() where id = ${sessionIdOf(token)}`);
      expect(await profile(b, token)).toBe(401);
      // It listens again a second later and caches again.
      while (!b.authService.sessions.isLive) {
        expect(performance.now() - started).toBeLessThan(5000);
        await new Promise((r) => setTimeout(r, 50));
      }
      const fresh = await tokenFor(b, who.email, who.password);
      expect(await cachedOn(b, fresh)).toBe(true);
    });
});
