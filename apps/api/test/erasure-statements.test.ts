/**
 * Erasure reaches what reconciliation and imports keep about a person: the statement lines of
 * their money (payer's name, VPA, narration) and the rows of an import's errors file.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiPaths } from '@registrar/contract/api-paths';
import { IMPORT_COLUMNS } from '@registrar/contract/imports';
import { verifyLedger } from '../src/services/ledger-check';
import { file, multipart } from './fixtures/files';
import { statementCsv } from './fixtures/statements';
import { reconciliationSetup } from './reconciliation-setup';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

describe('erasure of a person who paid by UPI and was in an import that failed', async () => {
  const t = await reconciliationSetup();
  const { app, db, today } = t;
  const admin = await makeStaff(db, { name: 'Erasing Admin', email: 'erasing.admin@example.in' });
  const adminAuth = bearer(await tokenFor(app, admin.email, admin.password));

  it('takes their name, VPA and narration out of statement lines and their columns out of import errors', async () => {
    const e = await t.enrolment('Ravindra Kulkarni', 'ravindra.erase@example.in');
    const other = await t.enrolment('Someone Staying', 'someone.staying@example.in');
    const paid = { date: new Date(), amount: 3000, utr: '813026990001', name: 'RAVINDRA KULKARNI' };
    const suggested = { date: new Date(), amount: 3000, utr: '813026990002', name: 'RAVINDRA KULKARNI' };
    const stays = { date: new Date(), amount: 3000, utr: '813026990003', name: 'SOMEONE STAYING' };
    await t.claim(e.token, { installmentNumber: 1, amount: 3000, utr: paid.utr, paidOn: today });
    const up = await t.upload(statementCsv('HDFC', [paid, suggested, stays]), 'hdfc.csv');
    expect(up.statusCode, up.body).toBe(201);
    const statementId = up.json().data._id as string;
    const before = (await t.statement(statementId)).lines as { utr: string; state: string; candidates: unknown[] }[];
    expect(before.find((l) => l.utr === paid.utr)?.state).toBe('recorded');
    expect(before.find((l) => l.utr === suggested.utr)?.candidates).toContainEqual(
      expect.objectContaining({ enrollmentId: e.id }),
    );

    // An import that failed keeps its rows in error, with the person's columns, for the errors file.
    const phone = (await e.detail()).phoneNumber as string;
    const header = IMPORT_COLUMNS.enrollments.join(',');
    const row = ['', 'Ravindra Kulkarni', 'ravindra.erase@example.in', phone, '', 'Flat 9 Baner', 'Flat 9 Baner'];
    const body = `${header}\r\n${[...row, 'No Such Course', 'installment', '', '01/04/2026', '', 'company', 'X', '', '', 'approved', '25/03/2026', ''].join(',')}\r\n`;
    const form = multipart([
      { name: 'kind', value: 'enrollments' },
      { name: 'dryRun', value: 'false' },
      // The file's name names them too, as an office names a file it was sent.
      file('file', Buffer.from(body), 'Ravindra Kulkarni fees.csv', 'text/csv'),
    ]);
    const failed = await app.inject({
      method: 'POST',
      url: apiPaths.imports,
      payload: form.payload,
      headers: { ...form.headers, ...adminAuth },
    });
    expect(failed.statusCode, failed.body).toBe(400);
    const errorsCsv = () =>
      app.inject({ method: 'GET', url: `/api/import/${failed.json().data._id}/errors.csv`, headers: adminAuth });
    expect((await errorsCsv()).body).toContain('ravindra.erase@example.in');

    const erased = await app.inject({
      method: 'POST',
      url: apiPaths.erasure,
      headers: adminAuth,
      payload: { email: 'ravindra.erase@example.in', reason: 'Asked by mail' },
    });
    expect(erased.statusCode, erased.body).toBe(201);
    const { counts } = erased.json().data;
    // Their two lines, and any other line that listed them among its candidates.
    expect(counts.statementLinesScrubbed).toBeGreaterThanOrEqual(2);
    expect(counts.importRowsScrubbed).toBe(1);

    const lines = (await t.statement(statementId)).lines as {
      utr: string;
      narration: string;
      payerName: string | null;
      state: string;
      candidates: { enrollmentId: string }[];
      receiptNumber: string | null;
    }[];
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/ravindra|kulkarni/i);
    const recorded = lines.find((l) => l.utr === paid.utr)!;
    // The money stays on the books: the line, its UTR and the payment it became.
    expect(recorded).toMatchObject({ state: 'recorded', payerName: null });
    expect(recorded.receiptNumber).toMatch(/^RCPT-/);
    const waiting = lines.find((l) => l.utr === suggested.utr)!;
    expect(waiting.candidates.map((c) => c.enrollmentId)).not.toContain(e.id);
    expect(lines.find((l) => l.utr === stays.utr)!.narration).toContain('SOMEONE STAYING');
    const vpas = (await db.execute(
      sql`select vpa from bank_statement_lines where utr in (${paid.utr}, ${suggested.utr})`,
    )) as unknown as { rows: { vpa: string | null }[] };
    expect(vpas.rows.map((r) => r.vpa)).not.toContain('ravindra@ybl');

    const after = await errorsCsv();
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toMatch(/ravindra|kulkarni|baner/i);
    expect(after.body).not.toContain(phone);
    // The row number and its error stay, so the log still says what went wrong.
    expect(after.body).toContain('course');
    const log = (await db.execute(sql`select file_name, errors, error_rows from imports`)) as unknown as {
      rows: unknown[];
    };
    expect(log.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(log.rows)).not.toMatch(/ravindra|kulkarni/i);
    expect(await verifyLedger(db)).toEqual([]);
    expect(other.id).not.toBe(e.id);
  });
});
