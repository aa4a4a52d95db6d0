/**
 * Collections: overdue dues by age bucket and by course with the enrolments behind each figure,
 * the overdue list as CSV, and reminders to many students in one go (each skip with its reason).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { BULK_ALERT_MESSAGES, type BulkAlertResult, type Collections } from '@registrar/contract/collections';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { recordPayment } from './fixtures/payments';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

let ip = 0;
const rowsOf = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;
const shiftDay = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('collections', async () => {
  const { app, database } = await build();
  const db = database.db;
  const login = async (role: 'admin' | 'accountant' | 'counsellor') => {
    const s = await makeStaff(db, { role });
    return bearer(await tokenFor(app, s.email, s.password));
  };
  const admin = await login('admin');
  const auth = await login('accountant');
  const counsellor = await login('counsellor');
  const java = await createCourse(app, admin, { name: 'Java', price: 20000, emiPrice: [10000, 10000] });
  const python = await createCourse(app, admin, { name: 'Python', price: 9000, emiPrice: [3000, 3000, 3000] });
  const today = localIsoDate();

  const enrol = async (name: string, courseId: string) => {
    const { enrollmentNumber } = await submitEnrolment(
      app,
      { name, phoneNumber: `8${String(200000000 + ++ip).slice(-9)}`, email: `col${ip}@example.in`, courseId },
      `10.180.0.${ip}`,
    );
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`select id from enrollments where enrollment_number = ${enrollmentNumber}`,
    );
    return (await app.inject({ method: 'GET', url: `/api/student-enrollment/${row!.id}`, headers: auth })).json().data;
  };
  /** Moves the first installment's due date `days` into the past, as staff would. */
  const overdueBy = async (e: { _id: string; installments: { _id: string }[] }, days: number) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-installment/${e._id}/${e.installments[0]!._id}`,
      headers: auth,
      payload: { dueDate: shiftDay(today, -days), reason: 'Agreed date' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const asha = await enrol('Asha', java._id);
  const ravi = await enrol('Ravi', python._id);
  const meena = await enrol('Meena', python._id);
  const paidUp = await enrol('Paid Up', python._id);
  await overdueBy(asha, 10);
  await overdueBy(ravi, 45);
  await overdueBy(meena, 100);

  it('shows overdue dues by age and by course, each narrowing the list behind it', async () => {
    const res = await app.inject({ method: 'GET', url: apiUrl('collections'), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Collections;
    expect(data.byAge).toEqual([
      { bucket: '0-30', amount: 10000, installments: 1, enrollments: 1 },
      { bucket: '31-60', amount: 3000, installments: 1, enrollments: 1 },
      { bucket: '61-90', amount: 0, installments: 0, enrollments: 0 },
      { bucket: '90+', amount: 3000, installments: 1, enrollments: 1 },
    ]);
    expect(data.byCourse.map((c) => [c.name, c.amount, c.enrollments])).toEqual([
      ['Java', 10000, 1],
      ['Python', 6000, 2],
    ]);
    const old = (
      await app.inject({ method: 'GET', url: `${apiUrl('collections')}?bucket=31-60`, headers: auth })
    ).json().data as Collections;
    expect(old.overdue.map((l) => [l.name, l.overdue, l.daysOverdue])).toEqual([['Ravi', 3000, 45]]);
    const byCourse = (
      await app.inject({ method: 'GET', url: `${apiUrl('collections')}?courseId=${python._id}`, headers: auth })
    ).json().data as Collections;
    expect(byCourse.overdue.map((l) => l.name)).toEqual(['Meena', 'Ravi']);
    const csv = await app.inject({
      method: 'GET',
      url: `${apiUrl('collectionsCsv')}?courseId=${python._id}`,
      headers: auth,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Meena"');
    expect(lines[1]).toContain('"3000.00"');
    expect((await app.inject({ method: 'GET', url: apiUrl('collections'), headers: counsellor })).statusCode).toBe(403);
  });

  it('previews the reminders (who, for what, how much, by which channel) and sends nothing', async () => {
    const count = async (q: ReturnType<typeof sql>) => (await rowsOf<{ n: number }>(db, q))[0]!.n;
    const mails = () => count(sql`select count(*)::int as n from outbox`);
    const alerts = () => count(sql`select count(*)::int as n from enrollment_events where kind = 'payment_alert'`);
    const [mailsBefore, alertsBefore] = [await mails(), await alerts()];
    const res = await app.inject({
      method: 'POST',
      url: apiUrl('bulkPaymentAlert'),
      headers: auth,
      payload: { enrollmentIds: [asha._id], dryRun: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as BulkAlertResult;
    expect(data).toMatchObject({ dryRun: true, sent: 0, skipped: [] });
    expect(data.reminders).toEqual([
      {
        enrollmentId: asha._id,
        name: 'Asha',
        enrollmentNumber: asha.enrollmentNumber,
        channel: 'mail',
        to: asha.email,
        lines: [
          { label: 'Installment 1', amount: 10000, dueDate: shiftDay(today, -10), overdue: true },
          { label: 'Installment 2', amount: 10000, dueDate: asha.installments[1].dueDate, overdue: false },
        ],
        amount: 20000,
      },
    ]);
    expect([await mails(), await alerts()]).toEqual([mailsBefore, alertsBefore]);
  });

  it('sends reminders in one go, saying how many were sent and why each other was skipped', async () => {
    const send = (ids: string[], headers = auth) =>
      app.inject({ method: 'POST', url: apiUrl('bulkPaymentAlert'), headers, payload: { enrollmentIds: ids } });
    // Paid up: pay its whole schedule.
    for (const i of paidUp.installments)
      await recordPayment(app, auth, paidUp._id, i._id, { amount: 3000, paymentMode: 'cash', paidOn: today });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await send([asha._id, ravi._id, paidUp._id, unknown]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      dryRun: false,
      sent: 2,
      skipped: [
        { enrollmentId: paidUp._id, reason: FEE_MESSAGES.nothingOwed, sentToday: false },
        { enrollmentId: unknown, reason: BULK_ALERT_MESSAGES.notFound, sentToday: false },
      ],
    });
    expect((res.json().data as BulkAlertResult).reminders.map((r) => r.name)).toEqual(['Asha', 'Ravi']);
    // Each enrolment reminded has its own audit entry; the skipped ones have none.
    const audited = await rowsOf<{ entity_id: string }>(
      db,
      sql`select entity_id from audit_log where action = 'payment_reminder' and entity_id in (${asha._id}, ${ravi._id}, ${paidUp._id}, ${unknown})`,
    );
    expect(audited.map((r) => r.entity_id).sort()).toEqual([asha._id, ravi._id].sort());
    const repeat = (await send([asha._id])).json().data;
    expect(repeat).toMatchObject({
      sent: 0,
      skipped: [{ enrollmentId: asha._id, reason: FEE_MESSAGES.alertAlreadySent, sentToday: true }],
    });
    // "Send again today" does what the message promises.
    const again = await app.inject({
      method: 'POST',
      url: apiUrl('bulkPaymentAlert'),
      headers: auth,
      payload: { enrollmentIds: [asha._id], again: true },
    });
    expect(again.json().data).toMatchObject({ sent: 1, skipped: [] });
    const history = (await app.inject({ method: 'GET', url: `/api/student-enrollment/${asha._id}`, headers: auth }))
      .json()
      .data.history.filter((h: { kind: string }) => h.kind === 'payment_alert');
    expect(history).toHaveLength(2);
    const none = await send([]);
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain(BULK_ALERT_MESSAGES.idsRequired);
    const refused = await send([asha._id], counsellor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCESS_MESSAGES.forbidden);
  });
});
