/**
 * The one way money enters the ledger. Staff entry, the payment gateway (webhook, browser return,
 * reconciler), a confirmed bank-statement line, a confirmed student claim and an import all call
 * `recordIncoming` inside their own transaction, so each door's own state (an order paid, a line
 * matched) commits together with the payment, its receipt number and its paid sums.
 *
 * Each door's natural key is unique in the database (gateway payment id; UTR among live
 * payments); the key is locked before it is looked up, so a second arrival of the same money —
 * from the same door or another, at the same moment or a day later — finds the first payment
 * instead of adding one.
 */
import { randomUUID } from 'node:crypto';
import { allocatePayments } from '@registrar/contract/fee-plan';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { PAYMENT_MODE_NAMES, type PaymentSource, type RecordedPaymentMode } from '@registrar/contract/constants';
import { formatRupeesExact } from '@registrar/contract/language';
import type { Executor } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { toRupees } from '../lib/money';
import { intakeRepository } from '../repositories/intake-repository';
import type { InstallmentRow } from '../repositories/enrollment-repository';
import type { PaymentRow } from '../repositories/payment-repository';
import { invoiceContext, issueForPayment, type InvoiceContext } from './gst/tax-documents';
import { reconcilePaid } from './fee-reconcile';
import { tellOfPayments } from './student-messages';

const CLOSED = ['rejected', 'cancelled'];
const inr = (paise: number) => formatRupeesExact(toRupees(paise));

export interface IncomingPayment {
  enrollmentId: string;
  /** The installment it was paid for; null or absent: the oldest installments first. */
  installmentId?: string | null;
  /**
   * Instead of an id (a statement line, a claim): that installment when it alone can still hold
   * the amount, as the payments before it left it; otherwise the oldest installments first.
   */
  installmentNumberIfFits?: number | null;
  amountPaise: number;
  mode: RecordedPaymentMode;
  paidOn: string;
  source: PaymentSource;
  /** The door's own record: an order id, a statement line id, a claim id, an import id. */
  sourceRef?: string | null;
  reference?: string | null;
  note?: string | null;
  utr?: string | null;
  gatewayPaymentId?: string | null;
  chequeNumber?: string | null;
  bankName?: string | null;
  chequeDate?: string | null;
  /** Null for a door no person worked (a webhook, the reconciler). */
  staffId: string | null;
  /**
   * The money has already reached the institute (gateway, statement, claim, import): it is never
   * refused — not for a paid installment, a closed enrolment or an amount over the dues. What the
   * schedule cannot hold stays on the enrolment as a credit to refund. Staff typing a payment in
   * get the guards instead (more than owed, closed enrolment).
   */
  arrived: boolean;
  /** An imported payment keeps the institute's earlier receipt number and takes none of ours. */
  importedReceiptNumber?: string | null;
}

export interface RecordedIncoming {
  payment: PaymentRow;
  /** False when the same money (gateway payment id or UTR) was already recorded: `payment` is that one. */
  created: boolean;
}

export async function recordIncoming(tx: Executor, input: IncomingPayment): Promise<RecordedIncoming> {
  return (await recordIncomingAll(tx, [input]))[0]!;
}

type Net = { id: string; installmentId: string | null; netPaise: number };

/**
 * `recordIncoming` for many payments in one transaction, as if each were recorded after the one
 * before: the same locks, checks, numbers and allocation, read and written once for the batch.
 * Any refusal refuses the batch.
 */
