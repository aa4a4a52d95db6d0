/** Gateway rows: the orders students open and the refund requests staff send to the gateway. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import {
  enrollments,
  gatewayRefundEvents,
  gatewayRefundRequests,
  paymentOrders,
  payments,
  refunds,
  staff,
} from '../db/schema';

export const gatewayRepository = {
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
