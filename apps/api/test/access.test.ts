/**
 * Route access: every API route declares who may call it; every route is called as every role
 * and with no session. No session → 401 before anything else, whatever the body or content type.
 */
import { randomUUID } from 'node:crypto';
import { apiPaths } from '@registrar/contract/api-paths';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { MESSAGES } from '@registrar/contract/messages';
import { ACCESS_MESSAGES, ROLES, can, type Permission, type Role } from '@registrar/contract/permissions';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../src/db/database';
import { buildApp } from '../src/app';
import { MissingAccessDeclarationError } from '../src/plugins/auth';
import { build, createTestDatabase, testConfig } from './build-app';
import { seedEnrollments } from './fixtures/seed';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const pathFor = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID());

/** Bodies that must never get past a missing session: broken, null, odd types, not multipart. */
const BAD_BODIES: Pick<InjectOptions, 'payload' | 'headers'>[] = [
  {},
  { payload: '{"broken', headers: { 'content-type': 'application/json' } },
  { payload: 'null', headers: { 'content-type': 'application/json' } },
  { payload: '[1,2]', headers: { 'content-type': 'application/json' } },
  { payload: 'plain words', headers: { 'content-type': 'text/plain' } },
  { payload: 'not multipart', headers: { 'content-type': 'multipart/form-data' } },
  { payload: '{}', headers: { 'content-type': 'application/json\t' } },
  { payload: '<x/>', headers: { 'content-type': 'application/xml' } },
];

/** The rows of a raw query (the driver's result type differs between PGlite and node-postgres). */
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The real app on a fresh database with one signed-in staff member of each role: their tokens by role. */
async function appWithEveryRole() {
  const { app, database } = await build();
  const db = database.db;
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) {
    const staff = await makeStaff(db, { role });
    tokens[role] = await tokenFor(app, staff.email, staff.password);
  }
  return { app, db, tokens };
}

