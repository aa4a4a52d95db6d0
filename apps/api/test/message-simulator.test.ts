import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '@registrar/contract/api-paths';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { StudentMessage } from '@registrar/contract/student-messages';
import { loadConfig } from '../src/config';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

describe('MESSAGE_CHANNEL=simulator behaves like both APIs, signed webhooks and failures included', async () => {
  const { messages } = loadConfig({ MESSAGE_CHANNEL: 'simulator', MESSAGE_CHANNELS: 'whatsapp,sms,mail' });
  const { app, database } = await build({ config: { messages } });
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Desk' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const course = await createCourse(app, auth, { name: 'Excel', price: 6000, emiPrice: [3000, 3000] });

  const paidStudent = async (phone: string, n: number) => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      { name: 'Ravi Kumar', phoneNumber: phone, email: `ravi${n}@example.in`, courseId: course._id },
      `10.171.0.${n}`,
    );
    const list = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment?search=${enrollmentNumber}`,
      headers: auth,
    });
    const id = list.json().data.items[0]._id as string;
    await db.execute(sql`update enrollments set phone_messages_consent_at = now() where id = ${id}`);
    const detail = (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json()
      .data;
    const paid = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${id}/${detail.installments[0]._id}`,
      headers: auth,
      payload: { amount: 3000, paymentMode: 'upi', paidOn: localIsoDate() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return id;
  };
  const settle = async () => {
    for (let i = 0; i < 4; i++) {
      while ((await app.outbox.runOnce()) > 0);
      await app.messageChannels.simulator!.settle();
    }
  };
  const history = async (id: string) =>
    (await app.inject({ method: 'GET', url: apiUrl('enrollmentMessages', id), headers: auth })).json()
      .data as StudentMessage[];

  it("a receipt reaches WhatsApp and reads as read, from the simulator's own signed status webhooks", async () => {
    const id = await paidStudent('9811122233', 1);
    await settle();
    expect((await history(id))[0]).toMatchObject({ channel: 'whatsapp', state: 'read' });
    const [sent] = app.messageChannels.simulator!.log;
    expect(sent).toMatchObject({ channel: 'whatsapp', to: '919811122233' });
  });

  it('a number the simulator fails on goes WhatsApp, then SMS, then mail', async () => {
    const id = await paidStudent('9811120000', 2);
    await settle();
    expect((await history(id))[0]!.deliveries.map((d) => `${d.channel} ${d.state}`)).toEqual([
      'whatsapp failed',
      'sms failed',
      'mail sent',
    ]);
  });

  it("the simulator refuses an unknown template with Meta's code, and its routes are absent without it", async () => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl('messageSimulatorWhatsApp', 'v21.0', '100000000000001'),
      headers: { authorization: `Bearer ${messages.whatsapp!.token}`, 'content-type': 'application/json' },
      payload: { messaging_product: 'whatsapp', to: '919811122233', type: 'template', template: { name: 'promo' } },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe(132001);
    const bad = await app.inject({
      method: 'POST',
      url: apiUrl('messageSimulatorWhatsApp', 'v21.0', '1'),
      payload: {},
    });
    expect(bad.statusCode).toBe(401);
  });
});
