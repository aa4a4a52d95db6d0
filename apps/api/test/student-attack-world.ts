/**
 * What the attacks on the student's page, follow-ups and fees start from: the real app with its mail
 * caught, a signed-in staff member of each role, a course, two students enrolled through the public
 * form (Asha paid and part refunded, Ravi paid), an inquiry and Asha's open requests; with the row
 * counts and ledger rows the tests compare before and after.
 */
import { createHash } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ANNOUNCEMENT_MESSAGES } from '@registrar/contract/announcement';
import { COURSE_MESSAGES } from '@registrar/contract/course';
import { apiUrl } from '@registrar/contract/api-paths';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES, IDEMPOTENCY_HEADER } from '@registrar/contract/fees';
import { FOLLOW_UP_MESSAGES } from '@registrar/contract/follow-ups';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { ACCESS_MESSAGES, ROLES, type Role } from '@registrar/contract/permissions';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import type { Db } from '../src/db/database';
import { build } from './build-app';
import { JPEG, PDF, PNG, file, multipart } from './fixtures/files';
import { startMailCatcher } from './mail-catcher';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

export const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
export const tokenIn = (text: string) => /\/my\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
let ipCounter = 0;
export const nextIp = () => `10.171.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
export const inFuture = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Every message the contract defines: a refusal must say one of these (maybe followed by ": detail"). */
const CONTRACT_MESSAGES = [
  MESSAGES,
  ACCESS_MESSAGES,
  ANNOUNCEMENT_MESSAGES,
  COURSE_MESSAGES,
  FEE_MESSAGES,
  FOLLOW_UP_MESSAGES,
  INQUIRY_MESSAGES,
  STUDENT_PAGE_MESSAGES,
  ENROLLMENT_MESSAGES,
].flatMap((m) => Object.values(m) as string[]);
export const isContractMessage = (message: unknown) =>
  typeof message === 'string' &&
  CONTRACT_MESSAGES.some((m) => message === m || message.startsWith(`${m}: `) || message.startsWith(`${m} (`));

/** The tables a write through these routes could touch. */
const TABLES = [
  'courses',
  'inquiries',
  'inquiry_contacts',
  'inquiry_events',
  'student_requests',
  'student_links',
  'outbox',
  'payments',
  'refunds',
  'concessions',
  'idempotency_keys',
  'enrollment_events',
] as const;

/** Builds that world on a fresh database; the mail catcher closes after the file's tests. */
export async function studentAttackWorld() {
  const catcher = await startMailCatcher();
  afterAll(() => catcher.close());
  const { app, database } = await build({ config: { smtpUrl: catcher.url, intakeLimitPerIp: 10_000 } });
  const db = database.db;
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const t of TABLES)
      out[t] = (await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${t}`)))[0]!.n;
    return out;
  };
  /** The money rows as they must stay: never deleted, never rewritten. */
  const ledger = async () => ({
    payments: await rowsOf(
      db,
      sql`select id, enrollment_id, installment_number, amount_paise::text as amount, mode, paid_on::text as paid_on,
            receipt_number, reference, voided_at, void_reason from payments order by receipt_number`,
    ),
    refunds: await rowsOf(
      db,
      sql`select id, payment_id, refund_number, amount_paise::text as amount, mode, refunded_on::text as refunded_on
            from refunds order by refund_number`,
    ),
    concessions: await rowsOf(db, sql`select id, amount_paise::text as amount, reason from concessions order by id`),
  });

  const staffOf = async (role: Role) => {
    const account = await makeStaff(db, { role, name: `Attack ${role}` });
    const [row] = await rowsOf<{ id: string }>(db, sql`select id from staff where email = ${account.email}`);
    return { id: row!.id, auth: bearer(await tokenFor(app, account.email, account.password)) };
  };
  const roles = {} as Record<Role, { id: string; auth: { authorization: string } }>;
  for (const role of ROLES) roles[role] = await staffOf(role);
  const admin = roles.admin.auth;

  const course = (
    await app.inject({
      method: 'POST',
      url: apiUrl('courses'),
      headers: admin,
      payload: { name: 'Attack Course', price: 30000, emiPrice: [10000, 20000] },
    })
  ).json().data as { _id: string; name: string };
  const today = localIsoDate();
  const deliver = async () => {
    while ((await app.outbox.runOnce()) > 0);
  };

  /** Enrols through the public form; answers the staff detail and the link from the confirmation mail. */
  const enrol = async (name: string, email: string) => {
    const body = multipart([
      ...Object.entries({
        name,
        currentAddress: 'A',
        permanentAddress: 'B',
        phoneNumber: `9${String(310000000 + ipCounter).slice(-9)}`,
        email,
        courseId: course._id,
        currentlyWorking: 'other',
        currentlyWorkingPlace: 'Home',
        paymentMethod: 'installment',
      }).map(([n, value]) => ({ name: n, value })),
      file('profilePicture', PNG, 'p.png', 'image/png'),
      file('aadharFront', JPEG),
      file('aadharBack', PDF, 'b.pdf', 'application/pdf'),
    ]);
    const res = await app.inject({ method: 'POST', url: apiUrl('enrollments'), ...body, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(201);
    await deliver();
    const token = tokenIn((await catcher.latestTo(email, /Your enrolment/)).text ?? '');
    expect(token).toBeDefined();
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`select id from enrollments where enrollment_number = ${res.json().data.enrollmentNumber}`,
    );
    const detail = (await app.inject({ method: 'GET', url: apiUrl('enrollment', row!.id), headers: admin })).json()
      .data as { _id: string; installments: { _id: string }[] };
    return { id: detail._id, installments: detail.installments.map((i) => i._id), token: token! };
  };
  const pay = async (enrollmentId: string, installmentId: string, amount: number, key?: string) =>
    app.inject({
      method: 'PUT',
      url: apiUrl('payment', enrollmentId, installmentId),
      headers: key ? { ...admin, [IDEMPOTENCY_HEADER]: key } : admin,
      payload: { amount, paymentMode: 'cash', paidOn: today, reference: 'CASH-1' },
    });
  const lastPayment = (res: { json: () => { data: { payments: { _id: string; receiptNumber: string }[] } } }) =>
    res.json().data.payments.at(-1)!;

  const asha = await enrol('Asha Attack', 'asha.attack@example.in');
  const ravi = await enrol('Ravi Attack', 'ravi.attack@example.in');
  const ashaPaid = await pay(asha.id, asha.installments[0]!, 4000);
  expect(ashaPaid.statusCode, ashaPaid.body).toBe(200);
  const ashaPayment = lastPayment(ashaPaid);
  const ravisPaid = await pay(ravi.id, ravi.installments[0]!, 1000);
  const ravisPayment = lastPayment(ravisPaid);
  const refunded = await app.inject({
    method: 'POST',
    url: apiUrl('refund', asha.id),
    headers: admin,
    payload: {
      paymentId: ashaPayment._id,
      amount: 500,
      reason: 'Overpaid',
      refundedOn: today,
      paymentMode: 'cash',
      effect: 'owed-again',
    },
  });
  expect(refunded.statusCode, refunded.body).toBe(200);

  const inquiry = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl('inquiries'),
      payload: {
        name: 'Lead Attack',
        address: '1 Lane',
        email,
        phoneNumber: '9811112222',
        areaOfInterest: [course.name],
        reference: 'website',
      },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`select id from inquiries where email = ${email} order by created_at desc limit 1`,
    );
    return row!.id;
  };
  const leadId = await inquiry('lead.attack@example.in');

  // A request of each kind from Asha's page, for the staff routes to act on.
  for (const kind of ['export', 'erasure'])
    expect(
      (await app.inject({ method: 'POST', url: apiUrl('studentPageRequest', asha.token), payload: { kind } }))
        .statusCode,
    ).toBe(201);
  const [erasureRequest] = await rowsOf<{ id: string }>(
    db,
    sql`select id from student_requests where enrollment_id = ${asha.id} and kind = 'erasure'`,
  );

  return {
    catcher,
    app,
    db,
    counts,
    ledger,
    staffOf,
    roles,
    admin,
    course,
    today,
    deliver,
    enrol,
    pay,
    lastPayment,
    asha,
    ravi,
    ashaPayment,
    ravisPayment,
    refunded,
    inquiry,
    leadId,
    erasureRequest,
  };
}
