/**
 * A claim and a bank line are recorded together only when UTR, amount and enrolment agree; claims
 * that cannot be true are refused, and at most three wait per enrolment.
 */
import { describe, expect, it } from 'vitest';
import { RECONCILIATION_MESSAGES as M } from '@registrar/contract/reconciliation';
import { STUDENT_PAGE_MESSAGES as S } from '@registrar/contract/student-page';
import { verifyLedger } from '../src/services/ledger-check';
import { statementCsv, type Credit } from './fixtures/statements';
import { reconciliationSetup } from './reconciliation-setup';

let utrSeq = 933026880000;
const nextUtr = () => String(++utrSeq);

describe('money doors: claims and bank lines check one another', async () => {
  const t = await reconciliationSetup();
  const { app, auth, today } = t;
  const credit = (amount: number, name: string, note?: string): Credit => ({
    date: new Date(),
    amount,
    utr: nextUtr(),
    name,
    note,
  });
  const imported = async (credits: Credit[]) => {
    const res = await t.upload(statementCsv('HDFC', credits), 'claims.csv');
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; recorded: number; matched: number; suggested: number };
  };
  const lineOf = async (statementId: string, utr: string) =>
    (await t.statement(statementId)).lines.find((l: { utr: string }) => l.utr === utr);
  const page = async (token: string) =>
    (await app.inject({ method: 'GET', url: `/api/student-page/${token}` })).json().data;
  const queue = async () =>
    (await app.inject({ method: 'GET', url: '/api/payment-claims', headers: auth })).json().data as {
      utr: string;
      installmentPaid: number;
      installmentAmount: number;
      bankLine: { narration: string; state: string } | null;
    }[];
  const numbersOf = (line: { candidates: { enrollmentNumber: string }[] }) =>
    line.candidates.map((c) => c.enrollmentNumber).sort();

  it("statement first: B's claim of the line naming A's enrolment leaves it waiting with both, recorded on neither", async () => {
    const a = await t.enrolment('Asha Verma', 'asha.doors@example.in');
    const b = await t.enrolment('Bina Sharma', 'bina.doors@example.in');
    const c = credit(3000, 'ASHA VERMA', a.number);
    const summary = await imported([c]);
    expect((await lineOf(summary._id, c.utr)).state).toBe('matched');
    const res = await t.claim(b.token, { installmentNumber: 1, amount: 3000, utr: c.utr, paidOn: today });
    expect(res.statusCode, res.body).toBe(201);
    const line = await lineOf(summary._id, c.utr);
    expect(line.state).toBe('suggested');
    expect(numbersOf(line)).toEqual([a.number, b.number].sort());
    expect((await b.detail()).payments).toEqual([]);
    expect((await a.detail()).payments).toEqual([]);
    expect((await page(b.token)).claims[0].state).toBe('open');
    // The queue shows the claim beside the bank's own line, which names A.
    expect((await queue()).find((q) => q.utr === c.utr)).toMatchObject({
      installmentPaid: 0,
      installmentAmount: 3000,
      bankLine: { state: 'suggested', narration: expect.stringContaining(a.number) },
    });
  });

  it("claim first: the line naming A's enrolment, or only A's name, is not recorded on B", async () => {
    const a = await t.enrolment('Chetan Iyer', 'chetan.doors@example.in');
    const b = await t.enrolment('Deepa Nair', 'deepa.doors@example.in');
    const byNumber = credit(3000, 'CHETAN IYER', a.number);
    const byName = credit(3000, 'CHETAN IYER');
    for (const c of [byNumber, byName]) {
      const res = await t.claim(b.token, { installmentNumber: 1, amount: 3000, utr: c.utr, paidOn: today });
      expect(res.statusCode, res.body).toBe(201);
    }
    const summary = await imported([byNumber, byName]);
    expect(summary).toMatchObject({ recorded: 0, suggested: 2 });
    for (const c of [byNumber, byName]) {
      const line = await lineOf(summary._id, c.utr);
      expect(line.state).toBe('suggested');
      expect(numbersOf(line)).toEqual([a.number, b.number].sort());
    }
    expect((await b.detail()).payments).toEqual([]);
    expect((await page(b.token)).claims.map((c: { state: string }) => c.state)).toEqual(['open', 'open']);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('still records at once a line that agrees with the claim, in either order', async () => {
    const e = await t.enrolment('Farah Khan', 'farah.doors@example.in');
    const first = credit(3000, 'FARAH KHAN', e.number);
    await t.claim(e.token, { installmentNumber: 1, amount: 3000, utr: first.utr, paidOn: today });
    expect(await imported([first])).toMatchObject({ recorded: 1 });
    const later = credit(3000, 'PARENT OF FARAH');
    const summary = await imported([later]);
    expect((await lineOf(summary._id, later.utr)).state).not.toBe('recorded');
    const res = await t.claim(e.token, { installmentNumber: 2, amount: 3000, utr: later.utr, paidOn: today });
    expect(res.statusCode, res.body).toBe(201);
    expect((await lineOf(summary._id, later.utr)).state).toBe('recorded');
    expect((await page(e.token)).claims.map((c: { state: string }) => c.state)).toEqual(['confirmed', 'confirmed']);
    expect((await e.detail()).payments.map((p: { utr: string }) => p.utr).sort()).toEqual(
      [first.utr, later.utr].sort(),
    );
  });

  it('refuses a claim for a paid installment, dated in 1990 or tomorrow, or over what is owed', async () => {
    const e = await t.enrolment('Gita Rao', 'gita.doors@example.in');
    const paid = credit(3000, 'GITA RAO');
    await t.claim(e.token, { installmentNumber: 1, amount: 3000, utr: paid.utr, paidOn: today });
    await imported([paid]);
    const good = { installmentNumber: 1, amount: 3000, utr: nextUtr(), paidOn: today };
    const again = await t.claim(e.token, good);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(S.claimInstallmentPaid);
    const old = await t.claim(e.token, { ...good, installmentNumber: 2, paidOn: '1990-01-01' });
    expect(old.statusCode).toBe(400);
    expect(old.json().errors).toEqual([{ path: 'paidOn', message: S.claimPaidOnBeforeEnrolment }]);
    const next = new Date();
    next.setDate(next.getDate() + 1);
    const tomorrow = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
    const future = await t.claim(e.token, { ...good, installmentNumber: 2, paidOn: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual([{ path: 'paidOn', message: S.claimPaidOnInFuture }]);
    const over = await t.claim(e.token, { ...good, installmentNumber: 2, amount: 6000.01 });
    expect(over.json().errors).toEqual([{ path: 'amount', message: S.claimAmountTooMuch }]);
    expect((await page(e.token)).claims).toHaveLength(1);
  });

  it('keeps at most 3 claims waiting per enrolment: 25 at once leave 3 open, the rest 429', async () => {
    const e = await t.enrolment('Hari Das', 'hari.doors@example.in');
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.claim(e.token, { installmentNumber: 1, amount: 1, utr: nextUtr(), paidOn: today }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(22);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toBe(S.claimTooManyOpen);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const open = (await page(e.token)).claims.filter((c: { state: string }) => c.state === 'open');
    expect(open).toHaveLength(3);

    // Once staff handle one, the student may report another.
    const mine = (await app.inject({ method: 'GET', url: '/api/payment-claims', headers: auth }))
      .json()
      .data.filter((c: { enrollmentId: string }) => c.enrollmentId === e.id);
    const reject = await app.inject({
      method: 'PUT',
      url: `/api/payment-claim/${mine[0]._id}`,
      headers: auth,
      payload: { action: 'reject', reason: 'No such credit' },
    });
    expect(reject.json().message).toBe(M.claimRejected);
    const more = await t.claim(e.token, { installmentNumber: 1, amount: 1, utr: nextUtr(), paidOn: today });
    expect(more.statusCode, more.body).toBe(201);
  });
});
