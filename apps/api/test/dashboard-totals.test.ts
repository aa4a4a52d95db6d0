/**
 * The dashboard reads totals that triggers keep (migration 0008). Whatever sequence of writes
 * happens — enrolments created, rejected, brought back or deleted, installments edited or
 * removed, payments recorded or voided — the totals must equal the same figures computed from
 * the base tables. fast-check generates the sequences; each is run on one database in turn, so
 * the totals are checked after every sequence against everything that happened before.
 */
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { createTestDatabase } from './build-app';

const rows = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The totals as the triggers keep them, and as the base tables say they should be. */
async function totals(db: Db) {
  const kept = {
    enrollments: await rows(
      db,
      sql`select month::text, course_id, status, count from dashboard_enrollment_counts where count <> 0 order by 1, 2, 3`,
    ),
    payments: await rows(
      db,
      sql`select month::text, paid_paise::bigint::text as paid from dashboard_payment_totals where paid_paise <> 0 order by 1`,
    ),
    open: await rows(
      db,
      sql`select due_date::text, owed_paise::bigint::text as owed, open_count from dashboard_open_installments
          where owed_paise <> 0 or open_count <> 0 order by 1`,
    ),
  };
  const truth = {
    enrollments: await rows(
      db,
      sql`select date_trunc('month', created_at)::date::text as month, course_id, status, count(*)::int as count
          from enrollments group by 1, 2, 3 order by 1, 2, 3`,
    ),
    payments: await rows(
      db,
      sql`select date_trunc('month', paid_on::timestamp)::date::text as month, sum(amount_paise)::bigint::text as paid
          from payments where voided_at is null group by 1 having sum(amount_paise) <> 0 order by 1`,
    ),
    open: await rows(
      db,
      sql`select i.due_date::text, sum(i.amount_paise - i.paid_paise)::bigint::text as owed, count(*)::int as open_count
          from installments i join enrollments e on e.id = i.enrollment_id
          where i.paid_paise < i.amount_paise and e.status in ('pending', 'approved', 'completed')
          group by 1 order by 1`,
    ),
  };
  return { kept, truth };
}

