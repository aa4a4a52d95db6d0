/**
 * The books balance after anything staff can do. fast-check generates sequences of real
 * operations through the services — enrolments, payments, voids, refunds, concessions, edits
 * of the joining date, course and payment method, installment edits, status changes (cancel
 * included) and deletes — and after each sequence verify-ledger recomputes every installment's
 * paid sum and every dashboard total from the ledger and must find no difference. The sequences
 * run one after another on one database, so each check covers everything that happened before.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localIsoDate } from '@registrar/contract/enrollment';
import { addMonths, planFeeSchedule } from '@registrar/contract/fee-plan';
import { ENROLLMENT_STATUSES } from '@registrar/contract/enrollment-admin';
import { build } from './build-app';
import { makeStaff } from './staff-fixtures';
import type { Db } from '../src/db/database';
import { HttpError } from '../src/lib/http-errors';
import { courseRepository } from '../src/repositories/course-repository';
import { enrollmentRepository } from '../src/repositories/enrollment-repository';
import { AnnouncementService } from '../src/services/announcement-service';
import { EnrollmentService } from '../src/services/enrollment-service';
import { FeeService } from '../src/services/fee-service';
import { verifyLedger } from '../src/services/ledger-check';

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const shiftDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const pick = fc.nat({ max: 1_000 });
const operation = fc.oneof(
  fc.record({
    op: fc.constant('enrol' as const),
    months: fc.nat({ max: 14 }),
    firstDue: fc.integer({ min: -90, max: 30 }),
    full: fc.boolean(),
  }),
  fc.record({ op: fc.constant('status' as const), pick, status: fc.constantFrom(...ENROLLMENT_STATUSES) }),
  fc.record({
    op: fc.constant('pay' as const),
    pick,
    share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    days: fc.nat({ max: 90 }),
  }),
  fc.record({ op: fc.constant('pay' as const), pick, share: fc.constant(1), days: fc.nat({ max: 40 }) }),
  fc.record({ op: fc.constant('void' as const), pick }),
  fc.record({ op: fc.constant('void' as const), pick }),
  fc.record({
    op: fc.constant('refund' as const),
    pick,
    share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    days: fc.nat({ max: 60 }),
  }),
  fc.record({ op: fc.constant('concession' as const), pick, rupees: fc.integer({ min: 1, max: 40_000 }) }),
  fc.record({ op: fc.constant('joiningDate' as const), pick, days: fc.nat({ max: 60 }) }),
  fc.record({ op: fc.constant('course' as const), pick, course: fc.nat({ max: 2 }) }),
  fc.record({ op: fc.constant('method' as const), pick }),
  fc.record({
    op: fc.constant('editInstallment' as const),
    pick,
    rupees: fc.integer({ min: 100, max: 20_000 }),
    days: fc.integer({ min: -60, max: 60 }),
  }),
  fc.record({ op: fc.constant('cancel' as const), pick }),
  fc.record({ op: fc.constant('delete' as const), pick }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

describe('the ledger balances after any sequence of staff operations', async () => {
  const { app, database, config } = await build();
  const db = database.db;
  const fees = new FeeService(db, config, () => {});
  const announcements = new AnnouncementService(db, config, () => {});
  const enrollments = new EnrollmentService(db, config, app.storage, app.throttle, () => {}, fees, announcements);
  const { email } = await makeStaff(db, { name: 'Property' });
  const staffId = (await rows<{ id: string }>(db, sql`select id from staff where email = ${email}`))[0]!.id;
  const courses = (
    await rows<{ id: string }>(
      db,
      sql`insert into courses (name, price_paise, emi_price_paise) values ('T1', 3000000, '[1000000,1000000,1000000]'),
          ('T2', 1500000, '[500000,500000,500000]'), ('T3', 4000000, '[2000000,2000000]') returning id`,
    )
  ).map((r) => r.id);
  const today = localIsoDate();

  /** The n-th row (modulo) of a query ordered by id, or nothing when there is none. */
  const nth = async <T extends { id: string }>(query: ReturnType<typeof sql>, n: number) => {
    const found = await rows<T>(db, query);
    return found.length ? found[n % found.length] : undefined;
  };
  const enrolment = (n: number) =>
    nth<{ id: string; payment_method: string }>(sql`select id, payment_method from enrollments order by id`, n);
  const installment = (n: number) =>
    nth<{ id: string; enrollment_id: string; owed: string }>(
      sql`select id, enrollment_id, (amount_paise - paid_paise)::text as owed from installments order by id`,
      n,
    );
  const liveLeft = (n: number) =>
    nth<{ id: string; enrollment_id: string; installment_id: string | null; left: string }>(
      sql`select p.id, p.enrollment_id, p.installment_id,
                 (p.amount_paise - coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0))::text as left
          from payments p where p.voided_at is null order by p.id`,
      n,
    );

  let enrolled = 0;
  const done: Record<string, number> = {};
  async function apply(o: Operation): Promise<void> {
    switch (o.op) {
      case 'enrol': {
        enrolled += 1;
        const course = (await courseRepository.byId(db, courses[enrolled % courses.length]!))!;
        const method = o.full ? 'full_payment' : 'installment';
        // As the intake writes it (its multipart and mail parts are tested elsewhere).
        await db.transaction(async (tx) => {
          const row = await enrollmentRepository.insert(tx, {
            enrollmentNumber: `P-${enrolled}`,
            courseId: course.id,
            name: 'Property Student',
            email: `p${enrolled}@example.in`,
            phoneNumber: '9000000000',
            currentAddress: 'A',
            permanentAddress: 'B',
            currentlyWorking: 'other',
            currentlyWorkingPlace: 'Home',
            paymentMethod: method,
            companyAddress: 'X',
            createdAt: new Date(Date.parse(`${addMonths(today, -o.months)}T12:00:00Z`)),
          });
          await enrollmentRepository.replaceSchedule(
            tx,
            row.id,
            planFeeSchedule(course, method, shiftDays(today, o.firstDue)),
          );
        });
        return;
      }
      case 'status': {
        const e = await enrolment(o.pick);
        // Money on a closing enrolment is kept as a credit here, refunded on a cancel below.
        if (e) await enrollments.changeStatus(e.id, o.status, { paidMoney: { decision: 'credit' } }, staffId);
        return;
      }
      case 'cancel': {
        const e = await enrolment(o.pick);
        if (e)
          await enrollments.changeStatus(
            e.id,
            'cancelled',
            { note: 'left', paidMoney: { decision: 'refund', paymentMode: 'cash', effect: 'end-enrolment' } },
            staffId,
          );
        return;
      }
      case 'pay': {
        const i = await installment(o.pick);
        if (!i) return;
        const amount = Math.max(1, Math.round(Number(i.owed) * o.share)) / 100;
        await fees.recordPayment(
          i.enrollment_id,
          i.id,
          { amount, paymentMode: 'cash', paidOn: shiftDays(today, -o.days) },
          staffId,
        );
        return;
      }
      case 'void': {
        const p = await liveLeft(o.pick);
        if (p) await fees.voidPayment(p.enrollment_id, p.installment_id ?? p.id, p.id, 'property', staffId);
        return;
      }
      case 'refund': {
        const p = await liveLeft(o.pick);
        if (!p) return;
        const amount = Math.max(1, Math.round(Number(p.left) * o.share)) / 100;
        await fees.refund(
          p.enrollment_id,
          {
            paymentId: p.id,
            amount,
            reason: 'property',
            refundedOn: shiftDays(today, -o.days),
            paymentMode: 'cash',
            effect: 'owed-again',
          },
          staffId,
        );
        return;
      }
      case 'concession': {
        const e = await enrolment(o.pick);
        if (e) await fees.concession(e.id, { amount: o.rupees, reason: 'property' }, staffId);
        return;
      }
      case 'joiningDate': {
        const e = await enrolment(o.pick);
        if (e) await enrollments.update(e.id, { startDate: shiftDays(today, o.days) }, [], staffId, true);
        return;
      }
      case 'course': {
        const e = await enrolment(o.pick);
        if (e) await enrollments.update(e.id, { courseId: courses[o.course]! }, [], staffId, true);
        return;
      }
      case 'method': {
        const e = await enrolment(o.pick);
        if (!e) return;
        const other = e.payment_method === 'installment' ? 'full_payment' : 'installment';
        await enrollments.update(e.id, { paymentMethod: other }, [], staffId, true);
        return;
      }
      case 'editInstallment': {
        const i = await installment(o.pick);
        if (i)
          await fees.editInstallment(
            i.enrollment_id,
            i.id,
            { amount: o.rupees, dueDate: shiftDays(today, o.days), reason: 'property' },
            staffId,
          );
        return;
      }
      case 'delete': {
        // Deleting is allowed only before any money is recorded; that refusal has its own tests,
        // so the sequence picks among enrolments that may go and every run really deletes.
        const e = await nth<{ id: string }>(
          sql`select e.id from enrollments e
              where not exists (select 1 from payments p where p.enrollment_id = e.id)
                and not exists (select 1 from concessions c where c.enrollment_id = e.id)
              order by e.id`,
          o.pick,
        );
        if (e) await enrollments.delete(e.id);
        return;
      }
    }
  }

  it('verify-ledger finds nothing after any sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (ops) => {
        for (const o of ops) {
          try {
            await apply(o);
            done[o.op] = (done[o.op] ?? 0) + 1;
          } catch (err) {
            // A refusal the user would see (409 paid too much, 400 too large, …) changes nothing.
            if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
          }
        }
        expect(await verifyLedger(db)).toEqual([]);
      }),
      { numRuns: 30 },
    );
    // Every kind of operation went through (refusals, such as voiding a refunded payment, are common).
    for (const op of [
      'enrol',
      'pay',
      'void',
      'refund',
      'concession',
      'joiningDate',
      'course',
      'method',
      'cancel',
      'delete',
    ])
      expect(done[op] ?? 0, op).toBeGreaterThan(0);
    const [money] = await rows<{ paid: string; refunds: number; concessions: number }>(
      db,
      sql`select (select count(*) from payments)::int as paid, (select count(*) from refunds)::int as refunds,
                 (select count(*) from concessions)::int as concessions`,
    );
    // Money rows were really written (how many depends on the random sequences).
    expect(Number(money!.paid)).toBeGreaterThan(0);
    expect(money).toMatchObject({ refunds: expect.any(Number) });
  }, 240_000);

  it('a failed write leaves the books as they were', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update enrollments set status = 'cancelled'`);
        await tx.execute(sql`update installments set paid_paise = 0`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await verifyLedger(db)).toEqual([]);
  });
});
