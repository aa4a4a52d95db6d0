/**
 * Erasure and delete where money doors left traces: an order a student opened at the gateway and
 * never paid, an online payment with a refund asked of the gateway. Each completes (never a 5xx).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { recordPayment } from './fixtures/payments';
import { gatewaySetup, LATEST_OUTCOME } from './gateway-fixtures';

const today = localIsoDate(new Date());

describe('erasure and delete past the gateway’s rows', async () => {
  const { app, database, auth, razorpay, enrol, start, deliver } = await gatewaySetup();
  const db = database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const emailOf = async (id: string) =>
    (await rows<{ email: string }>(sql`select email from enrollments where id = ${id}`))[0]!.email;
  const erase = (email: string) =>
    app.inject({ method: 'POST', url: '/api/student-erasure', headers: auth, payload: { email, reason: 'Asked' } });
  const openOrder = async (token: string) => {
    const res = await start(token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.orderId as string;
  };

  it('erases a student who opened "Pay online" and never paid: the order is cancelled and detached', async () => {
    const s = await enrol();
    const orderId = await openOrder(s.token);
    const res = await erase(await emailOf(s.id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.counts.enrollmentsDeleted).toBe(1);
    expect(await rows(sql`select id from enrollments where id = ${s.id}`)).toEqual([]);
    const [order] = await rows<{ state: string; enrollment_id: string | null }>(
      sql`select state, enrollment_id from payment_orders where gateway_order_id = ${orderId}`,
    );
    expect(order).toEqual({ state: 'cancelled', enrollment_id: null });
  });

  it('deletes an enrolment whose student opened an order and never paid', async () => {
    const s = await enrol();
    const orderId = await openOrder(s.token);
    const res = await app.inject({ method: 'DELETE', url: `/api/student-enrollment/${s.id}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rows(sql`select id from enrollments where id = ${s.id}`)).toEqual([]);
    const [order] = await rows<{ state: string }>(
      sql`select state from payment_orders where gateway_order_id = ${orderId}`,
    );
    expect(order!.state).toBe('cancelled');
  });

  it('an erasure that keeps the ledger cancels the open order; money still paid for it is recorded', async () => {
    const s = await enrol();
    const first = (await s.detail()).installments[0]._id as string;
    const paid = await recordPayment(app, auth, s.id, first, { amount: 3000, paymentMode: 'cash', paidOn: today });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = await openOrder(s.token);
    const res = await erase(await emailOf(s.id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.counts).toMatchObject({ enrollmentsPseudonymised: 1, ordersCancelled: 1 });
    const stateOf = async () =>
      (await rows<{ state: string }>(sql`select state from payment_orders where gateway_order_id = ${orderId}`))[0]!
        .state;
    expect(await stateOf()).toBe('cancelled');
    expect((await deliver(razorpay.webhook('payment.captured', razorpay.pay(orderId)))).statusCode).toBe(200);
    await app.onlinePayments.settle();
    const kept = await rows<{ source: string }>(sql`select source from payments where enrollment_id = ${s.id}`);
    expect(kept.map((p) => p.source).sort()).toEqual(['gateway', 'staff']);
    expect(await stateOf()).toBe('paid');
  });

  it('money paid for an order whose enrolment was erased waits for staff as unmatched', async () => {
    const s = await enrol();
    const orderId = await openOrder(s.token);
    expect((await erase(await emailOf(s.id))).statusCode).toBe(201);
    const payment = razorpay.pay(orderId);
    expect((await deliver(razorpay.webhook('payment.captured', payment))).statusCode).toBe(200);
    await app.onlinePayments.settle();
    const [event] = await rows<{ outcome: string }>(
      sql`select ${LATEST_OUTCOME} from gateway_events e where e.gateway_payment_id = ${payment.id}`,
    );
    expect(event!.outcome).toBe('unmatched');
  });
});
