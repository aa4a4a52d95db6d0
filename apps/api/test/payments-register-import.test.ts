/**
 * The register tells imported payments from today's: each row of an imported payment is marked,
 * on the page and in the CSV; the CSV's times are India's, and its header says so.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import { localIsoDate } from '@registrar/contract/enrollment';
import { IMPORT_COLUMNS } from '@registrar/contract/imports';
import { IMPORTED_LABEL, type RegisterEntry } from '@registrar/contract/payments-register';
import { parse } from 'csv-parse/sync';
import { csv, importApp, oldPayment, student } from './import-app';
import { recordPayment } from './fixtures/payments';

describe('imported payments in the register', async () => {
  const { app, db, auth, send } = await importApp();
  expect((await send('enrollments', csv(IMPORT_COLUMNS.enrollments, [student()]))).statusCode).toBe(201);
  const imported = await send('payments', oldPayment('05/04/2026'));
  expect(imported.statusCode, imported.body).toBe(201);
  const [enrolment] = (
    (await db.execute(sql`select id from enrollments where external_id = 'OLD-1'`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const detail = (
    await app.inject({ method: 'GET', url: `/api/student-enrollment/${enrolment!.id}`, headers: auth })
  ).json().data;
  const today = localIsoDate();
  const typed = await recordPayment(app, auth, detail._id, detail.installments[1]._id, {
    amount: 1000,
    paymentMode: 'cash',
    paidOn: today,
  });
  expect(typed.statusCode, typed.body).toBe(200);

  it('marks the imported receipt on the page, and only it', async () => {
    const res = await app.inject({ method: 'GET', url: apiUrl('paymentsRegister'), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.items as RegisterEntry[];
    expect(rows.map((r) => [r.number.startsWith('OLD/') ? 'old' : 'new', r.imported]).sort()).toEqual([
      ['new', false],
      ['old', true],
    ]);
  });

  it('the CSV marks it "Imported" and gives times in India’s zone, named in the header', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${apiPaths.paymentsCsv}?from=2026-04-01&to=${today}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The totals row is shorter than the others.
    const [header, ...rows] = parse(res.body, { bom: true, relaxColumnCount: true }) as string[][];
    const source = header!.indexOf('Source');
    const at = header!.indexOf('Recorded at (IST)');
    expect(source).toBeGreaterThan(-1);
    expect(at).toBeGreaterThan(-1);
    expect(header).not.toContain('Recorded at');
    const byNumber = new Map(rows.map((r) => [r[2], r]));
    expect(byNumber.get('OLD/R/1')![source]).toBe(IMPORTED_LABEL);
    const [typedRow] = rows.filter((r) => r[2]?.startsWith('RCPT'));
    expect(typedRow![source]).toBe('');
    const [stored] = (
      (await db.execute(
        sql`select to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI:SS') as ist
              from payments where receipt_number = ${typedRow![2]}`,
      )) as unknown as { rows: { ist: string }[] }
    ).rows;
    expect(typedRow![at]).toBe(stored!.ist);
  });
});
