/** Gateway rows: the orders students open and the refund requests staff send to the gateway. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import {
  enrollments,
  gatewayEvents,
  gatewayRefundEvents,
  gatewayRefundRequests,
  paymentOrderHistory,
  paymentOrders,
  payments,
  refunds,
  staff,
} from '../db/schema';

export const gatewayRepository = {
  /** The enrolment an order is opened for: its number and whether it still takes money. */
  async payer(db: Db, enrollmentId: string): Promise<{ number: string; status: string } | undefined> {
    const [enrollment] = await db
      .select({ number: enrollments.enrollmentNumber, status: enrollments.status })
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId));
    return enrollment;
  },

  /** Two tabs asking at once: the unique open-order index keeps one; the other's order lapses unpaid. */
  async insertOrder(db: Db, values: typeof paymentOrders.$inferInsert): Promise<void> {
    await db.insert(paymentOrders).values(values).onConflictDoNothing();
  },

  /** The open order of this gateway for one installment number and amount, if any. */
  async openOrder(db: Db, key: { enrollmentId: string; number: number; amountPaise: number; gateway: string }) {
    const [order] = await db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.enrollmentId, key.enrollmentId),
          eq(paymentOrders.installmentNumber, key.number),
          eq(paymentOrders.amountPaise, key.amountPaise),
          eq(paymentOrders.state, 'open'),
          eq(paymentOrders.gateway, key.gateway),
        ),
      );
    return order;
  },

  /** The newest orders, with their enrolment and the receipt of the payment each brought. */
  async latestOrders(db: Db, limit: number) {
    return db
      .select({
        order: paymentOrders,
        number: enrollments.enrollmentNumber,
        name: enrollments.name,
        receipt: payments.receiptNumber,
      })
      .from(paymentOrders)
      .innerJoin(enrollments, eq(enrollments.id, paymentOrders.enrollmentId))
      .leftJoin(payments, eq(payments.gatewayPaymentId, paymentOrders.gatewayPaymentId))
      .orderBy(desc(paymentOrders.createdAt))
      .limit(limit);
  },

  async latestEvents(db: Db, limit: number) {
    return db.select().from(gatewayEvents).orderBy(desc(gatewayEvents.receivedAt)).limit(limit);
  },

  /** The states these orders went through, oldest first. */
  async orderHistory(db: Db, orderIds: string[]) {
    return db
      .select()
      .from(paymentOrderHistory)
      .where(inArray(paymentOrderHistory.orderId, orderIds))
      .orderBy(asc(paymentOrderHistory.at));
  },

  /** Cancels the open (and failed) orders of these enrolments; `detach` also lets go of every cancelled one. Answers how many were cancelled. */
  async cancelOpenOrders(tx: Executor, enrollmentIds: string[], detach: boolean): Promise<number> {
    if (!enrollmentIds.length) return 0;
    const cancelled = await tx
      .update(paymentOrders)
      .set({ state: 'cancelled' })
      .where(and(inArray(paymentOrders.enrollmentId, enrollmentIds), inArray(paymentOrders.state, ['open', 'failed'])))
      .returning({ id: paymentOrders.id });
    if (detach)
      await tx
        .update(paymentOrders)
        .set({ enrollmentId: null })
        .where(and(inArray(paymentOrders.enrollmentId, enrollmentIds), eq(paymentOrders.state, 'cancelled')));
    return cancelled.length;
  },

  /** Refund requests, newest first, with their receipt, who asked and the enrolment. */
  async refundRequests(db: Db, where: { enrollmentId?: string }, limit: number) {
    return db
      .select({
        request: gatewayRefundRequests,
        receiptNumber: payments.receiptNumber,
        staff: { id: staff.id, name: staff.name },
        enrollmentNumber: enrollments.enrollmentNumber,
        name: enrollments.name,
      })
      .from(gatewayRefundRequests)
      .innerJoin(payments, eq(payments.id, gatewayRefundRequests.paymentId))
      .innerJoin(enrollments, eq(enrollments.id, gatewayRefundRequests.enrollmentId))
      .leftJoin(staff, eq(staff.id, gatewayRefundRequests.requestedBy))
      .where(where.enrollmentId ? eq(gatewayRefundRequests.enrollmentId, where.enrollmentId) : undefined)
      .orderBy(desc(gatewayRefundRequests.requestedAt))
      .limit(limit);
  },

  /** The events of these refund requests, oldest first, with the refund each one recorded. */
  async refundEvents(db: Db, requestIds: string[]) {
    return db
      .select({ event: gatewayRefundEvents, refundNumber: refunds.refundNumber })
      .from(gatewayRefundEvents)
      .leftJoin(refunds, eq(refunds.id, gatewayRefundEvents.refundId))
      .where(inArray(gatewayRefundEvents.requestId, requestIds))
      .orderBy(asc(gatewayRefundEvents.at));
  },
};
