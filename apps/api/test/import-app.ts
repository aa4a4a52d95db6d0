/**
 * What the bulk-import tests start from: CSV files written as a spreadsheet saves them, a student row
 * to vary, and the real app on a fresh database with an admin, a counsellor and the course the rows
 * name, plus the upload call and table counts the tests compare.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { apiPaths } from '@registrar/contract/api-paths';
import { IMPORT_COLUMNS } from '@registrar/contract/imports';
import { build } from './build-app';
import { createCourse } from './fixtures/enrolments';
import { file, multipart } from './fixtures/files';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

export const csvLine = (cells: string[]) =>
  cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
export const csv = (header: readonly string[], rows: Record<string, string | undefined>[]) =>
  [csvLine([...header]), ...rows.map((r) => csvLine(header.map((h) => r[h] ?? '')))].join('\r\n') + '\r\n';

export const readCsv = (text: string) => parse(text, { bom: true }) as string[][];

export const student = (over: Record<string, string> = {}) => ({
  externalId: 'OLD-1',
  name: 'Priya Sharma',
  email: 'priya.import@example.com',
  phoneNumber: '9876500001',
  currentAddress: '12 MG Road, Pune',
  permanentAddress: '12 MG Road, Pune',
  course: 'Tally Prime',
  paymentMethod: 'installment',
  startDate: '01/04/2026',
  currentlyWorking: 'company',
  currentlyWorkingPlace: 'Infosys',
  status: 'approved',
  enrolledOn: '25/03/2026',
  ...over,
});

/** The import's one cash payment of ₹3,000 (receipt OLD/R/1) on installment 1 of `student()`, paid on `paidOn` (dd/mm/yyyy). */
export const oldPayment = (paidOn: string) =>
  csv(IMPORT_COLUMNS.payments, [
    {
      email: 'priya.import@example.com',
      course: 'Tally Prime',
      installmentNumber: '1',
      amount: '3000',
      paidOn,
      paymentMode: 'cash',
      receiptNumber: 'OLD/R/1',
    },
  ]);

/** Builds the app with its staff and course on a fresh database. */
export async function importApp() {
  const { app, database } = await build();
  const db = database.db;
  const admin = await makeStaff(db, { name: 'Admin', email: 'admin.import@example.in' });
  const auth = bearer(await tokenFor(app, admin.email, admin.password));
  const counsellor = await makeStaff(db, { name: 'C', email: 'c.import@example.in', role: 'counsellor' });
  const counsellorAuth = bearer(await tokenFor(app, counsellor.email, counsellor.password));
  await createCourse(app, auth, { name: 'Tally Prime', price: 9000, emiPrice: [3000, 3000, 3000] });

  const send = (kind: string, body: string | Buffer, options: Record<string, string> = {}, headers = auth) => {
    const form = multipart([
      { name: 'kind', value: kind },
      ...Object.entries({ dryRun: 'false', ...options }).map(([name, value]) => ({ name, value })),
      file('file', Buffer.isBuffer(body) ? body : Buffer.from(body), `${kind}.csv`, 'text/csv'),
    ]);
    return app.inject({
      method: 'POST',
      url: apiPaths.imports,
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
  };
  const count = async (table: string) =>
    Number(
      ((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] })
        .rows[0]!.n,
    );
  const outbox = () => count('outbox');

  return { app, db, auth, counsellorAuth, send, count, outbox };
}
