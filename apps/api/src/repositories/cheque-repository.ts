/** A cheque's outcome rows, and the charge lines a bounce adds to the dues. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { chequeEvents, installments } from '../db/schema';

export const chequeRepository = {
  async outcomeOf(tx: Executor, paymentId: string) {
    return (await tx.select().from(chequeEvents).where(eq(chequeEvents.paymentId, paymentId)).limit(1))[0];
  },

  async record(tx: Executor, values: typeof chequeEvents.$inferInsert): Promise<void> {
    await tx.insert(chequeEvents).values(values);
  },

  async addChargeLine(tx: Executor, values: typeof installments.$inferInsert): Promise<void> {
    await tx.insert(installments).values(values);
  },
};
