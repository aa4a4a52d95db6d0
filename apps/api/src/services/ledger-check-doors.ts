/**
 * The `verify-ledger` checks that the doors money enters by agree with one another: one UTR is one
 * payment whichever door recorded it (the gateway's RRN included), and no statement line waits for
 * staff while a payment already holds its UTR.
 */
import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../db/database';

export async function verifyDoors(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const r of await sqlRows<{ utr: string; receipts: string }>(
    db,
    sql`select utr, string_agg(receipt_number || ' (' || source || ')', ', ' order by receipt_number) as receipts
        from payments where utr is not null and voided_at is null group by utr having count(*) > 1 order by utr`,
  ))
    problems.push(`UTR ${r.utr} is on more than one live payment: ${r.receipts}`);
  for (const r of await sqlRows<{ utr: string; row_number: number; file_name: string; receipt_number: string }>(
    db,
    sql`select l.utr, l.row_number, s.file_name, p.receipt_number
        from bank_statement_lines l join bank_statements s on s.id = l.statement_id
        join payments p on p.utr = l.utr and p.voided_at is null
        where l.state in ('matched', 'suggested', 'unmatched') order by s.file_name, l.row_number`,
  ))
    problems.push(
      `statement ${r.file_name} line ${r.row_number}: UTR ${r.utr} waits for staff but is on ${r.receipt_number}`,
    );
  return problems;
}
