/**
 * The `verify-ledger` check of filed GST months: a month's return is final once marked filed, so
 * no tax document may be in a filed month unless it was made before the filing.
 */
import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../db/database';

export async function verifyFiledPeriods(db: Db): Promise<string[]> {
  const late = await sqlRows<{ number: string; period: string; filed_at: string }>(
    db,
    sql`select d.number, d.period, f.filed_at::text as filed_at
        from tax_documents d join gst_filed_periods f on f.gstin = d.gstin and f.period = d.period
        where d.created_at > f.filed_at
        order by d.number`,
  );
  return late.map((d) => `${d.number}: in ${d.period}, made after that month was marked filed (${d.filed_at})`);
}
