/** The money ledger (payments, refunds, concessions), its gapless counters, idempotency keys and the reminder log. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { sqlRows, type Db, type Executor } from '../db/database';
import {
  chequeEvents,
  concessions,
  enrollments,
  idempotencyKeys,
  installments,
  paymentReminders,
  payments,
  refundCounters,
  refunds,
  staff,
} from '../db/schema';
import type { InstallmentRow } from './enrollment-repository';

export type PaymentRow = typeof payments.$inferSelect;

export const paymentRepository = {
  /**
   * Locks the enrolment row for the rest of the transaction: every write to its ledger or
   * schedule takes this lock first, so paid sums are recomputed by one writer at a time.
   */
  async lockEnrollment(db: Executor, enrollmentId: string): Promise<{ id: string; status: string } | undefined> {
    const found = await db
      .select({ id: enrollments.id, status: enrollments.status })
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId))
      .for('update')
      .limit(1);
    return found[0];
  },

  async installment(db: Executor, enrollmentId: string, installmentId: string): Promise<InstallmentRow | undefined> {
    const found = await db
      .select()
      .from(installments)
      .where(and(eq(installments.id, installmentId), eq(installments.enrollmentId, enrollmentId)))
      .limit(1);
    return found[0];
  },

  /** The year's next refund number from a counter row that stays locked until commit: no gap or repeat. */
  async nextRefundNumber(db: Executor, year: number): Promise<string> {
    const result = await db.execute(
      sql`insert into ${refundCounters} (year, last) values (${year}, 1)
          on conflict (year) do update set last = ${refundCounters.last} + 1
          returning last`,
    );
    const last = (result as unknown as { rows: { last: number }[] }).rows[0]!.last;
    return `RFND-${year}-${String(last).padStart(6, '0')}`;
  },

  /** The payment already recorded for this gateway payment id, or this UTR among live payments. */
  async findByNaturalKey(
    db: Executor,
    keys: { gatewayPaymentId: string | null; utr: string | null },
  ): Promise<PaymentRow | undefined> {
    if (keys.gatewayPaymentId) {
      const found = await db
        .select()
        .from(payments)
        .where(eq(payments.gatewayPaymentId, keys.gatewayPaymentId))
        .limit(1);
      if (found[0]) return found[0];
    }
    if (keys.utr) {
      const found = await db
        .select()
        .from(payments)
        .where(and(eq(payments.utr, keys.utr), isNull(payments.voidedAt)))
        .limit(1);
      if (found[0]) return found[0];
    }
    return undefined;
  },

  async byId(db: Executor | Db, id: string): Promise<PaymentRow | undefined> {
    return (await db.select().from(payments).where(eq(payments.id, id)).limit(1))[0];
  },

  async byIdForUpdate(db: Executor, id: string): Promise<PaymentRow | undefined> {
    return (await db.select().from(payments).where(eq(payments.id, id)).for('update').limit(1))[0];
  },

  async void(db: Executor, id: string, reason: string, staffId: string): Promise<void> {
    await db
      .update(payments)
      .set({ voidedAt: new Date(), voidReason: reason, voidedBy: staffId })
      .where(eq(payments.id, id));
  },

  async refundedPaise(db: Executor, paymentId: string): Promise<number> {
    const found = await db
      .select({ total: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)::bigint` })
      .from(refunds)
      .where(eq(refunds.paymentId, paymentId));
    return Number(found[0]?.total ?? 0);
  },

  async insertRefund(db: Executor, values: typeof refunds.$inferInsert): Promise<string> {
    return (await db.insert(refunds).values(values).returning({ id: refunds.id }))[0]!.id;
  },

  async insertConcession(db: Executor, values: typeof concessions.$inferInsert): Promise<void> {
    await db.insert(concessions).values(values);
  },

  async concessionPaise(db: Executor, enrollmentId: string): Promise<number> {
    const found = await db
      .select({ total: sql<string>`coalesce(sum(${concessions.amountPaise}), 0)::bigint` })
      .from(concessions)
      .where(eq(concessions.enrollmentId, enrollmentId));
    return Number(found[0]?.total ?? 0);
  },

  /** Live payments less their refunds, oldest first: what the schedule has been paid (held credits pay none). */
  async netPayments(
    db: Executor,
    enrollmentId: string,
  ): Promise<{ id: string; installmentId: string | null; netPaise: number }[]> {
    const found = await sqlRows<{ id: string; installment_id: string | null; net: string | number }>(
      db,
      sql`select p.id, p.installment_id,
                 p.amount_paise - coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0) as net
          from payments p where p.enrollment_id = ${enrollmentId} and p.voided_at is null and not p.held_as_credit
          order by p.created_at, p.receipt_number`,
    );
    return found.map((r) => ({ id: r.id, installmentId: r.installment_id, netPaise: Number(r.net) }));
  },

  async forEnrollment(db: Db | Executor, enrollmentId: string) {
    return db
      .select({
        payment: payments,
        refunded: sql<string>`coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = ${payments.id}), 0)::bigint`,
        staff: { id: staff.id, name: staff.name },
        cheque: { state: chequeEvents.state, on: chequeEvents.occurredOn },
      })
      .from(payments)
      .leftJoin(staff, eq(staff.id, payments.recordedBy))
      .leftJoin(chequeEvents, eq(chequeEvents.paymentId, payments.id))
      .where(eq(payments.enrollmentId, enrollmentId))
      .orderBy(asc(payments.createdAt), asc(payments.receiptNumber));
  },

  async refundsFor(db: Db | Executor, enrollmentId: string) {
    return db
      .select({ refund: refunds, receiptNumber: payments.receiptNumber, staff: { id: staff.id, name: staff.name } })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .leftJoin(staff, eq(staff.id, refunds.recordedBy))
      .where(eq(refunds.enrollmentId, enrollmentId))
      .orderBy(asc(refunds.createdAt), asc(refunds.refundNumber));
  },

  async concessionsFor(db: Db | Executor, enrollmentId: string) {
    return db
      .select({ concession: concessions, staff: { id: staff.id, name: staff.name } })
      .from(concessions)
      .leftJoin(staff, eq(staff.id, concessions.recordedBy))
      .where(eq(concessions.enrollmentId, enrollmentId))
      .orderBy(asc(concessions.createdAt));
  },

  /** Whether the enrolment has any money row at all (then it may never be deleted). */
  async hasLedger(db: Executor, enrollmentId: string): Promise<boolean> {
    const found = await sqlRows<{ any: boolean }>(
      db,
      sql`select exists (select 1 from payments where enrollment_id = ${enrollmentId})
              or exists (select 1 from concessions where enrollment_id = ${enrollmentId}) as any`,
    );
    return found[0]?.any === true;
  },

  async updateInstallment(db: Executor, id: string, values: { amountPaise?: number; dueDate?: string }): Promise<void> {
    await db
      .update(installments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(installments.id, id));
  },

  /**
   * Claims an idempotency key in the caller's transaction. A concurrent claim of the same key
   * waits on the unique index until this transaction ends; it then finds the stored answer.
   * Returns null when the key is new, else the first request's hash and answer.
   */
  async claimKey(
    db: Executor,
    scope: string,
    key: string,
    requestHash: string,
  ): Promise<{ requestHash: string; response: unknown } | null> {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) return null;
    const found = await db
      .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    return found[0] ?? { requestHash: '', response: null };
  },

  /** What a key was first sent with and answered, without claiming it (null when never seen). */
  async keyAnswer(
    db: Executor,
    scope: string,
    key: string,
  ): Promise<{ requestHash: string; response: unknown } | null> {
    const found = await db
      .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    return found[0] ?? null;
  },

  async storeAnswer(db: Executor, scope: string, key: string, response: unknown): Promise<void> {
    await db
      .update(idempotencyKeys)
      .set({ statusCode: 200, response })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  },

  /** Records that a reminder went out; false when it already had (the unique key decides). */
  async claimReminder(db: Executor, installmentId: string, kind: 'before_due' | 'after_due'): Promise<boolean> {
    const found = await db
      .insert(paymentReminders)
      .values({ installmentId, kind })
      .onConflictDoNothing()
      .returning({ id: paymentReminders.id });
    return found.length > 0;
  },

  /** Unpaid installments of open enrolments due exactly on `dueDate`. */
  async unpaidDueOn(db: Db, dueDate: string) {
    return sqlRows<{
      installment_id: string;
      number: number;
      amount_paise: string | number;
      due_date: string;
      enrollment_id: string;
      name: string;
      email: string;
      enrollment_number: string;
      paid_paise: string | number;
      language: string;
    }>(
      db,
      sql`select i.id as installment_id, i.number, i.amount_paise, i.due_date, e.id as enrollment_id, e.name, e.email, e.enrollment_number,
                 i.paid_paise, e.language
          from installments i join enrollments e on e.id = i.enrollment_id
          where i.due_date = ${dueDate} and e.status in ('pending', 'approved') and i.paid_paise < i.amount_paise`,
    );
  },
};
