import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_MESSAGES } from '@registrar/contract/follow-ups';
import { build } from './build-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

describe('follow-up rows ready to call from', async () => {
  const { app, database } = await build({});
  const account = await makeStaff(database.db, { name: 'Kavya', role: 'counsellor' });
  const auth = bearer(await tokenFor(app, account.email, account.password));
  const admin = await makeStaff(database.db, { name: 'Head', role: 'admin' });
  const adminAuth = bearer(await tokenFor(app, admin.email, admin.password));
  await app.inject({
    method: 'POST',
    url: '/api/course',
    headers: adminAuth,
    payload: { name: 'Data Science', price: 1000, emiPrice: [1000] },
  });
  let n = 0;
  const inquiry = async (name: string) => {
    n += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/api/inquiry',
      remoteAddress: `10.180.0.${n}`,
      payload: {
        name,
        address: 'Pune',
        email: `row${n}@example.in`,
        phoneNumber: `98700000${String(n).padStart(2, '0')}`,
        areaOfInterest: ['Data Science'],
        reference: 'website',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await app.inject({ method: 'GET', url: `/api/inquiry?search=row${n}@`, headers: adminAuth });
    return list.json().data.items[0]._id as string;
  };
  const contact = (id: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/inquiry-contact/${id}`, headers: auth, payload });
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

  it('each follow-up carries the phone and the last note', async () => {
    const id = await inquiry('Asha Rao');
    await contact(id, {
      channel: 'call',
      outcome: 'call_back',
      note: 'Asked about timings',
      nextFollowUpAt: inAnHour(),
    });
    await contact(id, {
      channel: 'whatsapp',
      outcome: 'interested',
      note: 'Wants EMI details',
      nextFollowUpAt: inAnHour(),
    });
    await contact(id, { channel: 'call', outcome: 'no_answer', nextFollowUpAt: inAnHour() });
    const res = await app.inject({ method: 'GET', url: '/api/follow-ups', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const row = [...res.json().data.today, ...res.json().data.upcoming].find((r: { _id: string }) => r._id === id);
    expect(row).toMatchObject({ phoneNumber: expect.stringMatching(/^987/), lastNote: 'Wants EMI details' });
  });

  it('"Not interested" may close the inquiry instead of asking for a next follow-up', async () => {
    const id = await inquiry('Ravi Shah');
    const needsDate = await contact(id, { channel: 'call', outcome: 'not_interested' });
    expect(needsDate.statusCode).toBe(400);
    expect(needsDate.json().message).toBe(FOLLOW_UP_MESSAGES.nextFollowUpRequired);
    // Only "Not interested" closes: another outcome with the flag still needs a date.
    const wrongOutcome = await contact(id, { channel: 'call', outcome: 'interested', closeInquiry: true });
    expect(wrongOutcome.statusCode).toBe(400);

    const res = await contact(id, {
      channel: 'call',
      outcome: 'not_interested',
      note: 'Joined elsewhere',
      closeInquiry: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'closed', nextFollowUpAt: null });
    expect(res.json().data.history.at(-1)).toMatchObject({
      toStatus: 'closed',
      note: 'Not interested (Call): Joined elsewhere',
    });
    const list = await app.inject({ method: 'GET', url: '/api/follow-ups', headers: auth });
    const all = [...list.json().data.overdue, ...list.json().data.today, ...list.json().data.upcoming];
    expect(all.some((r: { _id: string }) => r._id === id)).toBe(false);
  });
});