describe('route access (roles and sessions)', async () => {
  const { app, tokens } = await appWithEveryRole();
  // The routes, with sign-out last (it ends the session the other calls use).
  const routes = app.routeAccess
    .filter((r) => r.method !== 'HEAD')
    .sort((a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'));

  it('knows every API route with a valid declaration, and many of each kind', () => {
    const registered = app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter((line) => line.includes('/api/') && !line.includes('/api/docs'));
    expect(registered.length).toBeGreaterThan(0);
    const kinds = new Set(routes.map((r) => (r.access === 'public' || r.access === 'signedIn' ? r.access : 'perm')));
    expect([...kinds].sort()).toEqual(['perm', 'public', 'signedIn']);
    expect(routes.length).toBeGreaterThanOrEqual(45);
    for (const r of routes) expect(r.url.startsWith('/api/docs') || r.access, `${r.method} ${r.url}`).toBeTruthy();
  });

  it('refuses to start with an API route that declares no access', async () => {
    const testDb = await createTestDatabase();
    const config = testConfig();
    const other = await buildApp({ config, database: testDb.database, outbox: { autoStart: false }, reminders: false });
    try {
      const start = async () => {
        await other.register(async (scope) => scope.get('/api/undeclared', async () => 'open'));
        await other.ready();
      };
      await expect(start()).rejects.toThrow(MissingAccessDeclarationError);
    } finally {
      await testDb.drop();
    }
  });

  it('answers 401 without a session on every non-public route, whatever the body and content type', async () => {
    let checked = 0;
    for (const r of routes.filter((x) => x.access !== 'public')) {
      for (const body of BAD_BODIES) {
        if (r.method === 'GET' && body.payload !== undefined) continue;
        const res = await app.inject({ method: r.method as 'GET', url: pathFor(r.url), ...body });
        expect(res.statusCode, `${r.method} ${r.url} ${JSON.stringify(body)}`).toBe(401);
        expect(res.json()).toMatchObject({ success: false, message: MESSAGES.unauthorized });
        checked += 1;
      }
      // A token that is not ours is no session either.
      const forged = await app.inject({
        method: r.method as 'GET',
        url: pathFor(r.url),
        headers: { authorization: 'Bearer not.a.token' },
      });
      expect(forged.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('lets the public routes answer without a session', async () => {
    // A provider's webhook is public but signed: a missing signature is its 401, as the provider expects.
    const signed = new Set<string>([apiPaths.whatsappWebhook, apiPaths.smsDeliveryReport]);
    for (const r of routes.filter((x) => x.access === 'public' && !signed.has(x.url))) {
      const res = await app.inject({ method: r.method as 'GET', url: pathFor(r.url), remoteAddress: '10.99.0.1' });
      expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(401);
      expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(403);
    }
    const catalogue = await app.inject({ method: 'GET', url: '/api/course?type=all' });
    expect(catalogue.statusCode).toBe(200);
    const staffList = await app.inject({ method: 'GET', url: '/api/course' });
    expect(staffList.statusCode).toBe(401);
  });

  it('calls every route as every role: allowed never 403, refused 403 with the message', async () => {
    const refusedBy = {} as Record<Role, number>;
    for (const role of ROLES) {
      refusedBy[role] = 0;
      for (const r of routes.filter((x) => x.access !== 'public')) {
        const res = await app.inject({
          method: r.method as 'GET',
          url: pathFor(r.url),
          headers: bearer(tokens[role]),
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
        });
        const allowed = r.access === 'signedIn' || can(role, r.access as Permission);
        const label = `${role} ${r.method} ${r.url} → ${res.statusCode}`;
        if (allowed) {
          expect(res.statusCode, label).not.toBe(403);
          expect(res.statusCode, label).not.toBe(401);
        } else {
          refusedBy[role] += 1;
          expect(res.statusCode, label).toBe(403);
          expect(res.json(), label).toEqual({ success: false, message: ACCESS_MESSAGES.forbidden, error: 'FORBIDDEN' });
        }
      }
    }
    expect(refusedBy.admin).toBe(0);
    expect(refusedBy.counsellor).toBeGreaterThan(0);
    expect(refusedBy.accountant).toBeGreaterThan(refusedBy.admin);
    expect(refusedBy.viewer).toBeGreaterThan(refusedBy.counsellor);
  });
});

describe('what each role sees of a student', async () => {
  const { app, db, tokens } = await appWithEveryRole();
  const course = (
    await rowsOf<{ id: string }>(
      db,
      sql`insert into courses (name, price_paise, emi_price_paise) values ('Access 101', 100000, '[]') returning id`,
    )
  )[0]!.id;
  await seedEnrollments(db, course, 1, 'approved', 'seen');
  const enrollmentId = (await rowsOf<{ id: string }>(db, sql`select id from enrollments limit 1`))[0]!.id;
  const documentId = randomUUID();
  await db.execute(sql`insert into enrollment_documents (id, enrollment_id, field, mime, size, original_name)
    values (${documentId}, ${enrollmentId}, 'aadharCard', 'image/png', 10, 'id.png')`);
  const get = (role: Role, url: string) => app.inject({ method: 'GET', url, headers: bearer(tokens[role]) });

  it('shows a viewer only the name and enrolment number of a student, in the list and the detail', async () => {
    const list = (await get('viewer', '/api/student-enrollment')).json().data.items[0];
    expect(list).toMatchObject({ name: 'Student 1', enrollmentNumber: 'seen-1', email: '', phoneNumber: '' });
    expect(list.currentAddress).toBe('');
    const detail = (await get('viewer', `/api/student-enrollment/${enrollmentId}`)).json().data;
    expect(detail).toMatchObject({ name: 'Student 1', email: '', phoneNumber: '', documents: [] });
    const admin = (await get('admin', `/api/student-enrollment/${enrollmentId}`)).json().data;
    expect(admin.email).toBe('seen1@example.in');
    const accountant = (await get('accountant', `/api/student-enrollment/${enrollmentId}`)).json().data;
    expect(accountant.email).toBe('seen1@example.in');
  });

  it('lists and opens identity documents for admin and counsellor only', async () => {
    for (const role of ['admin', 'counsellor'] as const) {
      const detail = (await get(role, `/api/student-enrollment/${enrollmentId}`)).json().data;
      expect(
        detail.documents.map((d: { _id: string }) => d._id),
        role,
      ).toEqual([documentId]);
      expect((await get(role, `/api/files/${documentId}`)).statusCode, role).not.toBe(403);
    }
    for (const role of ['accountant', 'viewer'] as const) {
      const detail = (await get(role, `/api/student-enrollment/${enrollmentId}`)).json().data;
      expect(detail.documents, role).toEqual([]);
      expect(detail.profilePictureUrl, role).toBeNull();
      const file = await get(role, `/api/files/${documentId}`);
      expect(file.statusCode, role).toBe(403);
      expect(file.json().message).toBe(ACCESS_MESSAGES.forbidden);
    }
  });

  it('refuses exports to everyone but admin and, for payments, the accountant', async () => {
    const exports = ['/api/student-enrollment/export.csv', '/api/inquiry/export.csv'];
    for (const url of exports) {
      expect((await get('admin', url)).statusCode, url).toBe(200);
      for (const role of ['counsellor', 'accountant', 'viewer'] as const)
        expect((await get(role, url)).statusCode, `${role} ${url}`).toBe(403);
    }
    const payments = '/api/payments/export.csv?from=2026-01-01&to=2026-12-31';
    expect((await get('accountant', payments)).statusCode).toBe(200);
    expect((await get('counsellor', payments)).statusCode).toBe(403);
    expect((await get('viewer', payments)).statusCode).toBe(403);
  });

  it('lets an accountant record a payment but not change the status; a counsellor the reverse', async () => {
    const status = (role: Role) =>
      app.inject({
        method: 'PUT',
        url: `/api/student-enrollment-status/${enrollmentId}`,
        headers: bearer(tokens[role]),
        payload: { status: 'completed' },
      });
    expect((await status('accountant')).statusCode).toBe(403);
    const voidAsCounsellor = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${enrollmentId}/${randomUUID()}`,
      headers: bearer(tokens.counsellor),
      payload: { paymentId: randomUUID(), reason: 'typo' },
    });
    expect(voidAsCounsellor.statusCode).toBe(403);
    expect((await status('counsellor')).statusCode).toBe(200);
  });
});
