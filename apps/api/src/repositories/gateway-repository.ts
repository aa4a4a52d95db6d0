/** Gateway rows: the orders students open and the refund requests staff send to the gateway. */
import { and, asc, desc, eq, gt, gte, inArray, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import {
  enrollments,
  gatewayEventOutcomes,
  gatewayEvents,
  gatewayRefundEvents,
  gatewayRefundRequests,
  paymentOrderHistory,
  paymentOrders,
  payments,
  refunds,
  staff,
} from '../db/schema';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

/** An event's next handling number, over gateway_events (named in full: drizzle's bare "id" is the outcome's there). */
const nextAttempt = sql<number>`(select coalesce(max(o.attempt), 0) + 1 from gateway_event_outcomes o
  where o.event_id = gateway_events.id)`.mapWith(Number);

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

  async markOrderPaid(tx: Executor, orderId: string, paidAt: Date, gatewayPaymentId: string): Promise<void> {
    await tx
      .update(paymentOrders)
      .set({ state: 'paid', paidAt, gatewayPaymentId })
      .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.state, ['open', 'failed', 'cancelled'])));
  },

  /** Closes an open order as failed; false when it was no longer open. */
  async markOrderFailed(tx: Executor, orderId: string): Promise<boolean> {
    const closed = await tx
      .update(paymentOrders)
      .set({ state: 'failed' })
      .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.state, 'open')))
      .returning({ id: paymentOrders.id });
    return closed.length > 0;
  },

  async orderByGatewayId(db: Executor, gateway: string, gatewayOrderId: string): Promise<PaymentOrderRow | undefined> {
    const [order] = await db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.gateway, gateway), eq(paymentOrders.gatewayOrderId, gatewayOrderId)));
    return order;
  },

  /** Stores a delivery once by its event id; undefined when it was already stored. */
  async insertEvent(db: Db, values: typeof gatewayEvents.$inferInsert): Promise<string | undefined> {
    const [row] = await db
      .insert(gatewayEvents)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: gatewayEvents.id });
    return row?.id;
  },

  async eventById(db: Db, id: string) {
    const [row] = await db.select().from(gatewayEvents).where(eq(gatewayEvents.id, id));
    return row;
  },

  async nextAttempt(db: Db, eventId: string): Promise<number> {
    const [next] = await db.select({ attempt: nextAttempt }).from(gatewayEvents).where(eq(gatewayEvents.id, eventId));
    return next!.attempt;
  },

  /** Appends an outcome; false when this attempt's outcome was already noted. */
  async noteOutcome(db: Db, values: typeof gatewayEventOutcomes.$inferInsert): Promise<boolean> {
    const [noted] = await db
      .insert(gatewayEventOutcomes)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: gatewayEventOutcomes.id });
    return Boolean(noted);
  },

  /** The latest outcome of each of these events. */
  async latestOutcomes(db: Db, eventIds: string[]) {
    return db
      .selectDistinctOn([gatewayEventOutcomes.eventId], {
        eventId: gatewayEventOutcomes.eventId,
        outcome: gatewayEventOutcomes.outcome,
      })
      .from(gatewayEventOutcomes)
      .where(inArray(gatewayEventOutcomes.eventId, eventIds))
      .orderBy(gatewayEventOutcomes.eventId, desc(gatewayEventOutcomes.attempt));
  },

  /** Events not handled, or whose handling failed fewer than `maxAttempts` times, oldest first. */
  async unsettledEvents(db: Db, maxAttempts: number, limit: number) {
    const settled = db
      .select({ one: sql`1` })
      .from(gatewayEventOutcomes)
      .where(
        and(
          eq(gatewayEventOutcomes.eventId, gatewayEvents.id),
          or(ne(gatewayEventOutcomes.outcome, 'error'), gte(gatewayEventOutcomes.attempt, maxAttempts)),
        ),
      );
    return db
      .select({ id: gatewayEvents.id, attempt: nextAttempt })
      .from(gatewayEvents)
      .where(notExists(settled))
      .orderBy(asc(gatewayEvents.receivedAt))
      .limit(limit);
  },

  /** Open and failed orders of this gateway made since `since`, the least recently checked first. */
  async ordersToCheck(db: Db, gateway: string, since: Date, limit: number): Promise<PaymentOrderRow[]> {
    return db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.gateway, gateway),
          inArray(paymentOrders.state, ['open', 'failed']),
          gt(paymentOrders.createdAt, since),
        ),
      )
      .orderBy(sql`${paymentOrders.checkedAt} asc nulls first`)
      .limit(limit);
  },

  async markOrderChecked(db: Db, orderId: string, at: Date): Promise<void> {
    await db.update(paymentOrders).set({ checkedAt: at }).where(eq(paymentOrders.id, orderId));
  },

  /** The receipt of the latest gateway payment that paid this order, if one is recorded. */
  async receiptOfOrder(db: Db, gatewayOrderId: string): Promise<string | null> {
    const [row] = await db
      .select({ receiptNumber: payments.receiptNumber })
      .from(payments)
      .where(and(eq(payments.source, 'gateway'), eq(payments.sourceRef, gatewayOrderId)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row?.receiptNumber ?? null;
  },

  async lastWebhookAt(db: Db): Promise<Date | null> {
    const [last] = await db
      .select({ at: gatewayEvents.receivedAt })
      .from(gatewayEvents)
      .orderBy(desc(gatewayEvents.receivedAt))
      .limit(1);
    return last?.at ?? null;
  },

  /** Whether any order made before `before` is still open. */
  async openOrderCreatedBefore(db: Db, before: Date): Promise<boolean> {
    const [waiting] = await db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.state, 'open'), lt(paymentOrders.createdAt, before)))
      .limit(1);
    return Boolean(waiting);
  },
};
