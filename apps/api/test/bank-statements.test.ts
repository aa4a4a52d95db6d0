import { describe, expect, it } from 'vitest';
import { PAYMENT_REFERENCE_MESSAGES } from '@registrar/contract/payment-references';
import { RECONCILIATION_MESSAGES as M } from '@registrar/contract/reconciliation';
import { verifyLedger } from '../src/services/ledger-check';
import { PNG } from './fixtures/files';
import { statementCsv, statementUpload, type Bank, type Credit } from './fixtures/statements';
import { xlsx, zipBombPart } from './fixtures/xlsx';
import { reconciliationSetup } from './reconciliation-setup';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

let utrSeq = 813026880000;
const nextUtr = () => String(++utrSeq);

describe('bank statements: imported, matched, recorded once', async () => {
  const t = await reconciliationSetup();
  const { app, auth, db, today } = t;
  const now = new Date();
  const credit = (amount: number, name: string, note?: string): Credit => ({
    date: now,
    amount,
    utr: nextUtr(),
    name,
    note,
  });
  const imported = async (bank: Bank, credits: Credit[]) => {
    const res = await t.upload(statementCsv(bank, credits), `${bank}.csv`);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as {
      _id: string;
      credits: number;
      recorded: number;
      matched: number;
      suggested: number;
      unmatched: number;
    };
  };
  const lineOf = async (statementId: string, utr: string) =>
    (await t.statement(statementId)).lines.find((l: { utr: string }) => l.utr === utr);
  const statementCount = async () =>
    Number(
      ((await db.execute('select count(*)::int as n from bank_statements')) as unknown as { rows: { n: number }[] })
        .rows[0]!.n,
    );

  it('records at once a line whose UTR and amount a student reported, and confirms the claim', async () => {
    const e = await t.enrolment('Kiran Rao', 'kiran.statement@example.in');
    const c = credit(3000, 'KIRAN RAO');
    await t.claim(e.token, { installmentNumber: 1, amount: 3000, utr: c.utr, paidOn: today });
    const summary = await imported('HDFC', [c, credit(3000, 'SOMEONE ELSE')]);
    expect(summary).toMatchObject({ credits: 2, recorded: 1 });
    const payment = (await e.detail()).payments[0];
    expect(payment).toMatchObject({ amount: 3000, paymentMode: 'upi', utr: c.utr, source: 'statement' });
    expect(payment.receiptNumber).toMatch(/^RCPT-/);
    expect((await lineOf(summary._id, c.utr)).state).toBe('recorded');
    const page = (await app.inject({ method: 'GET', url: `/api/student-page/${e.token}` })).json().data;
    expect(page.claims[0].state).toBe('confirmed');
  });

  it('matches a line naming an enrolment number with an amount its installment owes; record-all records it', async () => {
    const e = await t.enrolment('Matched Student', 'matched.statement@example.in');
    const c = credit(3000, 'MATCHED STUDENT', `${e.number} installment 1`);
    const summary = await imported('ICICI', [c]);
    expect(summary).toMatchObject({ credits: 1, matched: 1, recorded: 0 });
    const line = await lineOf(summary._id, c.utr);
    expect(line.match).toMatchObject({ enrollmentId: e.id, installmentNumber: 1, owed: 3000 });
    expect((await e.detail()).payments).toEqual([]);
    const all = await app.inject({
      method: 'POST',
      url: `/api/bank-statement-record-matched/${summary._id}`,
      headers: auth,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual({ recorded: 1, alreadyRecorded: 0 });
    expect(all.json().message).toBe(`${M.matchedRecorded}: 1`);
    expect((await e.detail()).payments[0]).toMatchObject({ utr: c.utr, paymentMode: 'upi', installmentNumber: 1 });
  });

  it('suggests by amount, name and date, and records the suggestion staff pick', async () => {
    const e = await t.enrolment('Sunita Deshpande', 'sunita.statement@example.in');
    const c = credit(3000, 'SUNITA DESHPANDE');
    const summary = await imported('Axis', [c]);
    const line = await lineOf(summary._id, c.utr);
    expect(line.state).toBe('suggested');
    const pick = line.candidates.find((x: { enrollmentId: string }) => x.enrollmentId === e.id);
    expect(pick.why).toContain('name');
    const res = await t.act(line._id, {
      action: 'record',
      enrollmentId: e.id,
      installmentNumber: pick.installmentNumber,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lineOf(summary._id, c.utr)).receiptNumber).toBe((await e.detail()).payments[0].receiptNumber);
    expect((await t.act(line._id, { action: 'ignore' })).json().message).toBe(M.lineHandled);
  });

  it('never records the same money twice: re-import and overlap record nothing; a UTR typed in by hand takes the line with it', async () => {
    const e = await t.enrolment('Twice Student', 'twice.statement@example.in');
    const a = credit(3000, 'TWICE STUDENT', `${e.number}`);
    const b = credit(3000, 'TWICE STUDENT', `${e.number}`);
    const first = await imported('SBI', [a]);
    await app.inject({ method: 'POST', url: `/api/bank-statement-record-matched/${first._id}`, headers: auth });
    const before = await t.paymentCount();
    const again = await imported('SBI', [a]);
    expect(again).toMatchObject({ credits: 1, recorded: 1, matched: 0 });
    const overlap = await imported('SBI', [a, b]);
    expect(overlap).toMatchObject({ credits: 2, recorded: 1, matched: 1 });
    expect(await t.paymentCount()).toBe(before);

    // The accountant types b in by hand before recording the line.
    const installment = (await e.detail()).installments[1]._id;
    const typed = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${e.id}/${installment}`,
      headers: auth,
      payload: { amount: 3000, paymentMode: 'upi', paidOn: today, utr: b.utr },
    });
    const receipt = typed.json().data.payments.find((p: { utr: string }) => p.utr === b.utr).receiptNumber;
    const line = await lineOf(overlap._id, b.utr);
    expect(line).toMatchObject({ state: 'recorded', receiptNumber: receipt });
    const res = await t.act(line._id, { action: 'record', enrollmentId: e.id, installmentNumber: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.lineHandled);
    expect(await t.paymentCount()).toBe(before + 1);
    // The same UTR typed again names the payment that holds it.
    const retyped = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${e.id}/${(await e.detail()).installments[2]._id}`,
      headers: auth,
      payload: { amount: 3000, paymentMode: 'upi', paidOn: today, utr: b.utr },
    });
    expect(retyped.statusCode).toBe(409);
    expect(retyped.json().message).toBe(`${PAYMENT_REFERENCE_MESSAGES.utrTaken}: ${receipt}`);
  });

  it('records a credit over several installments as one payment, oldest first, and keeps the excess as a credit', async () => {
    const e = await t.enrolment('Big Payer', 'big.statement@example.in');
    const c = credit(10000, 'BIG PAYER', `${e.number}`);
    const { _id } = await imported('Kotak', [c]);
    const line = await lineOf(_id, c.utr);
    const res = await t.act(line._id, { action: 'record', enrollmentId: e.id, installmentNumber: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await e.detail();
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({ amount: 10000, paymentMode: 'upi' });
    expect(detail.installments.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid', 'paid']);
    expect(detail.outstanding).toBe(0);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('ignores a line on request; reads XLSX; remembers a column mapping by name', async () => {
    const c = credit(1234, 'NOBODY KNOWN');
    const { _id } = await imported('HDFC', [c]);
    const line = await lineOf(_id, c.utr);
    expect(line.state).toBe('unmatched');
    expect((await t.act(line._id, { action: 'ignore' })).json().message).toBe(M.lineIgnored);
    expect((await lineOf(_id, c.utr)).state).toBe('ignored');

    const rows = statementCsv('HDFC', [credit(50, 'XLSX PAYER')])
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const x = await t.upload(await xlsx(rows), 'statement.xlsx');
    expect(x.statusCode, x.body).toBe(201);
    expect(x.json().data.credits).toBe(1);

    const custom = (utr: string) => `Posted,Memo,In\n${today},UPI ${utr} from a payer,"2,000.00"\n`;
    const columns = JSON.stringify({ date: 'Posted', narration: 'Memo', credit: 'In', dateFormat: 'yyyy-mm-dd' });
    const send = (data: string, extra: { name: string; value: string }[]) => {
      const body = statementUpload(data, 'custom.csv', extra);
      return app.inject({
        method: 'POST',
        url: '/api/bank-statement',
        payload: body.payload,
        headers: { ...auth, ...body.headers },
      });
    };
    expect((await send(custom(nextUtr()), [])).json().message).toBe(M.headerNotFound);
    const saved = await send(custom(nextUtr()), [
      { name: 'mapping', value: 'Co-op bank' },
      { name: 'columns', value: columns },
    ]);
    expect(saved.statusCode, saved.body).toBe(201);
    const reused = await send(custom(nextUtr()), [{ name: 'mapping', value: 'Co-op bank' }]);
    expect(reused.statusCode, reused.body).toBe(201);
    expect((await t.statement(reused.json().data._id)).layout).toBe('Co-op bank');
  });

  it('refuses bad files with a message a person can act on, and writes nothing', async () => {
    const statements = await statementCount();
    const payments = await t.paymentCount();
    const refused = async (data: Buffer | string, status: number, message: string, filename = 'statement.csv') => {
      const res = await t.upload(data, filename);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refused(PNG, 415, M.fileNotStatement);
    await refused('', 400, M.fileEmpty);
    await refused('Date,Narration,Withdrawal Amt.\n04/04/25,ATM,500\n', 400, M.noCreditColumn);
    await refused(Buffer.alloc(20 * 1024 * 1024, 'a'), 413, M.fileTooLarge);
    await refused(
      Buffer.from('Date,Narration,Deposit Amt.\n04/04/25,Caf\xe9 R\xe9sum\xe9,500\n', 'latin1'),
      415,
      M.fileNotUtf8,
    );
    await refused(
      await xlsx([['Date', 'Narration', 'Deposit Amt.']], [zipBombPart(60 * 1024 * 1024)]),
      413,
      M.xlsxTooLarge,
      'big.xlsx',
    );
    await refused(Buffer.from('PK\x03\x04not really a zip'), 415, M.xlsxUnreadable, 'broken.xlsx');
    const none = await app.inject({ method: 'POST', url: '/api/bank-statement', headers: auth, payload: {} });
    expect(none.statusCode).toBe(415);
    expect(await statementCount()).toBe(statements);
    expect(await t.paymentCount()).toBe(payments);
  });

  it('is for accountants and admins: counsellors and viewers cannot import', async () => {
    for (const role of ['counsellor', 'viewer'] as const) {
      const s = await makeStaff(db, { role });
      const headers = bearer(await tokenFor(app, s.email, s.password));
      expect((await t.upload(statementCsv('HDFC', [credit(1, 'X')]), 'a.csv', headers)).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/bank-statement', headers })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/bank-statement' })).statusCode).toBe(401);
    const list = await app.inject({ method: 'GET', url: '/api/bank-statement', headers: auth });
    expect(list.json().data.length).toBeGreaterThan(3);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
