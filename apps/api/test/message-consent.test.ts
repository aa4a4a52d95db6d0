import { describe, expect, it } from 'vitest';
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { StudentMessage } from '@registrar/contract/student-messages';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/answer-messages';
import { loadConfig } from '../src/config';
import { StudentPageService } from '../src/services/student-page-service';
import { build } from './build-app';
import { createCourse, enrolmentForm, submitEnrolment } from './fixtures/enrolments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { recordPayment } from './fixtures/payments';

describe('consent: WhatsApp and SMS only for a student who ticked the separate box, until they stop', async () => {
  const { messages } = loadConfig({
    MESSAGE_CHANNEL: 'simulator',
    MESSAGE_CHANNELS: 'whatsapp,mail',
    MESSAGE_QUIET_HOURS: 'none',
  });
  const { app, database, config } = await build({ config: { messages } });
  const staff = await makeStaff(database.db, { name: 'Desk' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const course = await createCourse(app, auth, { name: 'Python', price: 6000, emiPrice: [3000, 3000] });
  const links = new StudentPageService(
    database.db,
    config,
    () => Promise.reject(new Error('unused')),
    () => {},
  );
  let n = 0;

  const enrol = async (extra: Record<string, string>) => {
    n += 1;
    const phone = `97000${String(n).padStart(5, '0')}`;
    const fields = {
      name: 'Asha Rao',
      phoneNumber: phone,
      email: `asha${n}@example.in`,
      courseId: course._id,
      ...extra,
    };
    const { enrollmentNumber } = await submitEnrolment(app, fields, `10.172.0.${n}`);
    const list = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment?search=${enrollmentNumber}`,
      headers: auth,
    });
    const id = list.json().data.items[0]._id as string;
    return { id, phone, token: (await links.mintLink(id)).token };
  };
  const payAndTell = async (id: string) => {
    const detail = (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json()
      .data;
    const paid = await recordPayment(app, auth, id, detail.installments[0]._id, {
      amount: 1000,
      paymentMode: 'cash',
      paidOn: localIsoDate(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    while ((await app.outbox.runOnce()) > 0);
    await app.messageChannels.simulator!.settle();
    const told = await app.inject({ method: 'GET', url: apiUrl('enrollmentMessages', id), headers: auth });
    return (told.json().data as StudentMessage[])[0]!.channel;
  };
  const page = async (token: string) =>
    (await app.inject({ method: 'GET', url: apiUrl('studentPage', token) })).json().data;
  const choose = (token: string, payload: unknown) =>
    app.inject({ method: 'PUT', url: apiUrl('studentPageMessages', token), payload: payload as object });

  it('the box ticked on the public form brings WhatsApp; left unticked, mail', async () => {
    const ticked = await enrol({ messagesConsent: 'true' });
    const unticked = await enrol({});
    expect((await page(ticked.token)).phoneMessages).toBe(true);
    expect((await page(unticked.token)).phoneMessages).toBe(false);
    expect(await payAndTell(ticked.id)).toBe('whatsapp');
    expect(await payAndTell(unticked.id)).toBe('mail');
  });

  it('a value that is not a yes or no is refused with the form kept', async () => {
    const res = await app.inject({
      method: 'POST',
      url: apiPaths.enrollments,
      ...enrolmentForm({
        name: 'Asha Rao',
        phoneNumber: '9700099999',
        email: 'asha-bad@example.in',
        courseId: course._id,
        messagesConsent: 'maybe',
      }),
      remoteAddress: '10.172.1.1',
    });
    expect(res.statusCode).toBe(400);
  });

  it("the switch on the student's page stops WhatsApp, and turns it back on", async () => {
    const s = await enrol({ messagesConsent: 'on' });
    const off = await choose(s.token, { phoneMessages: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(STUDENT_PAGE_MESSAGES.phoneMessagesOff);
    expect((await page(s.token)).phoneMessages).toBe(false);
    expect(await payAndTell(s.id)).toBe('mail');
    expect((await choose(s.token, { phoneMessages: true })).json().message).toBe(STUDENT_PAGE_MESSAGES.phoneMessagesOn);
    expect(await payAndTell(s.id)).toBe('whatsapp');
  });

  it('the switch refuses a bad body and an unknown link, and changes nothing', async () => {
    const s = await enrol({ messagesConsent: 'true' });
    for (const body of [undefined, null, { phoneMessages: 'no' }, { phoneMessages: false, extra: 1 }])
      expect((await choose(s.token, body)).statusCode).toBe(400);
    const text = await app.inject({
      method: 'PUT',
      url: apiUrl('studentPageMessages', s.token),
      headers: { 'content-type': 'text/plain' },
      payload: 'phoneMessages=false',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect((await choose('A'.repeat(43), { phoneMessages: false })).statusCode).toBe(404);
    expect((await page(s.token)).phoneMessages).toBe(true);
  });
});
