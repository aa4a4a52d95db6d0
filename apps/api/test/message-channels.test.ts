import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { apiUrl } from '@registrar/contract/api-paths';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { StudentMessage } from '@registrar/contract/student-messages';
import { messageConfig } from '../src/config-messages';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { exotelOk, graphError, graphOk, startProvider, type Received } from './message-providers';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const APP_SECRET = 'the-app-secret-meta-shows';
let waAnswer: (r: Received, n: number) => { status: number; body: unknown } = (_r, n) => graphOk(n);
let smsAnswer: (r: Received, n: number) => { status: number; body: unknown } = (_r, n) => exotelOk(n);

describe('student messages go by WhatsApp, then SMS, then mail, as the institute orders them', async () => {
  const wa = await startProvider((r, n) => waAnswer(r, n));
  const sms = await startProvider((r, n) => smsAnswer(r, n));
  afterAll(async () => Promise.all([wa.close(), sms.close()]));
  const messages = messageConfig(
    {
      MESSAGE_CHANNELS: 'whatsapp,sms,mail',
      MESSAGE_QUIET_HOURS: 'none',
      WHATSAPP_API_URL: `${wa.url}/v21.0`,
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_TOKEN: 'EAAG-token',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_MESSAGES_PER_SECOND: '1000',
      SMS_API_URL: `${sms.url}/v1/Accounts/registrar`,
      SMS_API_KEY: 'key',
      SMS_API_TOKEN: 'token',
      SMS_SENDER_ID: 'RGSTRR',
      SMS_ENTITY_ID: '1101456789012345678',
      SMS_TEMPLATE_IDS: 'payment_recorded=1107161234567890123,cheque_bounced=1107161234567890999',
    },
    'http://127.0.0.1:3000',
    Error,
  );
  const { app, database } = await build({ config: { messages } });
  const db = database.db;
  const admin = await makeStaff(db, { name: 'Admin' });
  const auth = bearer(await tokenFor(app, admin.email, admin.password));
  const course = await createCourse(app, auth, { name: 'Tally', price: 9000, emiPrice: [3000, 3000, 3000] });
  let seq = 0;

  /** An enrolment through the public form; `consent` as the student would tick it. */
  const enrol = async (consent = true, phoneEnd?: string) => {
    seq += 1;
    const phone = phoneEnd ? `98765${phoneEnd.padStart(5, '0')}` : `9${String(400000000 + seq).slice(-9)}`;
    const { enrollmentNumber } = await submitEnrolment(
      app,
      { name: 'Meera Iyer', phoneNumber: phone, email: `meera${seq}@example.in`, courseId: course._id },
      `10.170.0.${seq}`,
    );
    const list = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment?search=${enrollmentNumber}`,
      headers: auth,
    });
    const id = list.json().data.items[0]._id as string;
    if (consent) await db.execute(sql`update enrollments set phone_messages_consent_at = now() where id = ${id}`);
    return { id, phone };
  };
  const payAtDesk = async (id: string) => {
    const detail = (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json()
      .data;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${id}/${detail.installments[0]._id}`,
      headers: auth,
      payload: { amount: 3000, paymentMode: 'cash', paidOn: localIsoDate() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return detail as { payments: unknown[] };
  };
  const history = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: apiUrl('enrollmentMessages', id), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StudentMessage[];
  };
  const deliver = async () => {
    while ((await app.outbox.runOnce()) > 0);
  };
  const signed = (body: string, secret = APP_SECRET) => ({
    'content-type': 'application/json',
    'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
  });
  const statusHook = (id: string, status: string, errors?: unknown[]) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                statuses: [{ id, status, timestamp: '1795000000', recipient_id: '91', ...(errors ? { errors } : {}) }],
              },
            },
          ],
        },
      ],
    });
  const hook = (body: string, headers = signed(body)) =>
    app.inject({ method: 'POST', url: apiUrl('whatsappWebhook'), headers, payload: body });
  const forPhone = (list: Received[], phone: string) => list.filter((r) => r.body.includes(phone));

  beforeEach(() => {
    waAnswer = (_r, n) => graphOk(n);
    smsAnswer = (_r, n) => exotelOk(n);
  });

  it('a receipt goes out as the approved WhatsApp template, and the webhook moves it to delivered, then read', async () => {
    const s = await enrol();
    await payAtDesk(s.id);
    await deliver();
    const [sent] = forPhone(wa.received, s.phone);
    expect(sent!.path).toBe('/v21.0/106540352242922/messages');
    expect(sent!.headers.authorization).toBe('Bearer EAAG-token');
    const body = JSON.parse(sent!.body);
    expect(body).toMatchObject({ messaging_product: 'whatsapp', to: `91${s.phone}`, type: 'template' });
    expect(body.template.name).toBe('fee_receipt');
    const params = body.template.components[0].parameters.map((p: { text: string }) => p.text);
    expect(params.slice(0, 2)).toEqual(['Meera Iyer', '₹3,000.00']);
    expect(params[3]).toMatch(/^http:\/\/127\.0\.0\.1:3000\/my\/[A-Za-z0-9_-]{43}$/);
    const wamid = JSON.parse(JSON.stringify(graphOk(wa.received.indexOf(sent!) + 1).body)).messages[0].id as string;
    expect((await history(s.id))[0]).toMatchObject({ channel: 'whatsapp', state: 'sent' });

    expect((await hook(statusHook(wamid, 'delivered'))).statusCode).toBe(200);
    expect((await history(s.id))[0]).toMatchObject({ channel: 'whatsapp', state: 'delivered' });
    expect((await hook(statusHook(wamid, 'read'))).statusCode).toBe(200);
    // Ten late copies of "delivered" at once, and a late "sent": read stays read.
    const late = await Promise.all([
      ...Array.from({ length: 10 }, () => hook(statusHook(wamid, 'delivered'))),
      hook(statusHook(wamid, 'sent')),
    ]);
    expect(late.map((r) => r.statusCode)).toEqual(Array(11).fill(200));
    const [told] = await history(s.id);
    expect(told).toMatchObject({ channel: 'whatsapp', state: 'read' });
    expect(told!.deliveries.map((d) => d.channel)).toEqual(['whatsapp']);
    expect(forPhone(sms.received, s.phone)).toEqual([]);
  });

  it('a webhook whose signature is not over its raw body is 401 and changes nothing', async () => {
    const s = await enrol();
    await payAtDesk(s.id);
    await deliver();
    const n = wa.received.indexOf(forPhone(wa.received, s.phone)[0]!) + 1;
    const body = statusHook(`wamid.TEST${n}`, 'read');
    const answers = [
      await hook(body, { 'content-type': 'application/json' } as ReturnType<typeof signed>),
      await hook(body, signed(body, 'another-secret')),
      await hook(` ${body}`, signed(body)),
      await hook(body, { ...signed(body), 'x-hub-signature-256': 'sha256=zz' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401]);
    expect((await app.inject({ method: 'POST', url: apiUrl('whatsappWebhook') })).statusCode).toBe(401);
    expect((await history(s.id))[0]!.state).toBe('sent');
  });

  it('a failed WhatsApp goes on to SMS in the DLT format, a failed SMS to mail, and never twice on one channel', async () => {
    const s = await enrol();
    await payAtDesk(s.id);
    await deliver();
    const n = wa.received.indexOf(forPhone(wa.received, s.phone)[0]!) + 1;
    const failure = [{ code: 131026, title: 'Message undeliverable' }];
    await Promise.all(Array.from({ length: 5 }, () => hook(statusHook(`wamid.TEST${n}`, 'failed', failure))));
    await deliver();
    const texts = forPhone(sms.received, s.phone);
    expect(texts).toHaveLength(1);
    const form = new URLSearchParams(texts[0]!.body);
    expect(texts[0]!.path).toBe('/v1/Accounts/registrar/Sms/send.json');
    expect(texts[0]!.headers.authorization).toBe(`Basic ${Buffer.from('key:token').toString('base64')}`);
    expect(form.get('From')).toBe('RGSTRR');
    expect(form.get('To')).toBe(`+91${s.phone}`);
    expect(form.get('DltEntityId')).toBe('1101456789012345678');
    expect(form.get('DltTemplateId')).toBe('1107161234567890123');
    expect(form.get('Body')).toMatch(/^Received ₹3,000\.00 with thanks, receipt \S+\. Details: http:\S+ -/);
    const report = new URL(form.get('StatusCallback')!).pathname;
    const dlr = new URLSearchParams({
      SmsSid: `sms${sms.received.indexOf(texts[0]!) + 1}`,
      Status: 'failed',
      DetailedStatus: 'UNKNOWN_SUBSCRIBER',
      DetailedStatusCode: '30008',
    });
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(
      (
        await app.inject({
          method: 'POST',
          url: report.replace(/[^/]+$/, 'wrong'),
          headers: type,
          payload: dlr.toString(),
        })
      ).statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'POST', url: report, headers: type, payload: dlr.toString() })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'POST', url: report, headers: type, payload: dlr.toString() })).statusCode).toBe(
      200,
    );
    await deliver();
    await deliver();
    const [told] = await history(s.id);
    expect(told!.deliveries.map((d) => [d.channel, d.state])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'failed'],
      ['mail', 'sent'],
    ]);
    expect(told!.deliveries[0]!.error).toBe('Message undeliverable (131026)');
    expect(forPhone(wa.received, s.phone)).toHaveLength(1);
    expect(forPhone(sms.received, s.phone)).toHaveLength(1);
  });

  it('a template Meta refuses is told to an admin once and not tried again until cleared; the student gets SMS', async () => {
    waAnswer = () => graphError(404, 132001, 'Template name does not exist in the translation');
    const first = await enrol();
    const second = await enrol();
    await payAtDesk(first.id);
    await payAtDesk(second.id);
    const before = wa.received.length;
    await deliver();
    expect(wa.received.length - before).toBe(1);
    // Whichever went first met the refusal; the other went straight to SMS.
    const paths = [];
    for (const s of [first, second])
      paths.push((await history(s.id))[0]!.deliveries.map((d) => `${d.channel} ${d.state}`).join(', '));
    expect(paths.sort()).toEqual(['sms sent', 'whatsapp failed, sms sent']);
    const problems = await app.inject({ method: 'GET', url: apiUrl('messageTemplateProblems'), headers: auth });
    expect(problems.json().data).toEqual([
      expect.objectContaining({ channel: 'whatsapp', template: 'fee_receipt', error_code: '132001' }),
    ]);
    const clerk = await makeStaff(db, { name: 'Clerk', role: 'counsellor' });
    const clerkAuth = bearer(await tokenFor(app, clerk.email, clerk.password));
    expect((await app.inject({ method: 'GET', url: apiUrl('messageTemplateProblems') })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: apiUrl('messageTemplateProblems'), headers: clerkAuth })).statusCode,
    ).toBe(403);
    const id = problems.json().data[0].id as string;
    const clear = () => app.inject({ method: 'DELETE', url: apiUrl('messageTemplateProblem', id), headers: auth });
    expect((await clear()).statusCode).toBe(200);
    expect((await clear()).statusCode).toBe(404);
    waAnswer = (_r, n) => graphOk(n);
    const third = await enrol();
    await payAtDesk(third.id);
    await deliver();
    expect((await history(third.id))[0]!.channel).toBe('whatsapp');
  });

  it('a rate limit keeps the message on WhatsApp for later instead of moving on', async () => {
    waAnswer = () => graphError(400, 130429, 'Rate limit hit');
    const s = await enrol();
    await payAtDesk(s.id);
    await deliver();
    const [told] = await history(s.id);
    expect(told!.deliveries.map((d) => [d.channel, d.state])).toEqual([['whatsapp', 'queued']]);
    expect(forPhone(sms.received, s.phone)).toEqual([]);
  });

  it('without consent, or after a STOP reply, the student hears by mail only', async () => {
    const quiet = await enrol(false);
    await payAtDesk(quiet.id);
    const stopper = await enrol();
    const stop = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                messages: [{ from: `91${stopper.phone}`, id: 'wamid.in', type: 'text', text: { body: 'STOP' } }],
              },
            },
          ],
        },
      ],
    });
    expect((await hook(stop)).statusCode).toBe(200);
    await payAtDesk(stopper.id);
    await deliver();
    for (const s of [quiet, stopper]) {
      expect((await history(s.id))[0]!.deliveries.map((d) => [d.channel, d.state])).toEqual([['mail', 'sent']]);
      expect(forPhone(wa.received, s.phone)).toEqual([]);
    }
  });
});
