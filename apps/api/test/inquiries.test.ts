import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@registrar/contract/messages';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import { build } from './build-app';
import { createCourse } from './fixtures/enrolments';
import { startMailCatcher } from './mail-catcher';
import { bearer, login, makeStaff, tokenFor } from './staff-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

let ip = 0;
const nextIp = () => `10.90.${Math.floor(++ip / 250)}.${ip % 250}`;

describe('inquiries', async () => {
  const { app, database } = await build({
    config: { smtpUrl: catcher.url, publicUrl: 'https://admissions.example.in' },
  });
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Counsellor' });
  const token = await tokenFor(app, staff.email, staff.password);
  const auth = bearer(token);
  for (const name of ['Full Stack Development', 'Data Science'])
    await createCourse(app, auth, { name, price: 1000, emiPrice: [1000] });

  const base = {
    name: 'Asha Verma',
    address: '12 MG Road, Pune',
    email: 'asha@example.in',
    phoneNumber: '9876543210',
    areaOfInterest: ['full stack development'],
    reference: 'website',
  };
  const submit = (payload: object, from = nextIp()) =>
    app.inject({ method: 'POST', url: '/api/inquiry', payload, remoteAddress: from });
  const list = async (query: string) =>
    (await app.inject({ method: 'GET', url: `/api/inquiry?${query}`, headers: auth })).json().data;

  it('accepts a public inquiry without a token, normalises the area names and tells staff by mail', async () => {
    const res = await submit(base);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true, message: INQUIRY_MESSAGES.received, data: null });
    const { items } = await list('search=asha');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      name: 'Asha Verma',
      status: 'new',
      areaOfInterest: ['Full Stack Development'],
      duplicateOf: null,
    });
    expect(await app.inquiryDigest.runOnce()).toBe(1);
    await app.outbox.runOnce();
    const mail = await catcher.latestTo(staff.email, /New inquiry from Asha Verma/);
    expect(mail.text).toContain(`https://admissions.example.in/student-inquires/${items[0]._id}`);
  });

  it('checks the body with the contract rules and messages', async () => {
    const res = await submit({ ...base, email: 'a@b', phoneNumber: '0123456789', areaOfInterest: [], reference: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: MESSAGES.emailNeedsDot },
        { path: 'phoneNumber', message: MESSAGES.phoneRule },
        { path: 'areaOfInterest', message: MESSAGES.areaOfInterestRequired },
        { path: 'reference', message: MESSAGES.referenceRequired },
      ]),
    );
  });

  it('refuses an area of interest that is not an active course', async () => {
    const res = await submit({ ...base, areaOfInterest: ['Basket Weaving'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'areaOfInterest', message: INQUIRY_MESSAGES.unknownAreaOfInterest }]);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const res = await submit({ ...base, name: 'Spam Bot', middleName: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect((await list('search=Spam')).total).toBe(0);
  });

  it('limits one address to 20 inquiries in 10 minutes (429 with Retry-After)', async () => {
    const from = '10.99.0.1';
    const codes = [];
    for (let i = 0; i < 20; i += 1) codes.push((await submit({ ...base, name: `Flood ${i}` }, from)).statusCode);
    expect(codes.every((c) => c === 201)).toBe(true);
    const blocked = await submit(base, from);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('links a repeat within 30 days to the earlier inquiry as a possible duplicate', async () => {
    await submit({ ...base, name: 'Ravi First', email: 'ravi@example.in', phoneNumber: '9000000001' });
    await submit({ ...base, name: 'Ravi Again', email: 'RAVI@example.in', phoneNumber: '9000000002' });
    await submit({ ...base, name: 'Ravi Phone', email: 'other@example.in', phoneNumber: '9000000002' });
    const first = (await list('search=Ravi%20First')).items[0];
    const again = (await list('search=Ravi%20Again')).items[0];
    const phone = (await list('search=Ravi%20Phone')).items[0];
    expect(first.duplicateOf).toBeNull();
    expect(again.duplicateOf).toBe(first._id);
    expect(phone.duplicateOf).toBe(again._id);
    const detail = (await app.inject({ method: 'GET', url: `/api/inquiry/${again._id}`, headers: auth })).json().data;
    expect(detail.duplicate).toMatchObject({ _id: first._id, name: 'Ravi First' });

    // Older than 30 days is not a duplicate.
    await db.execute(
      sql`update inquiries set created_at = now() - interval '31 days' where email in ('ravi@example.in', 'RAVI@example.in', 'other@example.in')`,
    );
    await submit({ ...base, name: 'Ravi Later', email: 'ravi@example.in', phoneNumber: '9000000001' });
    expect((await list('search=Ravi%20Later')).items[0].duplicateOf).toBeNull();
  });

  it('pages, searches by name, email or phone, filters by status, reference and date, and sorts', async () => {
    for (const [i, reference] of ['friend', 'instagram', 'linkedin'].entries())
      await submit({
        ...base,
        name: `Filter ${i}`,
        email: `filter${i}@example.in`,
        phoneNumber: `955555555${i}`,
        reference,
        friendName: 'Kiran',
      });
    expect((await list('search=filter1@example')).items.map((i: { name: string }) => i.name)).toEqual(['Filter 1']);
    expect((await list('search=9555555552')).items.map((i: { name: string }) => i.name)).toEqual(['Filter 2']);
    expect((await list('reference=instagram&search=Filter')).items.map((i: { name: string }) => i.name)).toEqual([
      'Filter 1',
    ]);
    const friend = (await list('reference=friend&search=Filter')).items[0];
    expect(friend).toMatchObject({ friendName: 'Kiran' });
    expect((await list('search=Filter&reference=linkedin')).items[0].friendName).toBeNull(); // friend fields only for friend
    const sorted = await list('search=Filter&sort=-name&limit=2&page=1');
    expect(sorted).toMatchObject({ total: 3, totalPages: 2, limit: 2 });
    expect(sorted.items.map((i: { name: string }) => i.name)).toEqual(['Filter 2', 'Filter 1']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`search=Filter&from=${today}&to=${today}`)).total).toBe(3);
    expect((await list('search=Filter&to=2020-01-01')).total).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/inquiry?status=maybe', headers: auth })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/inquiry' })).statusCode).toBe(401);
  });

  it('moves through the statuses with notes in a timeline that says who and when', async () => {
    await submit({ ...base, name: 'Timeline Person', email: 'timeline@example.in', phoneNumber: '9111111111' });
    const { _id } = (await list('search=Timeline')).items[0];
    const change = (status: string, note?: string) =>
      app.inject({ method: 'PUT', url: `/api/inquiry/status-change/${_id}`, headers: auth, payload: { status, note } });
    expect((await change('contacted', 'Called, will visit Monday')).statusCode).toBe(200);
    const res = await change('follow_up', 'Visited; wants weekend batch');
    expect(res.json().data.status).toBe('follow_up');
    const history = res.json().data.history;
    expect(history.map((h: { kind: string }) => h.kind)).toEqual(['created', 'status_changed', 'status_changed']);
    expect(history[1]).toMatchObject({
      fromStatus: 'new',
      toStatus: 'contacted',
      note: 'Called, will visit Monday',
      by: { name: 'Counsellor' },
    });
    expect(history[2].at >= history[1].at).toBe(true);
    expect((await change('converted')).statusCode).toBe(200);
    const refused = await change('contacted');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(INQUIRY_MESSAGES.transitionNotAllowed);
    expect((await change('nonsense')).statusCode).toBe(400);
  });

  it('edits and deletes', async () => {
    await submit({ ...base, name: 'Edit Me', email: 'edit@example.in', phoneNumber: '9222222222' });
    const { _id } = (await list('search=Edit%20Me')).items[0];
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/inquiry/${_id}`,
      headers: auth,
      payload: {
        ...base,
        name: 'Edited Name',
        email: 'edit@example.in',
        phoneNumber: '9222222222',
        areaOfInterest: ['Data Science'],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Edited Name', areaOfInterest: ['Data Science'] });
    expect(edited.json().data.history.at(-1)).toMatchObject({ kind: 'updated', by: { name: 'Counsellor' } });
    expect((await app.inject({ method: 'DELETE', url: `/api/inquiry/${_id}`, headers: auth })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/inquiry/${_id}`, headers: auth })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/inquiry/${_id}`, headers: auth })).statusCode).toBe(404);
  });

  it('exports the filtered list as CSV for Excel: BOM, quoted cells, formulas neutralised; the login cookie works', async () => {
    await submit({
      ...base,
      name: '=HYPERLINK("http://evil.example","click")',
      email: 'csv@example.in',
      phoneNumber: '9333333333',
      address: '+1 Street, "quoted"',
    });
    const res = await app.inject({ method: 'GET', url: '/api/inquiry/export.csv?search=csv@example', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFF"Received","Name"')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(lines[1]).toContain(`"'+1 Street, ""quoted"""`);
    const cookie = String((await login(app, staff.email, staff.password, '10.98.0.1')).headers['set-cookie']).split(
      ';',
    )[0]!;
    const viaCookie = await app.inject({ method: 'GET', url: '/api/inquiry/export.csv', headers: { cookie } });
    expect(viaCookie.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/inquiry/export.csv' })).statusCode).toBe(401);
  });

  // Each digest below is dated a minute after the previous one: at most one goes out a minute.
  let digestAt = Date.now();
  const nextDigest = () => app.inquiryDigest.runOnce(new Date((digestAt += 61_000)));

  it('tells every staff member by name in one digest, and says when an inquiry may be a duplicate', async () => {
    const second = await makeStaff(db, { name: 'Second Desk' });
    await nextDigest(); // whatever earlier tests left waiting
    await submit({ ...base, name: 'Mail Everyone', email: 'everyone@example.in', phoneNumber: '9444444441' });
    await submit({ ...base, name: 'Mail Everyone Again', email: 'EVERYONE@example.in', phoneNumber: '9444444442' });
    expect(await nextDigest()).toBe(2);
    while ((await app.outbox.runOnce()) > 0);
    for (const [to, name] of [
      [staff.email, 'Counsellor'],
      [second.email, 'Second Desk'],
    ] as const) {
      const digest = await catcher.latestTo(to, /^2 new inquiries$/);
      expect(digest.text).toContain(`Hello ${name},`);
      const [first = '', again = ''] = (digest.text ?? '').split('\n').filter((l) => l.startsWith('Mail Everyone'));
      expect(first).toContain('Mail Everyone (everyone@example.in, 9444444441) asked about Full Stack Development.');
      expect(first).not.toContain('Possible duplicate');
      expect(again).toContain('Mail Everyone Again (EVERYONE@example.in');
      expect(again).toContain('Possible duplicate: the same email or phone asked within the last 30 days.');
    }
  });

  it('a burst of inquiries is one digest mail per staff member, and the next waits a minute', async () => {
    const staffCount = (
      (await db.execute(sql`select count(*)::int as n from staff where active`)) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    // A digest goes out (with whatever earlier tests left waiting), then the burst comes.
    await submit({ ...base, name: 'Before The Burst', email: 'lead@example.in', phoneNumber: '9300000001' });
    const at = new Date((digestAt += 61_000));
    expect(await app.inquiryDigest.runOnce(at)).toBeGreaterThan(0);
    const outboxRows = async () =>
      (
        (await db.execute(sql`select count(*)::int as n from outbox where kind = 'mail'`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const mailsBefore = await outboxRows();
    for (let i = 0; i < 60; i += 1)
      expect(
        (await submit({ ...base, name: `Burst ${i}`, email: `burst${i}@example.in`, phoneNumber: `93000000${10 + i}` }))
          .statusCode,
      ).toBe(201);
    expect(await outboxRows()).toBe(mailsBefore); // intake queues no mail itself
    // Within the minute of the last digest: nothing yet.
    expect(await app.inquiryDigest.runOnce(new Date(at.getTime() + 30_000))).toBe(0);
    // Two instances looking at once send it once.
    const later = new Date((digestAt = at.getTime() + 61_000));
    const sent = await Promise.all([app.inquiryDigest.runOnce(later), app.inquiryDigest.runOnce(later)]);
    expect(sent.sort()).toEqual([0, 60]);
    expect(await outboxRows()).toBe(mailsBefore + staffCount);
    while ((await app.outbox.runOnce()) > 0);
    const digest = await catcher.latestTo(staff.email, /^60 new inquiries$/);
    expect(digest.text).toContain('Burst 0 (burst0@example.in');
    expect(digest.text).toContain('Burst 49 (burst49@example.in');
    expect(digest.text).not.toContain('Burst 50 ');
    expect(digest.text).toContain('…and 10 more.');
    expect(digest.text).toContain('https://admissions.example.in/student-inquires');
    // Nothing left to tell.
    expect(await nextDigest()).toBe(0);
  });

  it('stores an inquiry, its timeline and its place in the digest together or not at all', async () => {
    const count = async () =>
      (
        (await db.execute(
          sql`select (select count(*) from inquiries)::int as i, (select count(*) from inquiry_events)::int as e, (select count(*) from inquiry_notifications)::int as o`,
        )) as unknown as { rows: { i: number; e: number; o: number }[] }
      ).rows[0];
    const before = await count();
    // A course id that names no course: the inquiry row fails its foreign key, so nothing is kept.
    const res = await submit({ ...base, name: 'Half Stored', courseId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await count()).toEqual(before);
    const ok = await submit({ ...base, name: 'Fully Stored', email: 'full@example.in', phoneNumber: '9555555559' });
    expect(ok.statusCode).toBe(201);
    const after = await count();
    // The inquiry, its timeline entry and its place in the next digest.
    expect(after).toEqual({ i: before!.i + 1, e: before!.e + 1, o: before!.o + 1 });
  });
});
