/**
 * The `verify-ledger` checks of how money came and went: every payment and refund has a known
 * mode and a UTR that fits it, every refund's effect left its trace (a concession of the same
 * amount, a cancelled enrolment), and every cheque's outcome is consistent with its payment (a
 * cheque's own, dated on or after it was received, a fee only when it bounced).
 */
import { sql } from 'drizzle-orm';
import { RECORDED_PAYMENT_MODES, type RecordedPaymentMode } from '@registrar/contract/constants';
import { isUtrFor } from '@registrar/contract/payment-references';
import { sqlRows, type Db } from '../db/database';

const MODES: readonly string[] = RECORDED_PAYMENT_MODES;

export async function verifyAccounts(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const p of await sqlRows<{ receipt_number: string; mode: string; utr: string | null }>(
    db,
    sql`select receipt_number, mode, utr from payments`,
  )) {
    if (!MODES.includes(p.mode)) problems.push(`${p.receipt_number}: unknown payment mode ${p.mode}`);
    else if (p.utr && !isUtrFor(p.utr, p.mode as RecordedPaymentMode))
      problems.push(`${p.receipt_number}: UTR ${p.utr} does not fit a ${p.mode} payment`);
  }
  for (const r of await sqlRows<{ refund_number: string; mode: string }>(
    db,
    sql`select refund_number, mode from refunds`,
  ))
    if (!MODES.includes(r.mode)) problems.push(`${r.refund_number}: unknown refund mode ${r.mode}`);

  // A lower-fee refund carries one concession of its own amount; an ending refund left its enrolment closed.
  for (const r of await sqlRows<{
    refund_number: string;
    effect: string;
    amount: string;
    conceded: string;
    status: string;
  }>(
    db,
    sql`select r.refund_number, r.effect, r.amount_paise::text as amount, e.status,
               coalesce((select sum(c.amount_paise) from concessions c where c.refund_id = r.id), 0)::text as conceded
        from refunds r join enrollments e on e.id = r.enrollment_id`,
  )) {
    if (r.effect === 'lower-fee' && r.conceded !== r.amount)
      problems.push(`${r.refund_number}: lowers the fee by ${r.amount} paise but concessions say ${r.conceded}`);
    if (r.effect === 'end-enrolment' && r.status !== 'cancelled' && r.status !== 'rejected')
      problems.push(`${r.refund_number}: ends the enrolment but it is ${r.status}`);
    if ((r.effect === 'owed-again' || r.effect === 'credit') && r.conceded !== '0')
      problems.push(`${r.refund_number}: ${r.effect} refund carries a concession`);
  }

  // A cheque's outcome belongs to a cheque, comes after it was received, and only a bounce charges a fee;
  // a bounced cheque's payment is voided.
  for (const c of await sqlRows<{
    receipt_number: string;
    state: string;
    mode: string;
    voided: boolean;
    early: boolean;
    fee: boolean;
    elsewhere: boolean;
    on: string;
    paid_on: string;
  }>(
    db,
    sql`select p.receipt_number, c.state, p.mode, p.voided_at is not null as voided,
               c.occurred_on < p.paid_on as early, (c.state <> 'bounced' and c.bounce_fee_paise > 0) as fee,
               c.enrollment_id <> p.enrollment_id as elsewhere, c.occurred_on::text as on, p.paid_on::text as paid_on
        from cheque_events c join payments p on p.id = c.payment_id
        where p.mode <> 'cheque' or (c.state = 'bounced' and p.voided_at is null) or c.enrollment_id <> p.enrollment_id
           or c.occurred_on < p.paid_on or (c.state <> 'bounced' and c.bounce_fee_paise > 0)`,
  )) {
    if (c.mode !== 'cheque')
      problems.push(`${c.receipt_number}: a ${c.mode} payment has a cheque outcome (${c.state})`);
    if (c.mode === 'cheque' && c.state === 'bounced' && !c.voided)
      problems.push(`${c.receipt_number}: cheque bounced but the payment stands`);
    if (c.elsewhere) problems.push(`${c.receipt_number}: cheque outcome filed under another enrolment`);
    if (c.early)
      problems.push(`${c.receipt_number}: cheque ${c.state} on ${c.on}, before it was received on ${c.paid_on}`);
    if (c.fee) problems.push(`${c.receipt_number}: cheque ${c.state} but charged a bounce fee`);
  }
  return problems.sort();
}
