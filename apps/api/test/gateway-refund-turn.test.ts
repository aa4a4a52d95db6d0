/**
 * A gateway's refund settlement is a door like the others: it waits for the ledger's turn before
 * it takes a refund number, and the refund records which process wrote it (the webhook here).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ledgerTurn } from '../src/services/ledger-turn';
import { verifyLedger } from '../src/services/ledger-check';
import { gatewaySetup } from './gateway-fixtures';

describe('gateway refund settlement takes the ledger turn', async () => {
  const { app, database, auth, razorpay, enrol, start, deliver } = await gatewaySetup();
  const db = database.db;
  const refundsOf = async (enrollmentId: string) =>
    (
      (await db.execute(
        sql`select r.refund_number, r.recorded_process, s.name as recorded_by from refunds r
            left join staff s on s.id = r.recorded_by where r.enrollment_id = ${enrollmentId}`,
      )) as unknown as {
        rows: { refund_number: string; recorded_process: string | null; recorded_by: string | null }[];
      }
    ).rows;

  it('waits behind a ledger write in progress, then records the refund under the webhook and the staff who asked', async () => {
    const s = await enrol();
    const order = (await start(s.token)).json().data as { orderId: string };
    expect((await deliver(razorpay.webhook('payment.captured', razorpay.pay(order.orderId)))).statusCode).toBe(200);
    await app.onlinePayments.settle();
    const paymentId = ((await s.detail()).payments[0] as { _id: string })._id;
    const asked = await app.inject({
      method: 'POST',
      url: `/api/student-enrollment-refund/${s.id}`,
      headers: { ...auth, 'idempotency-key': 'turn-refund' },
      payload: {
        paymentId,
        amount: 1000,
        reason: 'Dropped the course',
        refundedOn: localIsoDate(),
        paymentMode: 'upi',
        effect: 'owed-again',
      },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const gatewayRefundId = (asked.json().data.refundRequests as { gatewayRefundId: string }[])[0]!.gatewayRefundId;
    const processed = razorpay.settleRefund(gatewayRefundId, 'processed');
    expect((await deliver(razorpay.refundWebhook('refund.processed', processed))).statusCode).toBe(200);

    // Another door holds the ledger's turn: the settlement waits behind it.
    let release: () => void = () => {};
    const held = ledgerTurn(db, () => new Promise<void>((resolve) => (release = resolve)));
    const settling = app.onlinePayments.settle();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await refundsOf(s.id)).toEqual([]);
    release();
    await held;
    await settling;
    const [refund] = await refundsOf(s.id);
    expect(refund).toMatchObject({ recorded_process: 'gateway_webhook', recorded_by: 'Accounts' });
    expect(refund!.refund_number).toMatch(/^RFND-\d{4}-\d{6}$/);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
