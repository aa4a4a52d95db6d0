/**
 * One UTR, one payment, whichever door it comes by: the gateway keeps the UPI RRN it reports, and
 * a claim, a typed payment, a statement line and an imported row of the same UTR find that
 * payment. Statement uploads record under the uploader and wait for the ledger's turn.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiPaths } from '@registrar/contract/api-paths';
import { IMPORT_COLUMNS } from '@registrar/contract/imports';
import { PAYMENT_REFERENCE_MESSAGES } from '@registrar/contract/payment-references';
import { RECONCILIATION_MESSAGES as M } from '@registrar/contract/reconciliation';
import { STUDENT_PAGE_MESSAGES as S } from '@registrar/contract/student-page';
import { ledgerTurn } from '../src/services/ledger-turn';
import { verifyLedger } from '../src/services/ledger-check';
import { SIMULATOR_PAYMENTS, pressPay, studentCalls } from './gateway-fixtures';
import { file, multipart } from './fixtures/files';
import { statementCsv, type Credit } from './fixtures/statements';
import { csv } from './import-app';
import { reconciliationSetup } from './reconciliation-setup';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

let utrSeq = 923026880000;
const nextUtr = () => String(++utrSeq);

describe('money doors: one UTR is one payment across every door', async () => {
  const t = await reconciliationSetup({ payments: SIMULATOR_PAYMENTS });
  const { app, auth, db, today } = t;
  const { start } = studentCalls(app);
  const admin = await makeStaff(db, { name: 'Door Admin', email: 'door.admin@example.in' });
  const adminAuth = bearer(await tokenFor(app, admin.email, admin.password));
  const credit = (amount: number, name: string, utr = nextUtr(), note?: string): Credit => ({
    date: new Date(),
    amount,
    utr,
    name,
    note,
  });
  const imported = async (credits: Credit[]) => {
    const res = await t.upload(statementCsv('HDFC', credits), 'doors.csv');
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; recorded: number; matched: number };
  };
  const lineOf = async (statementId: string, utr: string) =>
    (await t.statement(statementId)).lines.find((l: { utr: string }) => l.utr === utr);
  const typed = (e: { id: string }, installmentId: string, utr: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${e.id}/${installmentId}`,
      headers: auth,
      payload: { amount: 3000, paymentMode: 'upi', paidOn: today, utr },
    });
  /** The student pays installment 1 online through the simulator; answers the recorded payment. */
  const payOnline = async (e: { token: string; detail: () => Promise<{ payments: Record<string, unknown>[] }> }) => {
    const order = (await start(e.token, { installmentNumber: 1 })).json().data;
    await pressPay(app, order.checkoutUrl);
    await app.onlinePayments.settle();
    return (await e.detail()).payments[0] as { receiptNumber: string; utr: string | null; source: string };
  };

  it('keeps the RRN of a UPI payment made online as its UTR; a claim of it for the next installment answers 409 naming the receipt', async () => {
    const e = await t.enrolment('Online Then Claim', 'online.claim@example.in');
    const paid = await payOnline(e);
    expect(paid.source).toBe('gateway');
    expect(paid.utr).toMatch(/^\d{12}$/);
    const claim = await t.claim(e.token, { installmentNumber: 2, amount: 3000, utr: paid.utr!, paidOn: today });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toBe(`${S.claimUtrRecorded}: ${paid.receiptNumber}`);
    expect(claim.json().errors).toEqual([{ path: 'utr', message: `${S.claimUtrRecorded}: ${paid.receiptNumber}` }]);
    expect((await e.detail()).payments).toHaveLength(1);
  });

  it('a typed payment, a statement line and an imported row with the RRN find the online payment', async () => {
    const e = await t.enrolment('Online Doors', 'online.doors@example.in');
    const paid = await payOnline(e);
    const second = (await e.detail()).installments[1]._id;
    const res = await typed(e, second, paid.utr!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${PAYMENT_REFERENCE_MESSAGES.utrTaken}: ${paid.receiptNumber}`);

    const before = await t.paymentCount();
    const summary = await imported([credit(3000, 'ONLINE DOORS', paid.utr!, e.number)]);
    expect(summary).toMatchObject({ recorded: 1, matched: 0 });
    expect(await lineOf(summary._id, paid.utr!)).toMatchObject({
      state: 'recorded',
      receiptNumber: paid.receiptNumber,
    });

    const row = {
      email: 'online.doors@example.in',
      course: 'Data Science',
      installmentNumber: '2',
      amount: '3000',
      paidOn: '05/04/2026',
      paymentMode: 'upi',
      utr: paid.utr!,
      receiptNumber: 'OLD/R/9',
    };
    const form = multipart([
      { name: 'kind', value: 'payments' },
      { name: 'dryRun', value: 'false' },
      file('file', Buffer.from(csv(IMPORT_COLUMNS.payments, [row])), 'payments.csv', 'text/csv'),
    ]);
    const imports = await app.inject({
      method: 'POST',
      url: apiPaths.imports,
      payload: form.payload,
      headers: { ...form.headers, ...adminAuth },
    });
    expect(imports.statusCode, imports.body).toBe(400);
    expect(imports.json().data.errors).toEqual([
      { row: 2, field: 'utr', message: `${PAYMENT_REFERENCE_MESSAGES.utrTaken}: ${paid.receiptNumber}` },
    ]);
    expect(await t.paymentCount()).toBe(before);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('a waiting line becomes recorded, linked to the payment, when its UTR is recorded by another door', async () => {
    const e = await t.enrolment('Stuck Line', 'stuck.line@example.in');
    const c = credit(3000, 'STUCK LINE', nextUtr(), e.number);
    const summary = await imported([c]);
    expect((await lineOf(summary._id, c.utr)).state).toBe('matched');
    const res = await typed(e, (await e.detail()).installments[0]._id, c.utr);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = (await e.detail()).payments[0].receiptNumber;
    expect(await lineOf(summary._id, c.utr)).toMatchObject({ state: 'recorded', receiptNumber: receipt });

    // A line left matched before this rule (or by a race) is linked when staff act on it, and says why.
    const stuck = async () =>
      db.execute(sql`update bank_statement_lines set state = 'matched', payment_id = null where utr = ${c.utr}`);
    await stuck();
    expect(await verifyLedger(db)).toEqual([
      `statement doors.csv line ${(await lineOf(summary._id, c.utr)).rowNumber}: UTR ${c.utr} waits for staff but is on ${receipt}`,
    ]);
    const act = await t.act((await lineOf(summary._id, c.utr))._id, {
      action: 'record',
      enrollmentId: e.id,
      installmentNumber: 1,
    });
    expect(act.statusCode).toBe(409);
    expect(act.json().message).toBe(`${PAYMENT_REFERENCE_MESSAGES.utrTaken}: ${receipt}`);
    expect(await lineOf(summary._id, c.utr)).toMatchObject({ state: 'recorded', receiptNumber: receipt });

    await stuck();
    const all = () =>
      app.inject({ method: 'POST', url: `/api/bank-statement-record-matched/${summary._id}`, headers: auth });
    const first = await all();
    expect(first.json().data).toEqual({ recorded: 0, alreadyRecorded: 1 });
    expect(first.json().message).toBe(`${M.matchedRecorded}: 0; ${M.matchedAlreadyRecorded}: 1`);
    expect(await lineOf(summary._id, c.utr)).toMatchObject({ state: 'recorded', receiptNumber: receipt });
    const again = await all();
    expect(again.json()).toMatchObject({ message: M.matchedNone, data: { recorded: 0, alreadyRecorded: 0 } });
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('records a line that agrees with a claim under the uploader, after the ledger turns queued before it', async () => {
    const e = await t.enrolment('Uploader Turn', 'uploader.turn@example.in');
    const c = credit(3000, 'UPLOADER TURN');
    await t.claim(e.token, { installmentNumber: 1, amount: 3000, utr: c.utr, paidOn: today });
    const order: string[] = [];
    let release!: () => void;
    const held = ledgerTurn(db, () =>
      new Promise<void>((resolve) => (release = resolve)).then(() => order.push('held')),
    );
    const upload = imported([c]).then((s) => order.push('upload') && s);
    // The upload would finish well within this if it did not wait for the turn held before it.
    await Promise.race([upload, new Promise((r) => setTimeout(r, 3000))]);
    release();
    await Promise.all([held, upload]);
    expect(order).toEqual(['held', 'upload']);
    const payment = (await e.detail()).payments[0];
    expect(payment).toMatchObject({ utr: c.utr, source: 'statement' });
    expect(payment.recordedBy).toMatchObject({ name: 'Meena Accounts' });
  });

  it('verify-ledger names a UTR held by two live payments (a gateway payment among them)', async () => {
    const e = await t.enrolment('Twice Held', 'twice.held@example.in');
    const paid = await payOnline(e);
    // What the database's unique index prevents, made by hand to prove the check sees it.
    await db.execute(sql`drop index payments_utr_live_uidx`);
    await db.execute(
      sql`insert into payments select (jsonb_populate_record(null::payments, to_jsonb(p) ||
            jsonb_build_object('id', gen_random_uuid(), 'receipt_number', 'OLD/TWIN/1', 'source', 'import',
              'gateway_payment_id', null))).*
          from payments p where p.utr = ${paid.utr}`,
    );
    const problems = await verifyLedger(db);
    expect(problems).toContain(
      `UTR ${paid.utr} is on more than one live payment: OLD/TWIN/1 (import), ${paid.receiptNumber} (gateway)`,
    );
  });
});
