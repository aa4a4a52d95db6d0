/** The payments ledger, the gapless receipt counter and the reminder log. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { installments, paymentReminders, payments, receiptCounters, staff } from '../db/schema';
import type { Executor } from './staff-repository';

export type PaymentRow = typeof payments.$inferSelect;
export type InstallmentRow = typeof installments.$inferSelect;

export const paymentRepository = {
  /** Locks the installment row for the rest of the transaction (serialises payments on it). */
  async lockInstallment(
    db: Executor,
    enrollmentId: string,
    installmentId: string,
  ): Promise<InstallmentRow | undefined> {
    const rows = await db
      .select()
      .from(installments)
      .where(and(eq(installments.id, installmentId), eq(installments.enrollmentId, enrollmentId)))
      .for('update')
      .limit(1);
    return rows[0];
  },

  async paidOn(db: Executor, installmentId: string): Promise<number> {
    const rows = await db
      .select({ paid: sql<number>`coalesce(sum(${payments.amountPaise}), 0)::bigint` })
      .from(payments)
      .where(and(eq(payments.installmentId, installmentId), isNull(payments.voidedAt)));
    return Number(rows[0]?.paid ?? 0);
  },

  /** The next receipt number of the year; the counter row stays locked until commit, so no gap or repeat. */
  async nextReceiptNumber(db: Executor, year: number): Promise<string> {
    const result = await db.execute(
      sql`insert into ${receiptCounters} (year, last) values (${year}, 1)
          on conflict (year) do update set last = ${receiptCounters.last} + 1
          returning last`,
    );
    const last = (result as unknown as { rows: { last: number }[] }).rows[0]!.last;
    return `RCPT-${year}-${String(last).padStart(6, '0')}`;
  },

  /** Adds to the ledger and to the installment's running paid sum, in the caller's transaction. */
  async insert(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
    const row = (await db.insert(payments).values(values).returning())[0]!;
    await db
      .update(installments)
      .set({ paidPaise: sql`${installments.paidPaise} + ${row.amountPaise}` })
      .where(eq(installments.id, row.installmentId));
    return row;
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

  async forEnrollment(db: Db | Executor, enrollmentId: string) {
    return db
      .select({ payment: payments, installmentNumber: installments.number, staff: { id: staff.id, name: staff.name } })
      .from(payments)
      .innerJoin(installments, eq(installments.id, payments.installmentId))
      .leftJoin(staff, eq(staff.id, payments.recordedBy))
      .where(eq(payments.enrollmentId, enrollmentId))
      .orderBy(asc(payments.createdAt));
  },

  async updateInstallment(db: Executor, id: string, values: { amountPaise?: number; dueDate?: string }): Promise<void> {
    await db
      .update(installments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(installments.id, id));
  },

  /** Records that a reminder went out; false when it already had (the unique key decides). */
  async claimReminder(db: Executor, installmentId: string, kind: 'before_due' | 'after_due'): Promise<boolean> {
    const rows = await db
      .insert(paymentReminders)
      .values({ installmentId, kind })
      .onConflictDoNothing()
      .returning({ id: paymentReminders.id });
    return rows.length > 0;
  },

  /** Unpaid installments of open enrolments due exactly on `dueDate`. */
  async unpaidDueOn(db: Db, dueDate: string) {
    const result = await db.execute(sql`
      select i.id as installment_id, i.number, i.amount_paise, i.due_date, e.id as enrollment_id, e.name, e.email, e.enrollment_number,
             coalesce((select sum(p.amount_paise) from payments p where p.installment_id = i.id and p.voided_at is null), 0)::bigint as paid_paise
      from installments i join enrollments e on e.id = i.enrollment_id
      where i.due_date = ${dueDate} and e.status in ('pending', 'approved') and i.paid_paise < i.amount_paise`);
    return (
      result as unknown as {
        rows: {
          installment_id: string;
          number: number;
          amount_paise: string | number;
          due_date: string;
          enrollment_id: string;
          name: string;
          email: string;
          enrollment_number: string;
          paid_paise: string | number;
        }[];
      }
    ).rows;
  },
};