export async function recordIncomingAll(tx: Executor, inputs: IncomingPayment[]): Promise<RecordedIncoming[]> {
  for (const input of inputs)
    if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0)
      throw badRequest(FEE_MESSAGES.amountInvalid);
  if (!inputs.length) return [];
  const keyOf = (input: IncomingPayment) =>
    [input.gatewayPaymentId && `gateway:${input.gatewayPaymentId}`, input.utr && `utr:${input.utr}`].filter(
      (k): k is string => !!k,
    );
  // Serialises every arrival of one natural key until commit, across instances and enrolments.
  await intakeRepository.lockKeys(tx, inputs.flatMap(keyOf));
  const ids = [...new Set(inputs.map((i) => i.enrollmentId))];
  const locked = await intakeRepository.lockEnrollments(tx, ids);
  if (locked.size < ids.length) throw notFound(ENROLLMENT_MESSAGES.notFound);
  const taken = await intakeRepository.byNaturalKeys(
    tx,
    inputs.flatMap((i) => (i.utr ? [i.utr] : [])),
    inputs.flatMap((i) => (i.gatewayPaymentId ? [i.gatewayPaymentId] : [])),
  );
  const schedules = await intakeRepository.schedules(tx, ids);
  const working = new Map([...schedules].map(([id, rows]) => [id, rows.map((r) => ({ ...r }))]));
  const nets = await intakeRepository.netPayments(tx, ids);

  // Each payment is judged on the schedule as the ones before it in the batch left it.
  const planned: {
    input: IncomingPayment;
    id: string;
    installmentId: string | null;
    number: number;
    taxRateBp?: InstallmentRow['taxRateBp'];
    earlier?: PaymentRow | string;
    held?: boolean;
  }[] = [];
  const keyed = new Map<string, string>();
  for (const input of inputs) {
    const keys = keyOf(input);
    const earlier = keys.map((k) => taken.get(k) ?? keyed.get(k)).find((p) => p !== undefined);
    if (earlier) {
      planned.push({ input, id: '', installmentId: null, number: 0, earlier });
      continue;
    }
    const schedule = working.get(input.enrollmentId)!;
    const installmentId = input.installmentId ?? fitting(input, schedule);
    const target = installmentFor({ ...input, installmentId }, schedule, locked.get(input.enrollmentId)!.status);
    const { number, taxRateBp } = target;
    const id = randomUUID();
    for (const k of keys) keyed.set(k, id);
    // A closed enrolment owes nothing: what still reaches it is kept apart as a credit to refund.
    if (CLOSED.includes(locked.get(input.enrollmentId)!.status)) {
      planned.push({ input, id, installmentId: null, number, taxRateBp, held: true });
      continue;
    }
    planned.push({ input, id, installmentId, number, taxRateBp });
    const net: Net[] = nets.get(input.enrollmentId)!;
    net.push({ id, installmentId, netPaise: input.amountPaise });
    const { paidPaise } = allocatePayments(schedule, net);
    for (const [i, row] of schedule.entries()) row.paidPaise = paidPaise[i]!;
  }
  const fresh = planned.filter((p) => !p.earlier);

  // Money the institute already accounted for before it moved in is never invoiced again; read
  // before the receipt counter is locked, so that lock is held no longer than the writes need.
  const invoicing = new Map<string, InvoiceContext>();
  const invoiced = [...new Set(fresh.filter((p) => p.input.source !== 'import').map((p) => p.input.enrollmentId))];
  for (const id of invoiced) {
    const context = await invoiceContext(tx, id);
    // GST is off for every enrolment alike: one look is enough.
    if (!context) break;
    invoicing.set(id, context);
  }
  const live = await intakeRepository.nextReceiptNumbers(
    tx,
    Number(localIsoDate().slice(0, 4)),
    fresh.filter((p) => !p.input.importedReceiptNumber).length,
  );
  const values = fresh.map(({ input, id, installmentId, number, held }) => ({
    id,
    enrollmentId: input.enrollmentId,
    installmentId,
    installmentNumber: number,
    amountPaise: input.amountPaise,
    mode: input.mode,
    paidOn: input.paidOn,
    reference: input.reference || null,
    note: input.note || null,
    receiptNumber: input.importedReceiptNumber ?? live.shift()!,
    recordedBy: input.staffId,
    source: input.source,
    sourceRef: input.sourceRef ?? null,
    utr: input.utr || null,
    gatewayPaymentId: input.gatewayPaymentId || null,
    chequeNumber: input.chequeNumber || null,
    bankName: input.bankName || null,
    chequeDate: input.chequeDate || null,
    heldAsCredit: held === true,
  }));
  const inserted = new Map((await intakeRepository.insertPayments(tx, values)).map((p) => [p.id, p]));
  await intakeRepository.linkWaitingLines(
    tx,
    values.flatMap((v) => (v.utr ? [{ utr: v.utr, paymentId: v.id }] : [])),
  );
  await reconcilePaid(tx, [...new Set(fresh.map((p) => p.input.enrollmentId))], schedules);
  for (const p of fresh) {
    const context = invoicing.get(p.input.enrollmentId);
    if (context) await issueForPayment(tx, inserted.get(p.id)!, context, p.taxRateBp);
  }
  await intakeRepository.addEvents(
    tx,
    fresh.map(({ input, id, number, held }) => {
      const via = input.source === 'staff' ? '' : ` (${input.source})`;
      const what = held ? FEE_MESSAGES.heldAsCredit : `for installment ${number}`;
      return {
        enrollmentId: input.enrollmentId,
        kind: 'payment_recorded',
        note: `${inserted.get(id)!.receiptNumber}: ${inr(input.amountPaise)} by ${PAYMENT_MODE_NAMES[input.mode]} ${what}${via}`,
        staffId: input.staffId,
      };
    }),
  );
  await tellOfPayments(
    tx,
    fresh.filter((p) => p.input.source !== 'import').map((p) => inserted.get(p.id)!),
  );
  return planned.map((p) =>
    p.earlier
      ? { payment: typeof p.earlier === 'string' ? inserted.get(p.earlier)! : p.earlier, created: false }
      : { payment: inserted.get(p.id)!, created: true },
  );
}

/** The installment named by number when it alone can still hold the amount, else none. */
function fitting(input: IncomingPayment, schedule: InstallmentRow[]): string | null {
  if (input.installmentNumberIfFits == null) return null;
  const installment = schedule.find((s) => s.number === input.installmentNumberIfFits);
  if (!installment) throw notFound(FEE_MESSAGES.installmentNotFound);
  return input.amountPaise <= installment.amountPaise - installment.paidPaise ? installment.id : null;
}

/**
 * The installment number a payment is for, after the guards staff entry gets. Money with no
 * installment named goes to the oldest that still owes (the allocation does the same); the number
 * is what receipts show it was for.
 */
function installmentFor(input: IncomingPayment, schedule: InstallmentRow[], status: string): InstallmentRow {
  let installment = input.installmentId ? schedule.find((s) => s.id === input.installmentId) : undefined;
  if (input.installmentId && !installment) throw notFound(FEE_MESSAGES.installmentNotFound);
  if (!input.arrived) {
    if (CLOSED.includes(status)) throw conflict(FEE_MESSAGES.enrollmentClosed);
    if (!installment) throw notFound(FEE_MESSAGES.installmentNotFound);
    const owed = installment.amountPaise - installment.paidPaise;
    if (owed <= 0) throw conflict(FEE_MESSAGES.installmentPaid);
    if (input.amountPaise > owed) {
      const message = `${FEE_MESSAGES.amountTooMuch} (${inr(owed)})`;
      throw badRequest(message, [{ path: 'amount', message }]);
    }
  }
  installment ??= schedule.find((s) => s.amountPaise > s.paidPaise) ?? schedule[schedule.length - 1];
  if (!installment) throw conflict(ENROLLMENT_MESSAGES.notFound);
  return installment;
}
