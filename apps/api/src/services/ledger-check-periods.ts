/**
 * The `verify-ledger` check of filed GST months: a month's return is final once marked filed, so
 * no tax document may be in a filed month unless it was made before the filing.
 */
import type { Db } from '../db/database';
import { ledgerCheckRepository } from '../repositories/ledger-check-repository';

export async function verifyFiledPeriods(db: Db): Promise<string[]> {
  const late = await ledgerCheckRepository.lateTaxDocuments(db);
  return late.map((d) => `${d.number}: in ${d.period}, made after that month was marked filed (${d.filed_at})`);
}
