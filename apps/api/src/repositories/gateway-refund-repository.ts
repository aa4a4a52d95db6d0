/** Gateway refund requests and their appended events, and the savepoint a dry run rolls back to. */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import { gatewayRefundEvents, gatewayRefundRequests, paymentOrders, payments } from '../db/schema';

/** No processed or failed event yet: the request is still open. */
const stillOpen = sql`not exists (select 1 from ${gatewayRefundEvents} e where e.request_id = ${gatewayRefundRequests.id} and e.state in ('processed', 'failed'))`;

export const gatewayRefundRepository = {
  /** Runs `work` in a savepoint of `tx`: an error undoes only what `work` wrote. */
  async inSavepoint<T>(tx: Executor, work: () => Promise<T>): Promise<T> {
    await tx.execute(sql`savepoint gateway_refund`);
    try {
      const result = await work();
      await tx.execute(sql`release savepoint gateway_refund`);
      return result;
    } catch (err) {
      await tx.execute(sql`rollback to savepoint gateway_refund`);
      throw err;
    }
  },

  /** Paise asked of the gateway for this payment and not yet processed or failed. */
  async openPaise(db: Executor, paymentId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${gatewayRefundRequests.amountPaise}), 0)` })
      .from(gatewayRefundRequests)
      .where(and(eq(gatewayRefundRequests.paymentId, paymentId), stillOpen));
    return Number(row?.total ?? 0);
  },

  /** Whether this gateway took the payment, through one of its orders. */
  async tookPayment(db: Db, gateway: string, enrollmentId: string, paymentId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(
        paymentOrders,
        and(eq(paymentOrders.gatewayOrderId, payments.sourceRef), eq(paymentOrders.gateway, gateway)),
      )
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.enrollmentId, enrollmentId),
          eq(payments.source, 'gateway'),
          isNotNull(payments.gatewayPaymentId),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  async insertRequest(tx: Executor, values: typeof gatewayRefundRequests.$inferInsert): Promise<string> {
    const [row] = await tx.insert(gatewayRefundRequests).values(values).returning({ id: gatewayRefundRequests.id });
    return row!.id;
  },

  async addEvent(db: Executor, values: typeof gatewayRefundEvents.$inferInsert): Promise<void> {
    await db.insert(gatewayRefundEvents).values(values);
  },

  async requestForUpdate(tx: Executor, requestId: string) {
    const [request] = await tx
      .select()
      .from(gatewayRefundRequests)
      .where(eq(gatewayRefundRequests.id, requestId))
      .for('update');
    return request;
  },

  async hasEnded(tx: Executor, requestId: string, endStates: string[]): Promise<boolean> {
    const [ended] = await tx
      .select({ id: gatewayRefundEvents.id })
      .from(gatewayRefundEvents)
      .where(and(eq(gatewayRefundEvents.requestId, requestId), inArray(gatewayRefundEvents.state, endStates)));
    return Boolean(ended);
  },

  async paymentMode(tx: Executor, paymentId: string): Promise<{ mode: string } | undefined> {
    const [payment] = await tx.select({ mode: payments.mode }).from(payments).where(eq(payments.id, paymentId));
    return payment;
  },

  /** Our request of this id for this gateway payment, if there is one. */
  async requestOfPayment(db: Db, requestId: string, gatewayPaymentId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: gatewayRefundRequests.id })
      .from(gatewayRefundRequests)
      .where(
        and(eq(gatewayRefundRequests.id, requestId), eq(gatewayRefundRequests.gatewayPaymentId, gatewayPaymentId)),
      );
    return row?.id;
  },

  /** The request an event of this gateway refund belongs to. */
  async requestOfGatewayRefund(db: Db, gatewayRefundId: string): Promise<string | undefined> {
    const [event] = await db
      .select({ id: gatewayRefundEvents.requestId })
      .from(gatewayRefundEvents)
      .where(eq(gatewayRefundEvents.gatewayRefundId, gatewayRefundId))
      .limit(1);
    return event?.id;
  },

  /** This gateway's requests not yet ended, oldest first. */
  async openRequests(db: Db, gateway: string, limit: number) {
    return db
      .select({ request: gatewayRefundRequests })
      .from(gatewayRefundRequests)
      .where(and(eq(gatewayRefundRequests.gateway, gateway), stillOpen))
      .orderBy(asc(gatewayRefundRequests.requestedAt))
      .limit(limit);
  },

  /** The request's latest event that names the gateway's refund. */
  async lastGatewayEvent(db: Db, requestId: string) {
    const [last] = await db
      .select()
      .from(gatewayRefundEvents)
      .where(and(eq(gatewayRefundEvents.requestId, requestId), isNotNull(gatewayRefundEvents.gatewayRefundId)))
      .orderBy(desc(gatewayRefundEvents.at))
      .limit(1);
    return last;
  },
};
