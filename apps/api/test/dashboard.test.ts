import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DASHBOARD_MESSAGES } from '@registrar/contract/dashboard';
import { localIsoDate } from '@registrar/contract/enrollment';
import { verifyLedger } from '../src/services/ledger-check';
import { periodRange } from '@registrar/contract/periods';
import { build } from './build-app';
import { seedEnrollments } from './fixtures/seed';
import { bearer, login, makeStaff, tokenFor } from './staff-fixtures';

const one = async <T>(db: Parameters<typeof seedEnrollments>[0], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

describe('dashboard, notifications, audit and payments export', async () => {
  const { app, database } = await build();
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Director' });
  const token = await tokenFor(app, staff.email, staff.password);
  const auth = bearer(token);
  const today = localIsoDate();

  // A small institute: two courses, enrolments in several states, inquiries, a schedule and payments.
  const course = async (name: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/course',
        headers: auth,
        payload: { name, price: 1000, emiPrice: [500, 500] },
      })
    ).json().data._id as string;
  const c1 = await course('Alpha');
  const c2 = await course('Beta');
  await seedEnrollments(db, c1, 4, 'approved', 'alpha');
  await seedEnrollments(db, c1, 2, 'pending', 'alphap');
  await seedEnrollments(db, c2, 3, 'approved', 'beta');
  await db.execute(sql`insert into installments (enrollment_id, number, amount_paise, due_date)
    select id, n, 50000, (current_date + ((n - 2) * 20))::date from enrollments, generate_series(1, 2) n`);
  await db.execute(sql`insert into payments (enrollment_id, installment_id, amount_paise, mode, paid_on, receipt_number)
    select i.enrollment_id, i.id, 20000, 'cash', current_date, 'RCPT-T-' || row_number() over () from installments i where i.number = 1 and i.enrollment_id in (select id from enrollments where email like 'alpha%')`);
  // Written straight into the ledger, so keep each installment's paid sum as the app's payment path does.
  await db.execute(
    sql`update installments i set paid_paise = p.paid from (select installment_id, sum(amount_paise) as paid from payments where voided_at is null group by installment_id) p where p.installment_id = i.id`,
  );
  for (const [i, reference] of ['friend', 'website', 'website'].entries())
    await app.inject({
      method: 'POST',
      url: '/api/inquiry',
      remoteAddress: `10.140.0.${i}`,
      payload: {
        name: `Lead ${i}`,
        address: 'X',
        email: `lead${i}@example.in`,
        phoneNumber: `970000000${i}`,
        areaOfInterest: ['Alpha'],
        reference,
      },
    });
  await db.execute(sql`update inquiries set status = 'converted' where email = 'lead0@example.in'`);

  it('answers every figure, each equal to a direct SQL computation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dashboard', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const byStatus = await one<{ key: string; count: number }>(
      db,
      sql`select status as key, count(*)::int as count from enrollments group by 1`,
    );
    expect(
      Object.fromEntries(d.enrollmentsByStatus.map((r: { key: string; count: number }) => [r.key, r.count])),
    ).toEqual(Object.fromEntries(byStatus.map((r) => [r.key, r.count])));
    expect(d.inquiries).toMatchObject({ total: 3, converted: 1, newInPeriod: 3 });
    expect(d.inquiries.conversionRate).toBeCloseTo(1 / 3);
    // This month by default, and every inquiry here came this month: the same one of three.
    expect(d.period).toEqual({ key: 'month', from: `${today.slice(0, 7)}-01`, to: today });
    expect(d.inquiries).toMatchObject({ convertedInPeriod: 1 });
    expect(d.inquiries.conversionRateInPeriod).toBeCloseTo(1 / 3);
    expect(d.enrollmentsInPeriod).toBe(9);
    expect(d.inquiries.byReference).toEqual(
      expect.arrayContaining([
        { key: 'website', count: 2 },
        { key: 'friend', count: 1 },
      ]),
    );

    const [money] = await one<{ paid: string; owed: string; overdue: string; overdue_n: number }>(
      db,
      sql`with ip as (select i.*, coalesce((select sum(amount_paise) from payments p where p.installment_id = i.id and p.voided_at is null), 0) as paid from installments i)
          select (select sum(amount_paise) from payments)::bigint as paid, sum(amount_paise - paid)::bigint as owed,
                 sum(amount_paise - paid) filter (where due_date < current_date)::bigint as overdue,
                 count(*) filter (where due_date < current_date and amount_paise > paid)::int as overdue_n from ip`,
    );
    expect(d.money).toEqual({
      collectedInPeriod: Number(money!.paid) / 100,
      collectedAllTime: Number(money!.paid) / 100,
      importedInPeriod: 0,
      outstanding: Number(money!.owed) / 100,
      // Two pending enrolments owe ₹1,000 less the ₹200 paid on each: apart from the approved ones.
      outstandingPending: 1600,
      outstandingApproved: Number(money!.owed) / 100 - 1600,
      overdueAmount: Number(money!.overdue) / 100,
      overdueInstallments: money!.overdue_n,
      unclearedCheques: 0,
      unclearedChequeAmount: 0,
      // Staff payments are refused beyond the dues: no credit arises here.
      creditsToRefund: 0,
    });
    expect(d.money).toMatchObject({ collectedAllTime: 1200, overdueInstallments: 9, overdueAmount: 3300 });

    expect(d.monthly).toHaveLength(12);
    expect(d.monthly.at(-1)).toEqual({ month: today.slice(0, 7), enrollments: 9, collected: 1200 });
    expect(d.enrollmentsPerCourse).toEqual([
      { courseId: c1, name: 'Alpha', count: 6 },
      { courseId: c2, name: 'Beta', count: 3 },
    ]);
    expect(d.nextDue).toHaveLength(9);
    expect(d.nextDue.every((r: { dueDate: string }) => r.dueDate >= today)).toBe(true);
    expect(d.mostOverdue).toHaveLength(9);
    // The six 'alpha' enrolments paid 200 of their first 500; the three 'beta' ones nothing.
    expect(d.mostOverdue.map((r: { owed: number }) => r.owed).sort()).toEqual([
      300, 300, 300, 300, 300, 300, 500, 500, 500,
    ]);
    expect(d.latestInquiries).toHaveLength(3);
    expect(d.latestEnrollments).toHaveLength(5);
  });

  it('lists what is new since the staff member last looked', async () => {
    const first = (await app.inject({ method: 'GET', url: '/api/notifications', headers: auth })).json().data;
    expect(first.unread).toBeGreaterThanOrEqual(12); // 9 enrolments and 3 inquiries
    expect(first.items.find((i: { kind: string }) => i.kind === 'inquiry').link).toMatch(/^\/student-inquires\//);
    await app.inject({ method: 'POST', url: '/api/notifications/seen', headers: auth });
    expect((await app.inject({ method: 'GET', url: '/api/notifications', headers: auth })).json().data.unread).toBe(0);
  });

  it('records sign-ins, failed sign-ins, writes (field names only, no secrets) and document views', async () => {
    await login(app, staff.email, 'Wrong-Password-9', '10.141.0.1');
    await app.inject({ method: 'PUT', url: `/api/course/${c2}`, headers: auth, payload: { name: 'Beta Plus' } });
    await app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: auth,
      payload: { currentPassword: 'nope', newPassword: 'Whatever-Pass-1', confirmPassword: 'Whatever-Pass-1' },
    });
    // An entry is written just after its answer goes out: on PostgreSQL's pool the next request
    // can read before the last write's entry is in, so read until it is (two seconds at most).
    const expected = ['auth:sign_in', 'auth:sign_in_failed', 'course:create', 'course:update', 'auth:create'];
    const readAudit = async () =>
      (await app.inject({ method: 'GET', url: '/api/audit?limit=100', headers: auth })).json().data;
    let page = await readAudit();
    const actionsOf = (p: { items: { action: string; entity: string }[] }): string[] =>
      p.items.map((e) => `${e.entity}:${e.action}`);
    for (let tries = 0; tries < 40 && !expected.every((a) => actionsOf(page).includes(a)); tries += 1) {
      await new Promise((r) => setTimeout(r, 50));
      page = await readAudit();
    }
    expect(actionsOf(page)).toEqual(expect.arrayContaining(expected));
    const failed = page.items.find((e: { action: string }) => e.action === 'sign_in_failed');
    expect(failed).toMatchObject({ actor: { _id: null, email: staff.email }, ip: '10.141.0.1', statusCode: 401 });
    const update = page.items.find((e: { action: string }) => e.action === 'update');
    expect(update).toMatchObject({ entityId: c2, fields: ['name'], actor: { _id: expect.any(String) } });
    const passwordChange = page.items.find(
      (e: { entity: string; action: string }) => e.entity === 'auth' && e.action === 'create',
    );
    expect(passwordChange.fields).toEqual([]);
    expect(JSON.stringify(page)).not.toMatch(/Wrong-Password|Whatever-Pass/);
    const filtered = (
      await app.inject({ method: 'GET', url: `/api/audit?entity=course&entityId=${c2}`, headers: auth })
    ).json().data;
    expect(filtered.items.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
  });

  it('exports payments in a date range as CSV for Excel', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/payments/export.csv?from=${today}&to=${today}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFF"Date","Kind","Number","Receipt","Amount (INR)"')).toBe(true);
    // Six receipts and the totals row.
    expect(res.body.trim().split('\r\n')).toHaveLength(1 + 6 + 1);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/payments/export.csv?from=2000-01-01&to=2000-01-02',
          headers: auth,
        })
      ).body
        .trim()
        .split('\r\n'),
    ).toEqual([expect.stringContaining('"Date"'), '"Total","","","","0.00"']);
  });

  it('counts the chosen period (refusing an unknown one) while the all-time and today figures stay', async () => {
    const get = async (query: string) =>
      await app.inject({ method: 'GET', url: `/api/dashboard${query}`, headers: auth });
    const bad = await get('?period=week');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(DASHBOARD_MESSAGES.periodUnknown);

    // One inquiry arrived in the middle of last month.
    const lastMonth = periodRange('last-month', today);
    await db.execute(
      sql`update inquiries set created_at = ${`${lastMonth.from}T12:00:00+05:30`}::timestamptz where email = 'lead1@example.in'`,
    );
    const month = (await get('')).json().data;
    expect(month.inquiries).toMatchObject({ newInPeriod: 2, convertedInPeriod: 1, total: 3, converted: 1 });
    expect(month.inquiries.conversionRateInPeriod).toBeCloseTo(1 / 2);
    const last = (await get('?period=last-month')).json().data;
    expect(last.period).toEqual({ key: 'last-month', from: lastMonth.from, to: lastMonth.to });
    expect(last.period.to < `${today.slice(0, 7)}-01`).toBe(true);
    expect(last.inquiries).toMatchObject({ newInPeriod: 1, convertedInPeriod: 0, conversionRateInPeriod: 0 });
    expect(last.money.collectedInPeriod).toBe(0);
    expect(last.enrollmentsInPeriod).toBe(0);
    // What is owed is owed today, whatever the period: the same figures in both.
    expect(last.money).toMatchObject({
      collectedAllTime: month.money.collectedAllTime,
      outstandingApproved: month.money.outstandingApproved,
      outstandingPending: month.money.outstandingPending,
    });
    expect(last.inquiries.conversionRate).toBeCloseTo(1 / 3);
    const quarter = (await get('?period=quarter')).json().data;
    expect(quarter.inquiries.newInPeriod).toBe(3);
    expect(quarter.money.collectedInPeriod).toBe(1200);
  });

  it("leads with the signed-in staff member's own follow-ups due today, overdue ones first, with the last note", async () => {
    const [me] = await one<{ id: string }>(db, sql`select id from staff where email = ${staff.email}`);
    const other = await makeStaff(db, { role: 'counsellor' });
    const [them] = await one<{ id: string }>(db, sql`select id from staff where email = ${other.email}`);
    await db.execute(sql`update inquiries set owner_id = ${me!.id}, next_follow_up_at = now() - interval '3 days'
      where email = 'lead2@example.in'`);
    await db.execute(sql`update inquiries set owner_id = ${me!.id}, next_follow_up_at = date_trunc('day', now()) + interval '1 minute'
      where email = 'lead1@example.in'`);
    // Someone else's call, and a closed inquiry, are not on this staff member's list.
    await db.execute(sql`update inquiries set owner_id = ${them!.id}, next_follow_up_at = now() - interval '1 day'
      where email = 'lead0@example.in'`);
    await db.execute(sql`insert into inquiry_contacts (inquiry_id, channel, outcome, note, staff_id)
      select id, 'call', 'call_back', 'Wants EMI details', ${me!.id} from inquiries where email = 'lead2@example.in'`);
    const mine = (await app.inject({ method: 'GET', url: '/api/dashboard', headers: auth })).json().data.myFollowUps;
    expect(mine).toMatchObject({ overdue: 1, today: 1 });
    expect(mine.first).toEqual([
      expect.objectContaining({ name: 'Lead 2', phoneNumber: '9700000002', lastNote: 'Wants EMI details' }),
      expect.objectContaining({ name: 'Lead 1', phoneNumber: '9700000001', lastNote: null }),
    ]);
  });

  it('keeps what pending enrolments owe as they are paid, approved and cancelled', async () => {
    const money = async () =>
      (await app.inject({ method: 'GET', url: '/api/dashboard', headers: auth })).json().data.money as {
        outstanding: number;
        outstandingPending: number;
        outstandingApproved: number;
      };
    const before = await money();
    expect(before.outstandingPending).toBe(1600);
    const pending = await one<{ id: string }>(
      db,
      sql`select id from enrollments where status = 'pending' order by email`,
    );
    // ₹100 more on the first pending enrolment's second installment.
    await db.execute(sql`insert into payments (enrollment_id, installment_id, amount_paise, mode, paid_on, receipt_number)
      select enrollment_id, id, 10000, 'cash', current_date, 'RCPT-T-P1' from installments
      where enrollment_id = ${pending[0]!.id} and number = 2`);
    await db.execute(
      sql`update installments set paid_paise = paid_paise + 10000 where enrollment_id = ${pending[0]!.id} and number = 2`,
    );
    expect(await money()).toMatchObject({ outstandingPending: 1500, outstanding: before.outstanding - 100 });
    const move = (id: string, status: string, more: object = {}) =>
      app.inject({
        method: 'PUT',
        url: `/api/student-enrollment-status/${id}`,
        headers: auth,
        payload: { status, ...more },
      });
    expect((await move(pending[0]!.id, 'approved')).statusCode).toBe(200);
    // Approved: still owed, no longer pending.
    expect(await money()).toMatchObject({
      outstandingPending: 800,
      outstanding: before.outstanding - 100,
      outstandingApproved: before.outstandingApproved + 700,
    });
    // The student paid: the cancellation keeps it as a credit to refund.
    expect((await move(pending[1]!.id, 'cancelled', { paidMoney: { decision: 'credit' } })).statusCode).toBe(200);
    // Cancelled: owed by nobody.
    expect(await money()).toMatchObject({ outstandingPending: 0, outstanding: before.outstanding - 900 });
    expect(await verifyLedger(db)).toEqual([]);
  });
});
