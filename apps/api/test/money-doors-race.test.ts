/**
 * Two doors at the same moment: a student's claim, a bank line and a payment typed at the counter
 * carrying one UTR, sent together, leave one payment, whichever wins the race.
 */
import { describe, expect, it } from 'vitest';
import { apiUrl } from '@registrar/contract/api-paths';
import { verifyLedger } from '../src/services/ledger-check';
import { statementCsv, type Credit } from './fixtures/statements';
import { reconciliationSetup } from './reconciliation-setup';

let utrSeq = 943026880000;
const nextUtr = () => String(++utrSeq);

describe('money doors at once: one UTR is one payment under a race', async () => {
  const t = await reconciliationSetup();
  const { app, auth, db, today } = t;
  const credit = (name: string, utr: string, note: string): Credit => ({
    date: new Date(),
    amount: 3000,
    utr,
    name,
    note,
  });
  const paymentsWith = async (e: { detail: () => Promise<{ payments: { utr: string | null }[] }> }, utr: string) =>
    (await e.detail()).payments.filter((p) => p.utr === utr).length;
  const typed = (id: string, installmentId: string, utr: string) =>
    app.inject({
      method: 'PUT',
      url: apiUrl('payment', id, installmentId),
      headers: auth,
      payload: { amount: 3000, paymentMode: 'upi', paidOn: today, utr },
    });

  it('a claim and the bank line of the same UTR arriving together record one payment, five times over', async () => {
    for (let round = 0; round < 5; round++) {
      const e = await t.enrolment(`Race Line ${round}`, `race.line.${round}@example.in`);
      const utr = nextUtr();
      const [claim, upload] = await Promise.all([
        t.claim(e.token, { installmentNumber: 1, amount: 3000, utr, paidOn: today }),
        t.upload(statementCsv('HDFC', [credit(`RACE LINE ${round}`, utr, e.number)]), `race-${round}.csv`),
      ]);
      expect(claim.statusCode, claim.body).toBeLessThan(500);
      expect(upload.statusCode, upload.body).toBe(201);
      expect(await paymentsWith(e, utr)).toBe(1);
    }
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('a claim and the counter typing the same UTR together: one payment, the other door told why', async () => {
    for (let round = 0; round < 5; round++) {
      const e = await t.enrolment(`Race Desk ${round}`, `race.desk.${round}@example.in`);
      const installmentId = (await e.detail()).installments[0]!._id as string;
      const utr = nextUtr();
      const [claim, desk] = await Promise.all([
        t.claim(e.token, { installmentNumber: 1, amount: 3000, utr, paidOn: today }),
        typed(e.id, installmentId, utr),
      ]);
      expect(claim.statusCode, claim.body).toBeLessThan(500);
      expect(desk.statusCode, desk.body).toBeLessThan(500);
      // A claim still waiting is not a payment: confirming it afterwards must not make a second one.
      const waiting = (
        (await app.inject({ method: 'GET', url: apiUrl('paymentClaims'), headers: auth })).json().data as {
          _id: string;
          utr: string;
        }[]
      ).find((c) => c.utr === utr);
      if (waiting) {
        const confirm = await app.inject({
          method: 'PUT',
          url: apiUrl('paymentClaim', waiting._id),
          headers: auth,
          payload: { action: 'confirm' },
        });
        expect(confirm.statusCode, confirm.body).toBe(409);
      }
      expect(await paymentsWith(e, utr)).toBe(1);
    }
    expect(await verifyLedger(db)).toEqual([]);
  });
});
