/**
 * The `verify-ledger` checks that the doors money enters by agree with one another: one UTR is one
 * payment whichever door recorded it (the gateway's RRN included), and no statement line waits for
 * staff while a payment already holds its UTR.
 */
import type { Db } from '../db/database';
import { ledgerCheckRepository } from '../repositories/ledger-check-repository';

export async function verifyDoors(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const r of await ledgerCheckRepository.repeatedUtrs(db))
    problems.push(`UTR ${r.utr} is on more than one live payment: ${r.receipts}`);
  for (const r of await ledgerCheckRepository.waitingLinesWithTakenUtr(db))
    problems.push(
      `statement ${r.file_name} line ${r.row_number}: UTR ${r.utr} waits for staff but is on ${r.receipt_number}`,
    );
  return problems;
}
