/**
 * Follow-ups: owners, next follow-ups, the contact log, round-robin assignment across instances,
 * each counsellor's list, the bell's count and the dashboard's funnel and median.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { apiUrl } from '@registrar/contract/api-paths';
import { FOLLOW_UP_MESSAGES } from '@registrar/contract/follow-ups';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/database';
import { staff as staffTable } from '../src/db/schema';
import { createTestDatabase, dbKind, testConfig } from './build-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

/** Two server instances on one database (two pools on PostgreSQL), as a deployment runs them. */
const testDb = await createTestDatabase();
const second: Database =
  dbKind === 'postgres' ? await openDatabase({ databaseUrl: testDb.url!, poolSize: 5 }) : testDb.database;
const configs = [0, 1, 2].map(() => testConfig({ inquiryAssignment: 'round_robin', intakeLimitPerIp: 1000 }));
const start = (database: Database, config = configs[0]!) =>
  buildApp({ config, database, outbox: { autoStart: false }, reminders: false, nightlyBackups: false });
const appA = await start(testDb.database, configs[0]);
const appB = await start(second, configs[1]);
// A third instance configured without assignment, on the same database.
const appNone = await start(testDb.database, { ...configs[2]!, inquiryAssignment: 'none' });
await Promise.all([appA.ready(), appB.ready(), appNone.ready()]);
afterAll(async () => {
  await Promise.all([appA.close(), appB.close(), appNone.close()]);
  if (second !== testDb.database) await second.close();
  await testDb.drop();
  for (const c of configs) fs.rmSync(c.dataDir, { recursive: true, force: true });
});

const db = testDb.database.db;
let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;
const base = {
  name: 'Asha Verma',
  address: '12 MG Road, Pune',
  email: 'asha@example.in',
  phoneNumber: '9876543210',
  areaOfInterest: ['Data Science'],
  reference: 'website',
};
const submit = (app: FastifyInstance, payload: object = base) =>
  app.inject({ method: 'POST', url: '/api/inquiry', payload, remoteAddress: nextIp() });

async function staffToken(role: 'admin' | 'counsellor' | 'accountant' | 'viewer', name: string) {
  const account = await makeStaff(db, { role, name });
  const id = (await db.select({ id: staffTable.id }).from(staffTable).where(eq(staffTable.email, account.email)))[0]!
    .id;
  return { id, auth: bearer(await tokenFor(appA, account.email, account.password)) };
}

const admin = await staffToken('admin', 'Head Office');
const counsellors = await Promise.all(['Kavya', 'Rohan', 'Sana'].map((n) => staffToken('counsellor', n)));
const retired = await staffToken('counsellor', 'Retired Counsellor');
await db.update(staffTable).set({ active: false }).where(eq(staffTable.id, retired.id));
const viewer = await staffToken('viewer', 'Viewer');
const accountant = await staffToken('accountant', 'Accountant');
await appA.inject({
  method: 'POST',
  url: '/api/course',
  headers: admin.auth,
  payload: { name: 'Data Science', price: 1000, emiPrice: [1000] },
});

const ownerOf = async (id: string) =>
  (await db.execute(sql`select owner_id from inquiries where id = ${id}`)) as unknown as {
    rows: { owner_id: string | null }[];
  };
