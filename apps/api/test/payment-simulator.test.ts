import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { studentCalls } from './gateway-fixtures';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { StudentPageService } from '../src/services/student-page-service';

describe('the payment simulator and the Online payments overview', async () => {
  const { app, database, config } = await build({
    config: {
      payments: {
        gateway: 'simulator',
        keyId: 'rzp_test_simulator',
        keySecret: 'simulator-key-secret',
        webhookSecrets: ['simulator-webhook-secret'],
        apiUrl: 'https://api.razorpay.com',
        reconcileMs: 600_000,
      },
    },
  });
  const { start, status } = studentCalls(app);
  const adminAccount = await makeStaff(database.db);
  const admin = bearer(await tokenFor(app, adminAccount.email, adminAccount.password));
  const accountant = await makeStaff(database.db, { role: 'accountant' });
  const viewer = await makeStaff(database.db, { role: 'viewer' });
  const course = await createCourse(app, admin, { name: 'Cloud Basics', price: 5000, emiPrice: [2500, 2500] });
  const links = new StudentPageService(
    database.db,
    config,
    () => Promise.reject(new Error('unused')),
    () => {},
  );
  let n = 0;
  const enrol = async () => {
    n += 1;
    const { enrollmentNumber } = await submitEnrolment(
      app,
      {
        name: 'Sim Student',
        phoneNumber: `98765${String(10000 + n)}`,
        email: `sim${n}@example.in`,
        courseId: course._id,
      },
      `10.170.0.${n}`,
    );
    const list = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment?search=${enrollmentNumber}`,
      headers: admin,
    });
    const id = list.json().data.items[0]._id as string;
    return { id, phone: `98765${String(10000 + n)}`, token: (await links.mintLink(id)).token };
  };
  const overview = async (auth: Record<string, string>) =>
    app.inject({ method: 'GET', url: apiUrl('onlinePayments'), headers: auth });
  const press = (checkoutUrl: string, outcome: 'pay' | 'fail') => {
    const url = new URL(checkoutUrl, 'http://x');
    return app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ outcome, back: url.searchParams.get('back')! }).toString(),
    });
  };

  it('warns on the overview when orders wait an hour with no webhook at all', async () => {
    const s = await enrol();
    const order = (await start(s.token)).json().data;
    await database.db.execute(
      sql`update payment_orders set created_at = now() - interval '2 hours' where gateway_order_id = ${order.orderId}`,
    );
    const seen = await overview(bearer(await tokenFor(app, accountant.email, accountant.password)));
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ gateway: 'simulator', webhookSilent: true, lastWebhookAt: null });
  });

  it('checkout page says simulator; Pay sends a signed webhook to our route, records the payment, returns to the page', async () => {
    const s = await enrol();
    const started = await start(s.token, { installmentNumber: 1 });
    expect(started.statusCode, started.body).toBe(200);
    const order = started.json().data;
    expect(order).toMatchObject({ gateway: 'simulator', amount: 250000, keyId: 'rzp_test_simulator' });
    const page = await app.inject({ method: 'GET', url: order.checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Simulator');
    expect(page.body).toContain('no real money');
    const paid = await press(order.checkoutUrl, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/my/${s.token}?order=${order.orderId}`);
    await app.onlinePayments.settle();
    const answer = (await status(s.token, order.orderId)).json().data;
    expect(answer.state).toBe('received');
    expect(answer.receiptNumber).toMatch(/^RCPT-/);
    const seen = (await overview(admin)).json().data;
    expect(seen.orders.find((o: { orderId: string }) => o.orderId === order.orderId)).toMatchObject({
      state: 'paid',
      receiptNumber: answer.receiptNumber,
      installmentNumber: 1,
      amount: 2500,
    });
    expect(seen.events[0]).toMatchObject({ event: 'order.paid', orderId: order.orderId, outcome: 'recorded' });
    expect(seen.webhookSilent).toBe(false);
  });

  it('Fail records nothing, the page is told it failed, and another try opens a new order', async () => {
    const s = await enrol();
    const order = (await start(s.token)).json().data;
    expect((await press(order.checkoutUrl, 'fail')).statusCode).toBe(303);
    await app.onlinePayments.settle();
    expect((await status(s.token, order.orderId)).json().data).toEqual({
      state: 'failed',
      receiptNumber: null,
      installmentNumber: 1,
    });
    expect((await start(s.token)).json().data.orderId).not.toBe(order.orderId);
  });

  it('the overview is for admins and accountants: 401 without a session, 403 for a viewer', async () => {
    expect((await overview({})).statusCode).toBe(401);
    expect((await overview(bearer(await tokenFor(app, viewer.email, viewer.password)))).statusCode).toBe(403);
  });

  it("the simulator's pages never widen the student page's policy to Razorpay's origins", async () => {
    const res = await app.inject({ method: 'GET', url: '/my/whatever' });
    expect(res.headers['content-security-policy']).not.toContain('razorpay.com');
  });

  it('offers staff a WhatsApp click-to-chat with the amount and a link to pay that installment', async () => {
    const s = await enrol();
    const url = apiUrl('studentWhatsApp', s.id);
    const viewerAuth = bearer(await tokenFor(app, viewer.email, viewer.password));
    expect((await app.inject({ method: 'POST', url, payload: { installmentNumber: 2 } })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url, headers: viewerAuth, payload: { installmentNumber: 2 } })).statusCode,
    ).toBe(403);
    const res = await app.inject({ method: 'POST', url, headers: admin, payload: { installmentNumber: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    const chat = new URL(res.json().data.url);
    expect(chat.origin + chat.pathname).toBe(`https://wa.me/91${s.phone}`);
    const text = chat.searchParams.get('text')!;
    expect(text).toContain('installment 2');
    expect(text).toContain('₹2,500');
    const link = /\/my\/([A-Za-z0-9_-]{43})\?pay=2$/.exec(text);
    expect(link, text).not.toBeNull();
    expect((await app.inject({ method: 'GET', url: `/api/student-page/${link![1]}` })).statusCode).toBe(200);
  });
});
