/** Each counsellor's list and bell, who may set an owner or the next follow-up, and clear 4xx answers to bad input. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { FOLLOW_UP_MESSAGES } from '@registrar/contract/follow-ups';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { followUpInstances } from './follow-up-instances';

const { appA, appNone, db, base, submit, admin, counsellors, retired, viewer, accountant, ownerOf, newest, inFuture } =
  await followUpInstances();

describe('follow-ups: lists, owners and bad input', () => {
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
});