const newest = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/api/inquiry?limit=1', headers: admin.auth })).json().data.items[0];
const inFuture = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('follow-ups', () => {
  it('round-robin: inquiries sent to two instances at once are shared by the active counsellors, counts within one', async () => {
    const sent = await Promise.all(
      Array.from({ length: 31 }, (_, i) =>
        // 20 through one instance, 11 through the other: a counter kept in each instance would give 11, 11, 9.
        submit(i < 20 ? appA : appB, { ...base, email: `lead${i}@example.in`, name: `Lead ${i}` }),
      ),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array(31).fill(201));
    const counts = (await db.execute(
      sql`select owner_id, count(*)::int as n from inquiries where email like 'lead%' group by owner_id`,
    )) as unknown as { rows: { owner_id: string | null; n: number }[] };
    const byOwner = new Map(counts.rows.map((r) => [r.owner_id, r.n]));
    expect(byOwner.has(null)).toBe(false);
    expect(byOwner.has(retired.id)).toBe(false);
    expect(byOwner.has(admin.id)).toBe(false);
    const perCounsellor = counsellors.map((c) => byOwner.get(c.id) ?? 0);
    expect(perCounsellor.reduce((a, b) => a + b)).toBe(31);
    expect(Math.max(...perCounsellor) - Math.min(...perCounsellor)).toBeLessThanOrEqual(1);
  });

  it('a newly assigned inquiry is due at once in its owner’s follow-ups', async () => {
    await submit(appA, { ...base, email: 'due.now@example.in', name: 'Due Now' });
    const inquiry = await newest(appA);
    expect(inquiry.ownerId).not.toBeNull();
    expect(inquiry.nextFollowUpAt).not.toBeNull();
    const owner = counsellors.find((c) => c.id === inquiry.ownerId)!;
    const res = await appA.inject({ method: 'GET', url: '/api/follow-ups', headers: owner.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.today.map((i: { name: string }) => i.name)).toContain('Due Now');
  });

  it('with INQUIRY_ASSIGNMENT=none a new inquiry has no owner', async () => {
    await submit(appNone, { ...base, email: 'nobody@example.in', name: 'Nobody Owns' });
    const inquiry = await newest(appNone);
    expect(inquiry.name).toBe('Nobody Owns');
    expect((await ownerOf(inquiry._id)).rows[0]!.owner_id).toBeNull();
    expect(inquiry.nextFollowUpAt).toBeNull();
  });

  it('a contact needs the next follow-up while the inquiry is open; the first moves New to Contacted and takes ownership', async () => {
    await submit(appNone, { ...base, email: 'walkin@example.in', name: 'Walk In' });
    const { _id: id } = await newest(appNone);
    const kavya = counsellors[0]!;
    const missing = await appA.inject({
      method: 'POST',
      url: `/api/inquiry-contact/${id}`,
      headers: kavya.auth,
      payload: { channel: 'call', outcome: 'interested' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { path: 'nextFollowUpAt', message: FOLLOW_UP_MESSAGES.nextFollowUpRequired },
    ]);
    const past = await appA.inject({
      method: 'POST',
      url: `/api/inquiry-contact/${id}`,
      headers: kavya.auth,
      payload: { channel: 'call', outcome: 'interested', nextFollowUpAt: inFuture(-48) },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(FOLLOW_UP_MESSAGES.nextFollowUpInPast);

    const next = inFuture(30);
    const res = await appA.inject({
      method: 'POST',
      url: `/api/inquiry-contact/${id}`,
      headers: kavya.auth,
      payload: { channel: 'whatsapp', outcome: 'call_back', note: 'Asked for fees', nextFollowUpAt: next },
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json().data;
    expect(res.json().message).toBe(FOLLOW_UP_MESSAGES.contactAdded);
    expect(detail.status).toBe('contacted');
    expect(detail.owner).toEqual({ _id: kavya.id, name: 'Kavya' });
    expect(detail.nextFollowUpAt).toBe(next);
    expect(detail.firstContactAt).not.toBeNull();
    expect(detail.contacts).toEqual([
      expect.objectContaining({
        channel: 'whatsapp',
        outcome: 'call_back',
        note: 'Asked for fees',
        by: { _id: kavya.id, name: 'Kavya' },
      }),
    ]);
    expect(detail.history.at(-1)).toMatchObject({ kind: 'status_changed', fromStatus: 'new', toStatus: 'contacted' });

    // The viewer sees the log but not the notes (free text about the person).
    const seen = await appA.inject({ method: 'GET', url: `/api/inquiry/${id}`, headers: viewer.auth });
    expect(seen.json().data.contacts[0]).toMatchObject({ channel: 'whatsapp', note: null });
  });

  it('PUT /api/inquiry/{id} and the status change work as before; closing drops the follow-up and a contact then needs no date', async () => {
    await submit(appNone, { ...base, email: 'closer@example.in', name: 'To Close' });
    const { _id: id } = await newest(appNone);
    const sana = counsellors[2]!;
    await appA.inject({
      method: 'POST',
      url: `/api/inquiry-contact/${id}`,
      headers: sana.auth,
      payload: { channel: 'call', outcome: 'interested', nextFollowUpAt: inFuture(2) },
    });
    const put = await appA.inject({
      method: 'PUT',
      url: `/api/inquiry/${id}`,
      headers: sana.auth,
      payload: { ...base, email: 'closer@example.in', name: 'To Close Renamed' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ name: 'To Close Renamed', ownerId: sana.id });
    expect(put.json().data.nextFollowUpAt).not.toBeNull();

    const closed = await appA.inject({
      method: 'PUT',
      url: `/api/inquiry/status-change/${id}`,
      headers: sana.auth,
      payload: { status: 'closed', note: 'Joined elsewhere' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().message).toBe(INQUIRY_MESSAGES.statusChanged);
    expect(closed.json().data.nextFollowUpAt).toBeNull();

    const contact = await appA.inject({
      method: 'POST',
      url: `/api/inquiry-contact/${id}`,
      headers: sana.auth,
      payload: { channel: 'email', outcome: 'not_interested' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    expect(contact.json().data).toMatchObject({ status: 'closed', nextFollowUpAt: null });
    const later = await appA.inject({
      method: 'PUT',
      url: `/api/inquiry-follow-up/${id}`,
      headers: sana.auth,
      payload: { nextFollowUpAt: inFuture(5) },
    });
    expect(later.statusCode).toBe(400);
    expect(later.json().message).toBe(FOLLOW_UP_MESSAGES.finalStatus);
  });

  it('lists overdue, today and upcoming for the signed-in counsellor; admins choose whose', async () => {
    const rohan = counsellors[1]!;
    const ids: Record<string, string> = {};
    for (const name of ['Overdue One', 'Later Today', 'Next Week', 'Closed One']) {
      await submit(appNone, { ...base, email: `${name.replace(' ', '.')}@example.in`.toLowerCase(), name });
      ids[name] = (await newest(appNone))._id;
    }
    const now = new Date();
    const endOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59);
    const at: Record<string, Date> = {
      'Overdue One': new Date(now.getFullYear(), now.getMonth(), now.getDate() - 2, 10),
      'Later Today': endOfToday,
      'Next Week': new Date(now.getTime() + 7 * 86_400_000),
      'Closed One': new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 10),
    };
    for (const [name, when] of Object.entries(at))
      await db.execute(
        sql`update inquiries set owner_id = ${rohan.id}, next_follow_up_at = ${when.toISOString()}::timestamptz,
          status = ${name === 'Closed One' ? 'closed' : 'follow_up'} where id = ${ids[name]!}`,
      );
    const res = await appA.inject({ method: 'GET', url: '/api/follow-ups', headers: rohan.auth });
    expect(res.statusCode, res.body).toBe(200);
    const names = (list: { name: string }[]) => list.map((i) => i.name).filter((n) => n in at);
    const data = res.json().data;
    expect(data.owner).toEqual({ _id: rohan.id, name: 'Rohan' });
    expect(names(data.overdue)).toEqual(['Overdue One']);
    expect(names(data.today)).toEqual(['Later Today']);
    expect(names(data.upcoming)).toEqual(['Next Week']);
    expect(data.owners).toEqual([]);

    // The bell counts the open follow-ups due by the end of today (the overdue ones too).
    const bell = await appA.inject({ method: 'GET', url: '/api/notifications', headers: rohan.auth });
    expect(bell.json().data.followUpsDue).toBe(data.overdue.length + data.today.length);
    expect(bell.json().data.followUpsDue).toBeGreaterThanOrEqual(2);
    const viewerBell = await appA.inject({ method: 'GET', url: '/api/notifications', headers: viewer.auth });
    expect(viewerBell.json().data.followUpsDue).toBe(0);

    const others = await appA.inject({
      method: 'GET',
      url: `/api/follow-ups?ownerId=${rohan.id}`,
      headers: counsellors[0]!.auth,
    });
    expect(others.statusCode).toBe(403);
    expect(others.json().message).toBe(FOLLOW_UP_MESSAGES.othersFollowUps);
    const asAdmin = await appA.inject({
      method: 'GET',
      url: `/api/follow-ups?ownerId=${rohan.id}`,
      headers: admin.auth,
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(names(asAdmin.json().data.overdue)).toEqual(['Overdue One']);
    expect(asAdmin.json().data.owners.map((o: { name: string }) => o.name)).toEqual(
      expect.arrayContaining(['Head Office', 'Kavya', 'Rohan', 'Sana']),
    );
    expect(asAdmin.json().data.owners.map((o: { name: string }) => o.name)).not.toContain('Retired Counsellor');
    const unknown = await appA.inject({
      method: 'GET',
      url: '/api/follow-ups?ownerId=00000000-0000-4000-8000-000000000000',
      headers: admin.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('sets owner and next follow-up: only admins give an inquiry to someone else, and only to an active counsellor or admin', async () => {
    await submit(appNone, { ...base, email: 'assign@example.in', name: 'To Assign' });
    const { _id: id } = await newest(appNone);
    const [kavya, rohan] = counsellors;
    const put = (auth: Record<string, string>, payload: Record<string, unknown>) =>
      appA.inject({ method: 'PUT', url: `/api/inquiry-follow-up/${id}`, headers: auth, payload });
    expect((await put(kavya!.auth, { ownerId: rohan!.id })).statusCode).toBe(403);
    const take = await put(kavya!.auth, { ownerId: kavya!.id, nextFollowUpAt: inFuture(3) });
    expect(take.statusCode, take.body).toBe(200);
    expect(take.json().data.owner).toEqual({ _id: kavya!.id, name: 'Kavya' });
    const toAccountant = await put(admin.auth, { ownerId: accountant.id });
    expect(toAccountant.statusCode).toBe(400);
    expect(toAccountant.json().errors).toEqual([{ path: 'ownerId', message: FOLLOW_UP_MESSAGES.ownerNotAllowed }]);
    expect((await put(admin.auth, { ownerId: retired.id })).statusCode).toBe(400);
    const given = await put(admin.auth, { ownerId: rohan!.id });
    expect(given.statusCode).toBe(200);
    expect(given.json().data.owner.name).toBe('Rohan');
    // Rohan's now: Kavya may neither take it over nor drop his ownership.
    for (const ownerId of [kavya!.id, null]) {
      const taken = await put(kavya!.auth, { ownerId });
      expect(taken.statusCode, taken.body).toBe(403);
      expect(taken.json().message).toBe(FOLLOW_UP_MESSAGES.assignNotAllowed);
    }
    expect((await ownerOf(id)).rows[0]!.owner_id).toBe(rohan!.id);
    const list = await appA.inject({
      method: 'GET',
      url: `/api/inquiry?ownerId=${rohan!.id}&limit=100`,
      headers: admin.auth,
    });
    expect(list.json().data.items.map((i: { _id: string }) => i._id)).toContain(id);
    expect((await put(admin.auth, { nextFollowUpAt: inFuture(-30) })).statusCode).toBe(400);
  });

  it('refuses bad input with clear 4xx answers', async () => {
    await submit(appNone, { ...base, email: 'attack@example.in', name: 'Attack' });
    const { _id: id } = await newest(appNone);
    const kavya = counsellors[0]!;
    const post = (payload: string, headers: Record<string, string> = kavya.auth, url = `/api/inquiry-contact/${id}`) =>
      appA.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });
    const nullBody = await post('null');
    expect(nullBody.statusCode).toBe(400);
    expect(nullBody.json().message).toBe(MESSAGES.bodyNotObject);
    expect((await post('{"channel":"call","outcome":"maybe"}')).json().errors).toEqual([
      { path: 'outcome', message: FOLLOW_UP_MESSAGES.outcomeRequired },
    ]);
    expect((await post('{"channel":"pigeon","outcome":"interested"}')).json().errors).toEqual([
      { path: 'channel', message: FOLLOW_UP_MESSAGES.channelRequired },
    ]);
    const text = await post('call', { ...kavya.auth, 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(MESSAGES.bodyNotObject);
    // An inquiry that does not exist and an id that is not one get the same message.
    const interested = JSON.stringify({ channel: 'call', outcome: 'interested', nextFollowUpAt: inFuture(1) });
    for (const [missing, status] of [
      ['00000000-0000-4000-8000-000000000000', 404],
      ['not-an-id', 400],
    ] as const) {
      const res = await post(interested, kavya.auth, `/api/inquiry-contact/${missing}`);
      expect(res.statusCode, missing).toBe(status);
      expect(res.json().message).toBe(INQUIRY_MESSAGES.notFound);
    }
    const asViewer = await post(JSON.stringify({ channel: 'call', outcome: 'interested' }), viewer.auth);
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json().message).toBe(ACCESS_MESSAGES.forbidden);
    expect((await post('{}', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    const anonymous = await appA.inject({ method: 'POST', url: apiUrl('inquiryContact', id), payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MESSAGES.unauthorized);
    expect((await appA.inject({ method: 'GET', url: '/api/follow-ups', headers: accountant.auth })).statusCode).toBe(
      403,
    );
    const emptyPut = await appA.inject({
      method: 'PUT',
      url: `/api/inquiry-follow-up/${id}`,
      headers: kavya.auth,
      payload: {},
    });
    expect(emptyPut.statusCode).toBe(400);
    expect(
      (await appA.inject({ method: 'GET', url: '/api/follow-ups?ownerId=zzz', headers: admin.auth })).statusCode,
    ).toBe(400);
  });

  it('dashboard: the funnel by source and by counsellor, and the median time to first contact', async () => {
    await submit(appNone, { ...base, email: 'insta@example.in', name: 'From Instagram', reference: 'instagram' });
    const { _id: id } = await newest(appNone);
    await db.execute(sql`update inquiries set created_at = now() - interval '90 minutes' where id = ${id}`);
    await appA.inject({
      method: 'POST',
      url: `/api/inquiry-contact/${id}`,
      headers: counsellors[2]!.auth,
      payload: { channel: 'call', outcome: 'enrolled', nextFollowUpAt: inFuture(1) },
    });
    await appA.inject({
      method: 'PUT',
      url: `/api/inquiry/status-change/${id}`,
      headers: admin.auth,
      payload: { status: 'converted' },
    });
    const res = await appA.inject({ method: 'GET', url: '/api/dashboard', headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    const { followUps } = res.json().data;
    expect(followUps.bySource).toContainEqual({
      key: 'instagram',
      label: 'Instagram',
      total: 1,
      contacted: 1,
      converted: 1,
    });
    const website = followUps.bySource.find((r: { key: string }) => r.key === 'website');
    expect(website.total).toBeGreaterThan(30);
    const sana = followUps.byCounsellor.find((r: { key: string }) => r.key === counsellors[2]!.id);
    expect(sana).toMatchObject({ label: 'Sana' });
    expect(sana.converted).toBe(1);
    expect(followUps.byCounsellor.find((r: { key: string }) => r.key === 'none')).toMatchObject({ label: 'Nobody' });
    expect(followUps.firstContacts).toBeGreaterThanOrEqual(3);
    expect(followUps.medianFirstContactMinutes).not.toBeNull();
    // What the links open: the list filtered the same way counts the same.
    const contacted = await appA.inject({
      method: 'GET',
      url: '/api/inquiry?reference=instagram&contacted=yes',
      headers: admin.auth,
    });
    expect(contacted.json().data.total).toBe(1);
    // The median's link lists the inquiries it is taken over: those with a logged contact.
    const logged = await appA.inject({
      method: 'GET',
      url: `${apiUrl('inquiries')}?contacted=logged`,
      headers: admin.auth,
    });
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json().data.total).toBe(followUps.firstContacts);
    const none = await appA.inject({ method: 'GET', url: '/api/inquiry?ownerId=none', headers: admin.auth });
    expect(none.json().data.total).toBe(followUps.byCounsellor.find((r: { key: string }) => r.key === 'none').total);
  });
});
