/**
 * The `verify-ledger` check of closed enrolments: money recorded after an enrolment was cancelled
 * or rejected pays none of its installments, so all of it, less what was refunded, is the credit
 * to refund that the enrolment, the dashboard and the collections screen show.
 */
import type { Db } from '../db/database';
import { ledgerCheckRepository } from '../repositories/ledger-check-repository';
import { formatInr } from './fee-service';

export async function verifyClosedCredits(db: Db): Promise<string[]> {
  const rows = await ledgerCheckRepository.closedCreditMismatches(db);
  return rows.map(
    (r) =>
      `${r.enrollment_number}: ${formatInr(Number(r.after))} paid after it was ${r.status}, less refunds, but ${formatInr(Number(r.held))} held as a credit to refund`,
  );
}
