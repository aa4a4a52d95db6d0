/** Writing a statement's lines. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { bankStatementLines } from '../../db/schema';

const CHUNK = 2000;

/**
 * Inserts the lines as one JSON parameter per chunk: thousands of lines cost a few statements and
 * no per-value parameter building.
 */
export async function insertLines(
  tx: Executor,
  lines: (typeof bankStatementLines.$inferInsert & { id: string })[],
): Promise<void> {
  for (let i = 0; i < lines.length; i += CHUNK) {
    const json = JSON.stringify(
      lines.slice(i, i + CHUNK).map((l) => ({
        id: l.id,
        statement_id: l.statementId,
        row_number: l.rowNumber,
        posted_on: l.postedOn,
        narration: l.narration,
        reference: l.reference ?? null,
        amount_paise: l.amountPaise,
        mode: l.mode,
        utr: l.utr ?? null,
        payer_name: l.payerName ?? null,
        vpa: l.vpa ?? null,
        state: l.state,
        enrollment_id: l.enrollmentId ?? null,
        installment_number: l.installmentNumber ?? null,
        candidates: l.candidates ?? [],
        payment_id: l.paymentId ?? null,
        handled_by: l.handledBy ?? null,
        handled_at: l.handledAt ?? null,
      })),
    );
    await tx.execute(sql`
      insert into bank_statement_lines (id, statement_id, row_number, posted_on, narration, reference, amount_paise,
        mode, utr, payer_name, vpa, state, enrollment_id, installment_number, candidates, payment_id, handled_by, handled_at)
      select id, statement_id, row_number, posted_on, narration, reference, amount_paise,
        mode, utr, payer_name, vpa, state, enrollment_id, installment_number, candidates, payment_id, handled_by, handled_at
      from jsonb_to_recordset(${json}::jsonb) as x(id uuid, statement_id uuid, row_number int, posted_on date,
        narration text, reference text, amount_paise bigint, mode text, utr text, payer_name text, vpa text, state text,
        enrollment_id uuid, installment_number int, candidates jsonb, payment_id uuid, handled_by uuid,
        handled_at timestamptz)`);
  }
}
