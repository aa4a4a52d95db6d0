import { afterAll, describe, expect, it } from 'vitest';
import { RECONCILIATION_MESSAGES as M } from '@registrar/contract/reconciliation';
import { STUDENT_PAGE_MESSAGES as S } from '@registrar/contract/student-page';
import { verifyLedger } from '../src/services/ledger-check';
import { startMailCatcher } from './mail-catcher';
import { reconciliationSetup } from './reconciliation-setup';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

describe('a student reports a UPI payment; staff confirm or reject it', async () => {
  const t = await reconciliationSetup({ smtpUrl: catcher.url });
  const { app, auth, db, today } = t;
  const page = async (token: string) =>
    (await app.inject({ method: 'GET', url: `/api/student-page/${token}` })).json().data;
  const claims = async (state = 'open') =>
    (await app.inject({ method: 'GET', url: `/api/payment-claims?state=${state}`, headers: auth })).json().data;
  const decide = (id: string, body: object, headers = auth) =>
    app.inject({ method: 'PUT', url: `/api/payment-claim/${id}`, headers, payload: body });

  it('takes "I have paid" and shows it on the page as being checked', async () => {
    const e = await t.enrolment('Ravi Kumar', 'ravi.claim@example.in');
    const res = await t.claim(e.token, { installmentNumber: 1, amount: 3000, utr: '4130 2688 5941', paidOn: today });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(S.claimRecorded);
    expect((await page(e.token)).claims).toEqual([
      { installmentNumber: 1, amount: 3000, utr: '413026885941', paidOn: today, state: 'open', reason: null },
    ]);
    const again = await t.claim(e.token, { installmentNumber: 1, amount: 3000, utr: '413026885941', paidOn: today });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(S.claimAlreadyOpen);
  });

  it('refuses a UTR that is not a UPI reference, a future date, an amount over the dues, an unknown installment', async () => {
    const e = await t.enrolment('Typo Student', 'typo.claim@example.in');
    const field = async (body: object) => (await t.claim(e.token, body)).json().errors?.[0];
    const good = { installmentNumber: 1, amount: 3000, utr: '513026885941', paidOn: today };
    expect(await field({ ...good, utr: '12345' })).toEqual({ path: 'utr', message: S.claimUtrInvalid });
    expect(await field({ ...good, utr: 'HDFCN52025040412345678' })).toEqual({
      path: 'utr',
      message: S.claimUtrInvalid,
    });
    expect(await field({ ...good, paidOn: '2999-01-01' })).toEqual({ path: 'paidOn', message: S.claimPaidOnInFuture });
    expect(await field({ ...good, amount: 9000.01 })).toEqual({ path: 'amount', message: S.claimAmountTooMuch });
    expect(await field({ ...good, installmentNumber: 7 })).toEqual({
      path: 'installmentNumber',
      message: S.claimInstallmentUnknown,
    });
    expect((await t.claim('x'.repeat(43), good)).statusCode).toBe(404);
    expect((await page(e.token)).claims).toEqual([]);
  });

  it('lets staff with fees.record confirm a claim: a UPI payment with its UTR, from the claim', async () => {
    const e = await t.enrolment('Confirm Me', 'confirm.claim@example.in');
    await t.claim(e.token, { installmentNumber: 1, amount: 3000, utr: '613026885941', paidOn: today });
    const open = (await claims()).find((c: { utr: string }) => c.utr === '613026885941');
    expect(open).toMatchObject({ enrollmentNumber: e.number, name: 'Confirm Me', amount: 3000, state: 'open' });

    const viewer = await makeStaff(db, { role: 'viewer' });
    const viewerAuth = bearer(await tokenFor(app, viewer.email, viewer.password));
    expect((await decide(open._id, { action: 'confirm' }, viewerAuth)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/payment-claims', headers: viewerAuth })).statusCode).toBe(403);

    const res = await decide(open._id, { action: 'confirm' });
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json().data.receiptNumber as string;
    expect(res.json().message).toBe(`${M.claimConfirmed}: ${receipt}`);
    expect((await e.detail()).payments[0]).toMatchObject({
      receiptNumber: receipt,
      amount: 3000,
      paymentMode: 'upi',
      utr: '613026885941',
      source: 'claim',
    });
    expect((await page(e.token)).claims[0].state).toBe('confirmed');
    expect((await decide(open._id, { action: 'confirm' })).json().message).toBe(M.claimHandled);
    // The same money reported again once it is on the books.
    const late = await t.claim(e.token, { installmentNumber: 2, amount: 3000, utr: '613026885941', paidOn: today });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`${S.claimUtrRecorded}: ${receipt}`);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('rejects a claim with a reason and mails the student why, in their language', async () => {
    const e = await t.enrolment('आशा वर्मा', 'asha.claim@example.in', 'hi');
    await t.claim(e.token, { installmentNumber: 1, amount: 3000, utr: '713026885941', paidOn: today });
    const open = (await claims()).find((c: { utr: string }) => c.utr === '713026885941');
    expect((await decide(open._id, { action: 'reject', reason: ' ' })).statusCode).toBe(400);
    const res = await decide(open._id, { action: 'reject', reason: 'No such credit on 26 Nov' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.claimRejected);
    expect((await page(e.token)).claims[0]).toMatchObject({ state: 'rejected', reason: 'No such credit on 26 Nov' });
    await t.deliver();
    const mail = await catcher.latestTo('asha.claim@example.in', /पुष्ट नहीं हुआ/);
    expect(mail.text).toContain('713026885941');
    expect(mail.text).toContain('No such credit on 26 Nov');
    expect(mail.text).toContain('प्रिय आशा वर्मा,');
    expect((await e.detail()).payments).toEqual([]);
  });
});
