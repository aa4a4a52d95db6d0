/**
 * Recording one statement line: the same call for a click on a matched line, a picked
 * suggestion, "record all" and a student's claim that agrees with a line already imported.
 */
import { PAYMENT_REFERENCE_MESSAGES } from '@registrar/contract/payment-references';
import { RECONCILIATION_MESSAGES as M, type StatementMode } from '@registrar/contract/reconciliation';
import type { Executor } from '../../db/database';
import { conflict, notFound } from '../../lib/http-errors';
import { enrollmentRepository } from '../../repositories/enrollment-repository';
import type { PaymentRow } from '../../repositories/payment-repository';
import { confirmClaims, markLinesRecorded } from '../../repositories/reconciliation-repository';
import { recordIncomingAll } from '../payment-intake';

/** Money already on the books under the same UTR: 409 naming the payment that holds it. */
export function utrTaken(payment: PaymentRow) {
  const message = `${PAYMENT_REFERENCE_MESSAGES.utrTaken}: ${payment.receiptNumber}`;
  return conflict(message, [{ path: 'utr', message }]);
}

export interface LineToRecord {
  id: string;
  rowNumber: number;
  postedOn: string;
  amountPaise: number;
  mode: string;
  utr?: string | null;
}

/** The installment of `number`, and whether it alone can hold the amount (else the oldest first). */
export async function installmentFor(tx: Executor, enrollmentId: string, number: number, amountPaise: number) {
  const schedule = await enrollmentRepository.schedule(tx, enrollmentId);
  const installment = schedule.find((s) => s.number === number);
  if (!installment) throw notFound(M.installmentNotFound);
  return amountPaise <= installment.amountPaise - installment.paidPaise ? installment.id : null;
}

export interface LineTarget {
  enrollmentId: string;
  installmentNumber: number;
}

/**
 * Records the line for that enrolment's installment. Money already on a payment under the same
 * UTR is not recorded again: the line is linked to that payment (`created` false) for the caller
 * to answer 409 naming it. A student's open claim of the same UTR on that enrolment is confirmed.
 */
export async function recordLine(
  tx: Executor,
  line: LineToRecord,
  target: LineTarget,
  staffId: string | null,
): Promise<{ payment: PaymentRow; created: boolean }> {
  // Said here in the statement's own words; the intake judges the fit again under its locks.
  await installmentFor(tx, target.enrollmentId, target.installmentNumber, line.amountPaise);
  const [recorded] = await recordLines(tx, [{ line, target }], staffId);
  return recorded!;
}

/**
 * Records many lines in one go (an import's agreed lines, "record all matched"): each line whose
 * UTR is not yet on a payment becomes one and is marked recorded, with its claim confirmed; a line
 * whose UTR is taken records nothing and is marked recorded, linked to the payment holding it
 * (`created` false).
 */
export async function recordLines(
  tx: Executor,
  items: { line: LineToRecord; target: LineTarget }[],
  staffId: string | null,
  /** False when the lines are not yet in the table (an import writes them afterwards, as recorded). */
  { linesWritten = true } = {},
): Promise<{ payment: PaymentRow; created: boolean }[]> {
  const results = await recordIncomingAll(
    tx,
    items.map(({ line, target }) => ({
      enrollmentId: target.enrollmentId,
      installmentNumberIfFits: target.installmentNumber,
      amountPaise: line.amountPaise,
      mode: line.mode as StatementMode,
      paidOn: line.postedOn,
      source: 'statement' as const,
      sourceRef: line.id,
      utr: line.utr ?? null,
      note: `Bank statement line ${line.rowNumber}`,
      staffId,
      arrived: true,
    })),
  );
  const done = items.map((item, i) => {
    const { payment, created } = results[i]!;
    return {
      lineId: item.line.id,
      paymentId: payment.id,
      // A line whose money was already on the books goes with that payment, wherever it went.
      enrollmentId: created ? item.target.enrollmentId : payment.enrollmentId,
      installmentNumber: created ? item.target.installmentNumber : payment.installmentNumber,
      utr: created ? (item.line.utr ?? null) : null,
    };
  });
  for (let i = 0; i < done.length; i += CHUNK) {
    const chunk = done.slice(i, i + CHUNK);
    if (linesWritten) await markLinesRecorded(tx, chunk, staffId);
    const claimed = chunk.flatMap((d) => (d.utr ? [{ ...d, utr: d.utr }] : []));
    if (claimed.length) await confirmClaims(tx, claimed, staffId);
  }
  return results;
}

const CHUNK = 500;
