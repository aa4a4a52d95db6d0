import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '@registrar/contract/api-paths';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { StudentMessage } from '@registrar/contract/student-messages';
import { loadConfig } from '../src/config';
import { quietUntil } from '../src/services/messages/quiet-hours';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { recordPayment } from './fixtures/payments';

describe('MESSAGE_CHANNEL=simulator behaves like both APIs, signed webhooks and failures included', async () => {
  const { app, auth, messages, paidStudent } = await simulatorApp('none');

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

/** The app with both APIs simulated, and a student who agreed to WhatsApp paying at the desk. */
async function simulatorApp(quietHours: string) {
  const { messages } = loadConfig({
    MESSAGE_CHANNEL: 'simulator',
    MESSAGE_CHANNELS: 'whatsapp,sms,mail',
    MESSAGE_QUIET_HOURS: quietHours,
  });
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
    const paid = await recordPayment(app, auth, id, detail.installments[0]._id, {
      amount: 3000,
      paymentMode: 'upi',
      paidOn: localIsoDate(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return id;
  };
  return { app, db, auth, messages, paidStudent };
}

describe('quiet hours: no WhatsApp or SMS between 21:00 and 08:00 in India', async () => {
  const istHour = (at: Date) => Math.floor(((at.getTime() + 330 * 60_000) % 86_400_000) / 3_600_000);
  const h = istHour(new Date());
  // Quiet hours around this very hour, so the test sees them whenever it runs.
  const { app, db, paidStudent } = await simulatorApp(`${h}-${(h + 1) % 24}`);

  it('a receipt due in the quiet hours waits for their end, unsent and not counted as a failure', async () => {
    const id = await paidStudent('9822233344', 31);
    while ((await app.outbox.runOnce()) > 0);
    await app.messageChannels.simulator!.settle();
    expect(app.messageChannels.simulator!.log).toEqual([]);
    const [row] = (
      (await db.execute(sql`select o.status, o.attempts, o.next_attempt_at from student_messages m
        join outbox o on o.id = m.outbox_id where m.enrollment_id = ${id}`)) as unknown as {
        rows: { status: string; attempts: number; next_attempt_at: string | Date }[];
      }
    ).rows;
    expect(row).toMatchObject({ status: 'queued', attempts: 0 });
    const at = new Date(row!.next_attempt_at);
    expect(istHour(at)).toBe((h + 1) % 24);
    expect(at.getUTCMinutes() % 30).toBe(0);
    expect(at.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
  });

  it('the night runs from 21:00 to 08:00 India time', () => {
    const night = { from: 21, to: 8 };
    expect(quietUntil(new Date('2026-11-28T16:00:00Z'), night)).toEqual(new Date('2026-11-29T02:30:00Z'));
    expect(quietUntil(new Date('2026-11-29T02:29:00Z'), night)).toEqual(new Date('2026-11-29T02:30:00Z'));
    expect(quietUntil(new Date('2026-11-29T02:30:00Z'), night)).toBeUndefined();
    expect(quietUntil(new Date('2026-11-28T15:29:00Z'), night)).toBeUndefined();
  });
});
