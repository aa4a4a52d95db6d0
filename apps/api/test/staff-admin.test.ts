/** Staff management by an admin: invitations, role changes, disabling, the last admin, the audit. */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { STAFF_ADMIN_MESSAGES } from '@registrar/contract/staff-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { createStaff } from '../src/services/staff-accounts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../src/db/database';
import { build } from './build-app';
import { startMailCatcher } from './mail-catcher';
import { bearer, login, makeStaff, tokenFor } from './staff-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

/** The rows of a raw query (the driver's result type differs between PGlite and node-postgres). */
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

describe('staff management', async () => {
  const { app, database } = await build({
    config: { smtpUrl: catcher.url, publicUrl: 'https://admissions.example.in' },
  });
  const db = database.db;
  const admin = await makeStaff(db, { role: 'admin' });
  const adminToken = await tokenFor(app, admin.email, admin.password);
  const asAdmin = bearer(adminToken);
  let ip = 0;
  const nextIp = () => `10.60.${Math.floor((ip += 1) / 200)}.${ip % 200}`;
  const invite = (payload: unknown, headers = asAdmin) =>
    app.inject({ method: 'POST', url: '/api/staff', headers, payload: payload as object });
  const update = (id: string, payload: unknown, headers = asAdmin) =>
    app.inject({ method: 'PUT', url: `/api/staff/${id}`, headers, payload: payload as object });
  const linkIn = (text: string) => /https:\/\/admissions\.example\.in\/set-up-account\/([A-Za-z0-9_-]+)/.exec(text);
  // Entries are written just after the answer goes out, so a read right after may come first: poll.
  const audit = async (staffId: string) =>
    await rowsOf<{ action: string; actor_email: string; changes: unknown; at: Date }>(
      db,
      sql`select action, actor_email, changes, at from audit_log where entity = 'staff' and entity_id = ${staffId} order by at, action`,
    );

  it('invites a staff member: a single-use link valid 24 hours sets the password, then they sign in', async () => {
    const res = await invite({ name: 'Meera Iyer', email: 'meera@institute.in', role: 'accountant' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: STAFF_ADMIN_MESSAGES.invited,
      data: {
        name: 'Meera Iyer',
        email: 'meera@institute.in',
        role: 'accountant',
        active: true,
        status: 'invited',
        lastSignInAt: null,
      },
    });
    const id = res.json().data._id as string;
    await app.outbox.runOnce();
    const mail = await catcher.latestTo('meera@institute.in', /Set up your account/);
    expect(mail.text).toContain('24 hours');
    const token = linkIn(mail.text!)![1]!;
    const [row] = await rowsOf<{ hours: number }>(
      db,
      sql`select round(extract(epoch from expires_at - created_at) / 3600)::int as hours from password_reset_tokens where staff_id = ${id}`,
    );
    expect(row!.hours).toBe(24);

    const set = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, password, confirmPassword: password },
        remoteAddress: nextIp(),
      });
    expect((await set('Ledger-Keeper-77')).statusCode).toBe(200);
    expect((await set('Ledger-Keeper-78')).statusCode).toBe(400); // single use
    const signIn = await login(app, 'meera@institute.in', 'Ledger-Keeper-77', nextIp());
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user.role).toBe('accountant');

    const list = await app.inject({ method: 'GET', url: '/api/staff?search=meera', headers: asAdmin });
    expect(list.json().data).toMatchObject({ total: 1, page: 1 });
    expect(list.json().data.items[0].lastSignInAt).not.toBeNull();

    await expect
      .poll(() => audit(id))
      .toEqual([
        expect.objectContaining({
          action: 'invite',
          actor_email: admin.email,
          changes: { role: { from: null, to: 'accountant' }, active: { from: null, to: true } },
        }),
      ]);
  });

  it('refuses a taken email (409), a bad role and missing fields (400 with the contract messages)', async () => {
    const taken = await invite({ name: 'Again', email: admin.email.toUpperCase(), role: 'viewer' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(STAFF_ADMIN_MESSAGES.emailTaken);
    const bad = await invite({ name: '', email: 'x@institute.in', role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: MESSAGES.nameRequired },
        { path: 'role', message: STAFF_ADMIN_MESSAGES.roleRequired },
      ]),
    );
  });

  it('applies a role change at the next request, and records before → after', async () => {
    const other = await makeStaff(db, { role: 'viewer' });
    const token = await tokenFor(app, other.email, other.password);
    const id = (await rowsOf<{ id: string }>(db, sql`select id from staff where email = ${other.email}`))[0]!.id;
    const csv = () =>
      app.inject({ method: 'GET', url: '/api/inquiry/export.csv', headers: bearer(token) }).then((r) => r.statusCode);
    expect(await csv()).toBe(403);
    const res = await update(id, { role: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.role).toBe('admin');
    expect(await csv()).toBe(200);
    expect((await update(id, { role: 'counsellor' })).statusCode).toBe(200);
    expect(await csv()).toBe(403);
    await expect
      .poll(async () => (await audit(id)).map((a) => [a.action, a.changes]))
      .toEqual([
        ['role_change', { role: { from: 'viewer', to: 'admin' } }],
        ['role_change', { role: { from: 'admin', to: 'counsellor' } }],
      ]);
  });

  it('disabling signs the account out everywhere at once and refuses sign-in; enabling lets it back', async () => {
    const other = await makeStaff(db, { role: 'counsellor' });
    const first = await tokenFor(app, other.email, other.password);
    const second = await tokenFor(app, other.email, other.password);
    const id = (await rowsOf<{ id: string }>(db, sql`select id from staff where email = ${other.email}`))[0]!.id;
    expect((await update(id, { active: false })).json().data.active).toBe(false);
    for (const token of [first, second]) {
      const res = await app.inject({ method: 'GET', url: '/api/user-profile', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
    expect((await login(app, other.email, other.password, nextIp())).statusCode).toBe(401);
    expect((await update(id, { active: true })).statusCode).toBe(200);
    expect((await login(app, other.email, other.password, nextIp())).statusCode).toBe(200);
    await expect
      .poll(async () => (await audit(id)).map((a) => [a.action, a.changes]))
      .toEqual([
        ['disable', { active: { from: true, to: false } }],
        ['enable', { active: { from: false, to: true } }],
      ]);
  });

  it('is for admins only', async () => {
    const counsellor = await makeStaff(db, { role: 'counsellor' });
    const headers = bearer(await tokenFor(app, counsellor.email, counsellor.password));
    const res = await invite({ name: 'Sneaky', email: 'sneaky@institute.in', role: 'admin' }, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCESS_MESSAGES.forbidden);
    expect((await app.inject({ method: 'GET', url: '/api/staff', headers })).statusCode).toBe(403);
  });
});

describe('the last active admin', async () => {
  const { app: solo, database: soloDb } = await build();

  it('keeps the last active admin: cannot be disabled or demoted (409), even by themselves', async () => {
    await createStaff(soloDb.db, { email: 'only@institute.in', password: 'Only-Admin-55', role: 'admin' });
    const token = await tokenFor(solo, 'only@institute.in', 'Only-Admin-55');
    const id = (await rowsOf<{ id: string }>(soloDb.db, sql`select id from staff`))[0]!.id;
    for (const body of [{ active: false }, { role: 'viewer' }]) {
      const res = await solo.inject({ method: 'PUT', url: `/api/staff/${id}`, headers: bearer(token), payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: STAFF_ADMIN_MESSAGES.lastAdmin });
    }
    // With a second admin, the first may step down.
    await createStaff(soloDb.db, { email: 'second@institute.in', password: 'Second-Admin-56', role: 'admin' });
    const down = await solo.inject({
      method: 'PUT',
      url: `/api/staff/${id}`,
      headers: bearer(token),
      payload: { role: 'viewer' },
    });
    expect(down.statusCode).toBe(200);
  });
});
