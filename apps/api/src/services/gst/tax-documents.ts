/**
 * Issuing GST documents inside the money transactions: a tax invoice (or a bill of supply for an
 * exempt course) for each payment recorded while GST is on, a cancellation or credit note when
 * the payment is voided, a credit note for each refund. Numbers come from counter rows locked
 * by the paying transaction, so a rolled-back payment leaves no gap.
 */
import { localIsoDate } from '@registrar/contract/enrollment';
import { documentNumber, financialYear, splitTax, type TaxSplit } from '@registrar/contract/gst';
import type { Executor } from '../../db/database';
import type { PaymentRow } from '../../repositories/payment-repository';
import { gstRepository, type TaxDocumentRow, type TaxDocumentSeries } from '../../repositories/gst-repository';

const SERIES: Record<TaxDocumentRow['kind'], TaxDocumentSeries> = {
  invoice: 'INV',
  bill_of_supply: 'BOS',
  credit_note: 'CN',
};

async function numbered(tx: Executor, gstin: string, kind: TaxDocumentRow['kind'], issuedOn: string) {
  const fy = financialYear(issuedOn);
  const n = await gstRepository.nextNumber(tx, gstin, SERIES[kind], fy);
  return { fy, number: documentNumber(SERIES[kind], fy, n), issuedOn, period: issuedOn.slice(0, 7) };
}

/** What an invoice needs besides the payment; null while GST is off. */
export type InvoiceContext = NonNullable<Awaited<ReturnType<typeof invoiceContext>>>;

/**
 * Read before the paying transaction takes its number locks, so they are held no longer than
 * the writes need: the settings, the buyer and the course in one query.
 */
export async function invoiceContext(tx: Executor, enrollmentId: string) {
  const row = await gstRepository.invoiceContext(tx, enrollmentId);
  if (!row?.settings.enabled || !row.settings.gstin) return null;
  return { ...row, gstin: row.settings.gstin };
}

/**
 * The invoice or bill of supply of a payment just recorded; none while GST is off (and never
 * later for it). Place of supply for training: a registered buyer's State; otherwise where a
 * classroom course is held, or the student's State for an online one. A payment towards an
 * installment that had tax added on top is invoiced at that rate, so its taxable value is the
 * course's price whatever the course's rate is now.
 */
export async function issueForPayment(
  tx: Executor,
  payment: PaymentRow,
  { settings, enrollment, course, gstin }: InvoiceContext,
  addedRateBp = 0,
): Promise<TaxDocumentRow> {
  const supplierState = settings.stateCode ?? gstin.slice(0, 2);
  const buyerState = enrollment.state ?? enrollment.gstin?.slice(0, 2) ?? supplierState;
  const placeOfSupply = enrollment.gstin
    ? enrollment.gstin.slice(0, 2)
    : course.deliveryMode === 'online'
      ? buyerState
      : supplierState;
  const interState = placeOfSupply !== supplierState;
  const kind = course.gstExempt ? 'bill_of_supply' : 'invoice';
  const rateBp = course.gstExempt ? 0 : addedRateBp || course.gstRateBp;
  const split: TaxSplit = splitTax(Number(payment.amountPaise), rateBp, interState);
  return gstRepository.insert(tx, {
    kind,
    gstin,
    ...(await numbered(tx, gstin, kind, localIsoDate())),
    enrollmentId: payment.enrollmentId,
    paymentId: payment.id,
    supplierName: settings.legalName,
    supplierAddress: settings.address,
    supplierState,
    buyerName: enrollment.name,
    buyerAddress: enrollment.permanentAddress || enrollment.currentAddress,
    buyerState,
    buyerGstin: enrollment.gstin,
    sac: course.sac,
    description: `${course.name}: course fee, installment ${payment.installmentNumber}`,
    rateBp,
    placeOfSupply,
    interState,
    ...split,
  });
}

/** The share of `part` in `of`, so partial credits add up to the whole exactly when complete. */
const share = (whole: number, before: number, part: number, of: number) =>
  Math.round((whole * (before + part)) / of) - Math.round((whole * before) / of);

/** A credit note against `original` for `valuePaise` of it, its tax reversed in proportion. */
async function creditNote(
  tx: Executor,
  original: TaxDocumentRow,
  valuePaise: number,
  refundId: string | null,
): Promise<TaxDocumentRow> {
  const before = (await gstRepository.credited(tx, original.id)).valuePaise;
  const of = original.valuePaise;
  const taxablePaise = share(original.taxablePaise, before, valuePaise, of);
  const cgstPaise = share(original.cgstPaise, before, valuePaise, of);
  const igstPaise = share(original.igstPaise, before, valuePaise, of);
  const { id: _id, createdAt: _c, cancelledAt: _a, cancelledBy: _b, cancelReason: _r, ...copied } = original;
  return gstRepository.insert(tx, {
    ...copied,
    kind: 'credit_note',
    ...(await numbered(tx, original.gstin, 'credit_note', localIsoDate())),
    refundId,
    originalId: original.id,
    valuePaise,
    taxablePaise,
    cgstPaise,
    sgstPaise: cgstPaise,
    igstPaise,
    roundOffPaise: valuePaise - taxablePaise - 2 * cgstPaise - igstPaise,
  });
}

/** A refund of a taxed payment issues a credit note quoting its invoice (none for a bill of supply). */
export async function creditRefund(
  tx: Executor,
  refund: { id: string; paymentId: string; amountPaise: number },
): Promise<TaxDocumentRow | null> {
  const original = await gstRepository.original(tx, refund.paymentId);
  if (!original || original.kind !== 'invoice' || original.cancelledAt) return null;
  return creditNote(tx, original, refund.amountPaise, refund.id);
}

/**
 * A voided payment's document: cancelled while its month's GSTR-1 is not filed (the number
 * stays used, listed as cancelled); after that, a credit note for what is not yet credited.
 */
export async function voidDocuments(
  tx: Executor,
  payment: PaymentRow,
  reason: string,
  staffId: string | null,
): Promise<void> {
  const original = await gstRepository.original(tx, payment.id);
  if (!original || original.cancelledAt) return;
  if (!(await gstRepository.isFiled(tx, original.gstin, original.period))) {
    await gstRepository.cancel(tx, original.id, reason, staffId);
    return;
  }
  if (original.kind !== 'invoice') return;
  const left = original.valuePaise - (await gstRepository.credited(tx, original.id)).valuePaise;
  if (left > 0) await creditNote(tx, original, left, null);
}
