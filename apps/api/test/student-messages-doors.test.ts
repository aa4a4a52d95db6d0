/**
 * The student hears once of a claim confirmed (with its receipt), a claim rejected (with the
 * reason) and a refund (with its voucher), each listed on the enrolment with its delivery state.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { IDEMPOTENCY_HEADER } from '@registrar/contract/fees';
import type { StudentMessage } from '@registrar/contract/student-messages';
import { studentMessageRenderer } from '../src/services/student-messages';
import { reconciliationSetup } from './reconciliation-setup';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { recordPayment } from './fixtures/payments';

let utrSeq = 953026880000;
const nextUtr = () => String(++utrSeq);

describe('claims and refunds tell the student once', async () => {
  const t = await reconciliationSetup();
  const { app, auth, db, config, today } = t;
  const admin = await makeStaff(db, { name: 'Message Admin', email: 'message.admin@example.in' });
  const adminAuth = bearer(await tokenFor(app, admin.email, admin.password));
  const render = studentMessageRenderer(db, config);
  type Enrolment = Awaited<ReturnType<typeof t.enrolment>>;

  const messages = async (e: Enrolment) => {
    const res = await app.inject({ method: 'GET', url: apiUrl('enrollmentMessages', e.id), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StudentMessage[];
  };
  /** The mail a message becomes when the outbox sends it. */
  const mailOf = async (message: StudentMessage) => {
    const [row] = (
      (await db.execute(
        sql`select o.payload from student_messages m join outbox o on o.id = m.outbox_id where m.id = ${message._id}`,
      )) as unknown as { rows: { payload: unknown }[] }
    ).rows;
    return (await render(row!.payload))!;
  };
  /** A claim of installment 1, and staff deciding it. */
  const claimed = async (e: Enrolment) => {
    const utr = nextUtr();
    const res = await t.claim(e.token, { installmentNumber: 1, amount: 3000, utr, paidOn: today });
    expect(res.statusCode, res.body).toBe(201);
    const queue = (await app.inject({ method: 'GET', url: apiUrl('paymentClaims'), headers: auth })).json().data;
    const id = queue.find((q: { utr: string }) => q.utr === utr)._id as string;
    const decide = (body: object) =>
      app.inject({ method: 'PUT', url: apiUrl('paymentClaim', id), headers: auth, payload: body });
    return { utr, decide };
  };

  it('a confirmed claim is told once, with its receipt and the reference the student gave', async () => {
    const e = await t.enrolment('Told Confirmed', 'told.confirmed@example.in');
    const { utr, decide } = await claimed(e);
    expect((await decide({ action: 'confirm' })).statusCode).toBe(200);
    expect((await decide({ action: 'confirm' })).statusCode).toBe(409);
    const receipt = (await e.detail()).payments[0].receiptNumber as string;
    const [told, ...more] = await messages(e);
    expect(more).toEqual([]);
    expect(told).toMatchObject({ kind: 'claim_confirmed', state: 'queued', summary: `${receipt} · ₹3,000.00` });
    const mail = await mailOf(told!);
    expect(mail.subject).toBe(`Your reported payment for ${e.number} is confirmed: receipt ${receipt}`);
    expect(mail.text).toContain(`(UPI reference ${utr})`);
    while ((await app.outbox.runOnce()) > 0);
    expect((await messages(e))[0]).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('a rejected claim is told once, with the reason', async () => {
    const e = await t.enrolment('Told Rejected', 'told.rejected@example.in');
    const { utr, decide } = await claimed(e);
    expect((await decide({ action: 'reject', reason: 'No such credit on 26 Nov' })).statusCode).toBe(200);
    expect((await decide({ action: 'reject', reason: 'Again' })).statusCode).toBe(409);
    const [told, ...more] = await messages(e);
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      kind: 'claim_rejected',
      summary: `UTR ${utr} · ₹3,000.00 · No such credit on 26 Nov`,
    });
    const mail = await mailOf(told!);
    expect(mail.subject).toBe(`Your reported payment for ${e.number} was not confirmed`);
    expect(mail.text).toContain('Reason: No such credit on 26 Nov.');
  });

  it('an erasure takes the person out of a rejection reason, in the claim and in the message told', async () => {
    const e = await t.enrolment('Nandini Erasable', 'nandini.erasable@example.in');
    const { decide } = await claimed(e);
    const reason = 'Paid from Nandini Erasable’s brother’s account, not hers';
    expect((await decide({ action: 'reject', reason })).statusCode).toBe(200);
    const installment = (await e.detail()).installments[0]._id;
    const paid = await recordPayment(app, auth, e.id, installment, {
      amount: 3000,
      paymentMode: 'cash',
      paidOn: today,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const erased = await app.inject({
      method: 'POST',
      url: '/api/student-erasure',
      headers: adminAuth,
      payload: { email: 'nandini.erasable@example.in', reason: 'Asked' },
    });
    expect(erased.statusCode, erased.body).toBe(201);
    const left = (
      (await db.execute(
        sql`select c.reason, m.params::text as params from payment_claims c join student_messages m
          on m.enrollment_id = c.enrollment_id and m.kind = 'claim_rejected' where c.enrollment_id = ${e.id}`,
      )) as unknown as { rows: { reason: string; params: string }[] }
    ).rows;
    expect(left).toHaveLength(1);
    expect(left[0]!.reason).not.toContain('Nandini');
    expect(left[0]!.params).not.toContain('Nandini');
    expect(left[0]!.reason).toContain('brother');
  });

  it('a refund is told once, with its voucher, even when the request is sent again', async () => {
    const e = await t.enrolment('Told Refund', 'told.refund@example.in');
    const installment = (await e.detail()).installments[0]._id;
    const paid = await recordPayment(app, auth, e.id, installment, {
      amount: 3000,
      paymentMode: 'cash',
      paidOn: today,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = (await e.detail()).payments[0];
    const refund = () =>
      app.inject({
        method: 'POST',
        url: apiUrl('refund', e.id),
        headers: { ...adminAuth, [IDEMPOTENCY_HEADER]: `refund-${e.id}` },
        payload: {
          paymentId: payment._id,
          amount: 1000,
          reason: 'Fee waived in part',
          refundedOn: today,
          paymentMode: 'cash',
          effect: 'owed-again',
        },
      });
    expect((await refund()).statusCode).toBe(200);
    expect((await refund()).statusCode).toBe(200);
    const voucher = (await e.detail()).refunds[0].refundNumber as string;
    const refunds = (await messages(e)).filter((m) => m.kind === 'refund_recorded');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.summary).toBe(`${voucher} · ₹1,000.00`);
    const mail = await mailOf(refunds[0]!);
    expect(mail.subject).toBe(`Refund for ${e.number}: voucher ${voucher}`);
    expect(mail.text).toContain(`We have refunded ₹1,000.00 of your payment ${payment.receiptNumber}.`);
  });
});