const statuses = ['pending', 'approved', 'rejected', 'cancelled', 'completed'] as const;
const pick = fc.nat({ max: 1_000 });
const operation = fc.oneof(
  fc.record({ op: fc.constant('enrol' as const), status: fc.constantFrom(...statuses), months: fc.nat({ max: 14 }) }),
  fc.record({ op: fc.constant('status' as const), pick, status: fc.constantFrom(...statuses) }),
  fc.record({
    op: fc.constant('pay' as const),
    pick,
    rupees: fc.integer({ min: 1, max: 600 }),
    days: fc.nat({ max: 90 }),
  }),
  fc.record({ op: fc.constant('void' as const), pick }),
  fc.record({
    op: fc.constant('edit' as const),
    pick,
    rupees: fc.integer({ min: 100, max: 900 }),
    days: fc.integer({ min: -60, max: 60 }),
  }),
  fc.record({ op: fc.constant('dropInstallment' as const), pick }),
  fc.record({ op: fc.constant('deleteEnrolment' as const), pick }),
  fc.record({ op: fc.constant('moveCourse' as const), pick }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** The n-th row (modulo) of a query ordered by id, or nothing when the table is empty. */
async function nth(db: Db, query: SQL, n: number): Promise<string | undefined> {
  const ids = await rows<{ id: string }>(db, query);
  return ids.length ? ids[n % ids.length]!.id : undefined;
}

let enrolments = 0;
async function apply(db: Db, courses: string[], o: Operation) {
  const enrolment = () => nth(db, sql`select id from enrollments order by id`, o.op === 'enrol' ? 0 : o.pick);
  const installment = () => nth(db, sql`select id from installments order by id`, 'pick' in o ? o.pick : 0);
  switch (o.op) {
    case 'enrol': {
      enrolments += 1;
      const course = courses[enrolments % courses.length]!;
      // One statement for the enrolment and its schedule, as the intake's transaction writes both.
      await db.execute(sql`with e as (
          insert into enrollments (enrollment_number, course_id, status, name, email, phone_number, current_address,
            permanent_address, currently_working, currently_working_place, payment_method, company_address, created_at)
          values (${`P-${enrolments}`}, ${course}, ${o.status}, 'P', ${`p${enrolments}@example.in`}, '9000000000', 'A', 'B',
            'other', 'Home', 'installment', 'X', now() - ${o.months} * interval '1 month') returning id)
        insert into installments (enrollment_id, number, amount_paise, due_date)
        select e.id, n, 50000, current_date + (n - 2) * 30 from e, generate_series(1, 3) n`);
      return;
    }
    case 'status': {
      const id = await enrolment();
      if (id) await db.execute(sql`update enrollments set status = ${o.status} where id = ${id}`);
      return;
    }
    case 'pay': {
      const id = await installment();
      if (!id) return;
      // As the fee service does: the ledger row and the installment's paid sum in one transaction.
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into payments (enrollment_id, installment_id, amount_paise, mode, paid_on, receipt_number)
          select enrollment_id, id, ${o.rupees * 100}, 'cash', current_date - ${o.days}::int, gen_random_uuid()::text
          from installments where id = ${id}`);
        await tx.execute(sql`update installments set paid_paise = paid_paise + ${o.rupees * 100} where id = ${id}`);
      });
      return;
    }
    case 'void': {
      const id = await nth(db, sql`select id from payments where voided_at is null order by id`, o.pick);
      if (!id) return;
      await db.transaction(async (tx) => {
        await tx.execute(sql`update payments set voided_at = now(), void_reason = 'test' where id = ${id}`);
        await tx.execute(sql`update installments i set paid_paise = paid_paise - p.amount_paise
          from payments p where p.id = ${id} and i.id = p.installment_id`);
      });
      return;
    }
    case 'edit': {
      const id = await installment();
      if (id)
        await db.execute(sql`update installments set amount_paise = ${o.rupees * 100}, due_date = current_date + ${o.days}::int
          where id = ${id}`);
      return;
    }
    case 'dropInstallment': {
      const id = await installment();
      if (id) await db.execute(sql`delete from installments where id = ${id}`);
      return;
    }
    case 'deleteEnrolment': {
      const id = await enrolment();
      if (id) await db.execute(sql`delete from enrollments where id = ${id}`);
      return;
    }
    case 'moveCourse': {
      const id = await enrolment();
      if (id)
        await db.execute(sql`update enrollments set course_id = ${courses[o.pick % courses.length]!} where id = ${id}`);
      return;
    }
  }
}

describe('dashboard totals kept by triggers (issue 10)', async () => {
  const test = await createTestDatabase();
  const db = test.database.db;
  const courses = (
    await rows<{ id: string }>(
      db,
      sql`insert into courses (name, price_paise, emi_price_paise) values ('T1', 150000, '[50000,50000,50000]'),
          ('T2', 150000, '[50000,50000,50000]') returning id`,
    )
  ).map((r) => r.id);

  it('equal the base tables after any sequence of writes', async () => {
    // How many checks found each kind of total non-empty: the runs must have exercised them all.
    const reached = { enrollments: 0, payments: 0, open: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (ops) => {
        for (const o of ops) await apply(db, courses, o);
        const { kept, truth } = await totals(db);
        expect(kept).toEqual(truth);
        for (const kind of ['enrollments', 'payments', 'open'] as const) if (truth[kind].length) reached[kind] += 1;
      }),
      { numRuns: 40 },
    );
    expect(reached.enrollments).toBeGreaterThan(10);
    expect(reached.payments).toBeGreaterThan(5);
    expect(reached.open).toBeGreaterThan(5);
  }, 120_000);

  it('a failed write leaves the totals as they were', async () => {
    const before = await totals(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update enrollments set status = 'cancelled'`);
        await tx.execute(sql`delete from installments`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await totals(db)).toEqual(before);
  });

  afterAll(() => test.drop());
});
