/**
 * The `verify-ledger` checks of how money came and went: every payment and refund has a known
 * mode and a UTR that fits it, every refund's effect left its trace (a concession of the same
 * amount, a cancelled enrolment), and every cheque's outcome is consistent with its payment (a
 * cheque's own, dated on or after it was received, a fee only when it bounced).
 */
import { RECORDED_PAYMENT_MODES, type RecordedPaymentMode } from '@registrar/contract/constants';
import { isUtrFor } from '@registrar/contract/payment-references';
import type { Db } from '../db/database';
import { ledgerCheckRepository } from '../repositories/ledger-check-repository';

const MODES: readonly string[] = RECORDED_PAYMENT_MODES;

export async function verifyAccounts(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const p of await ledgerCheckRepository.paymentModes(db)) {
    if (!MODES.includes(p.mode)) problems.push(`${p.receipt_number}: unknown payment mode ${p.mode}`);
    else if (p.utr && !isUtrFor(p.utr, p.mode as RecordedPaymentMode))
      problems.push(`${p.receipt_number}: UTR ${p.utr} does not fit a ${p.mode} payment`);
  }
  for (const r of await ledgerCheckRepository.refundModes(db))
    if (!MODES.includes(r.mode)) problems.push(`${r.refund_number}: unknown refund mode ${r.mode}`);

  // A lower-fee refund carries one concession of its own amount; an ending refund left its enrolment closed.
  for (const r of await ledgerCheckRepository.refundEffects(db)) {
    if (r.effect === 'lower-fee' && r.conceded !== r.amount)
      problems.push(`${r.refund_number}: lowers the fee by ${r.amount} paise but concessions say ${r.conceded}`);
    if (r.effect === 'end-enrolment' && r.status !== 'cancelled' && r.status !== 'rejected')
      problems.push(`${r.refund_number}: ends the enrolment but it is ${r.status}`);
    if ((r.effect === 'owed-again' || r.effect === 'credit') && r.conceded !== '0')
      problems.push(`${r.refund_number}: ${r.effect} refund carries a concession`);
  }

  // A cheque's outcome belongs to a cheque, comes after it was received, and only a bounce charges a fee;
  // a bounced cheque's payment is voided.
  for (const c of await ledgerCheckRepository.oddChequeOutcomes(db)) {
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
