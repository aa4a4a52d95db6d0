/**
 * What the fee-ledger tests start from: the real app on a fresh database, a signed-in staff member
 * named Accounts, a three-installment course and a cheaper two-installment one, and the staff calls
 * that enrol, pay, void, refund, concede, edit and read the dashboard's money.
 */
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { multipart } from './fixtures/files';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

let ip = 0;
export const rowsOf = async <T>(
  db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> },
  q: ReturnType<typeof sql>,
) => ((await db.execute(q)) as { rows: T[] }).rows;

/** Builds the app and the fee ledger's fixtures on a fresh database. */
export async function ledgerApp() {
  const { app, database, config } = await build();
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Accounts' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const newCourse = (name: string, price: number, emiPrice: number[]) =>
    createCourse(app, auth, { name, price, emiPrice });
  const course = await newCourse('Ledger Course', 30000, [10000, 10000, 10000]);
  const cheap = await newCourse('Short Course', 8000, [4000, 4000]);
  const today = localIsoDate();

  const enrol = async (email: string, extra: Record<string, string> = {}) => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      {
        name: 'Ledger Student',
        phoneNumber: `8${String(100000000 + ++ip).slice(-9)}`,
        email,
        courseId: course._id,
        ...extra,
      },
      `10.140.${Math.floor(ip / 200)}.${ip % 200}`,
    );
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`select id from enrollments where enrollment_number = ${enrollmentNumber}`,
    );
    return detail(row!.id);
  };
  const detail = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json().data;
  const pay = (id: string, installmentId: string, payload: object, key?: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${id}/${installmentId}`,
      headers: key ? { ...auth, 'idempotency-key': key } : auth,
      payload,
    });
  const refund = (id: string, payload: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/student-enrollment-refund/${id}`,
      headers: key ? { ...auth, 'idempotency-key': key } : auth,
      payload,
    });
  const concede = (id: string, payload: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/student-enrollment-concession/${id}`,
      headers: key ? { ...auth, 'idempotency-key': key } : auth,
      payload,
    });
  const edit = (id: string, fields: Record<string, string>) => {
    const form = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
    return app.inject({
      method: 'PUT',
      url: `/api/student-enrollment/${id}`,
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
  };
  const setStatus = (id: string, status: string) =>
    app.inject({ method: 'PUT', url: `/api/student-enrollment-status/${id}`, headers: auth, payload: { status } });
  const money = async () =>
    (await app.inject({ method: 'GET', url: '/api/dashboard', headers: auth })).json().data.money as {
      collectedAllTime: number;
      outstanding: number;
      overdueAmount: number;
    };
  const paymentCount = async (id: string) =>
    Number(
      (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from payments where enrollment_id = ${id}`))[0]!.n,
    );
  const cash = { paymentMode: 'cash', paidOn: today };

  return {
    app,
    config,
    db,
    auth,
    course,
    cheap,
    today,
    enrol,
    detail,
    pay,
    refund,
    concede,
    edit,
    setStatus,
    money,
    paymentCount,
    cash,
  };
}
