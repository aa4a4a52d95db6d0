/** Owners by round-robin across instances, the contacts that move an inquiry along, and the dashboard funnel they feed. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { FOLLOW_UP_MESSAGES } from '@registrar/contract/follow-ups';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import { followUpInstances } from './follow-up-instances';

const { appA, appB, appNone, db, base, submit, admin, counsellors, retired, viewer, ownerOf, newest, inFuture } =
  await followUpInstances();

describe('follow-ups: owners, contacts and the funnel', () => {
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
