/**
 * Orders a student opened at the gateway and never paid, cancelled when their enrolment is erased
 * or deleted. An order is never deleted (the gateway keeps it); detached, it points at no
 * enrolment, and money that still arrives for it waits for staff as unmatched.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { paymentOrders } from '../../db/schema';

/** Cancels the open (and failed) orders of these enrolments; `detach` also lets go of every cancelled one. Answers how many were cancelled. */
export async function cancelOpenOrders(tx: Executor, enrollmentIds: string[], detach: boolean): Promise<number> {
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
}
