/** A digest's turn, claimed through `job_runs` so exactly one instance sends each digest. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * This turn of the `job` digest, or false when one went out less than `everyMs` ago. The row
 * stays locked until the transaction ends: an instance racing for it waits, then finds the turn taken.
 */
export async function claimDigestTurn(tx: Executor, job: string, everyMs: number, now: Date): Promise<boolean> {
  await tx.execute(sql`insert into job_runs (name, last_run_at) values (${job}, 'epoch') on conflict do nothing`);
  const claimed = await tx.execute(
    sql`update job_runs set last_run_at = ${now.toISOString()}::timestamptz where name = ${job}
      and last_run_at <= ${new Date(now.getTime() - everyMs).toISOString()}::timestamptz returning name`,
  );
  return rowsOf(claimed).length === 1;
}
