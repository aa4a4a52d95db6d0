/**
 * The money rows an erasure keeps (payments, refunds, concessions, refunds asked of the gateway,
 * tax documents) and the kept enrolments' history, with the person taken out of their free text.
 * Amounts, dates and numbers stay. A tax document keeps the buyer's name and address only where
 * GST law requires them: a registered buyer (GSTIN), or a taxable value of ₹50,000 or more
 * (CGST Rules 46(f)); a credit note follows its invoice.
 */
import { inArray } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import {
  concessions,
  enrollmentEvents,
  gatewayRefundRequests,
  paymentClaims,
  payments,
  refunds,
  studentMessages,
  taxDocuments,
} from '../db/schema';
import { ERASED, mentions, scrub, type ErasedPerson } from './erasure-match';

/** Taxable value from which an invoice to an unregistered buyer must name them (₹50,000, in paise). */
export const NAMED_BUYER_FROM_PAISE = 5_000_000;

/** Scrubs the kept rows of these enrolments; answers how many tax documents lost the buyer's name. */
export async function scrubLedger(tx: Executor, kept: string[], person: ErasedPerson): Promise<number> {
  for (const p of await tx.select().from(payments).where(inArray(payments.enrollmentId, kept))) {
    const next = {
      reference: p.reference === null ? null : scrub(p.reference, person),
      note: p.note === null ? null : scrub(p.note, person),
      voidReason: p.voidReason === null ? null : scrub(p.voidReason, person),
    };
    if (next.reference !== p.reference || next.note !== p.note || next.voidReason !== p.voidReason)
      await tx.update(payments).set(next).where(eq(payments.id, p.id));
  }
  for (const r of await tx.select().from(refunds).where(inArray(refunds.enrollmentId, kept))) {
    const reason = scrub(r.reason, person);
    if (reason !== r.reason) await tx.update(refunds).set({ reason }).where(eq(refunds.id, r.id));
  }
  for (const c of await tx.select().from(concessions).where(inArray(concessions.enrollmentId, kept))) {
    const reason = scrub(c.reason, person);
    if (reason !== c.reason) await tx.update(concessions).set({ reason }).where(eq(concessions.id, c.id));
  }
  for (const g of await tx
    .select()
    .from(gatewayRefundRequests)
    .where(inArray(gatewayRefundRequests.enrollmentId, kept))) {
    const reason = scrub(g.reason, person);
    if (reason !== g.reason)
      await tx.update(gatewayRefundRequests).set({ reason }).where(eq(gatewayRefundRequests.id, g.id));
  }
  for (const e of await tx.select().from(enrollmentEvents).where(inArray(enrollmentEvents.enrollmentId, kept))) {
    if (e.note !== null && mentions(e.note, person))
      await tx
        .update(enrollmentEvents)
        .set({ note: scrub(e.note, person) })
        .where(eq(enrollmentEvents.id, e.id));
  }
  await scrubClaimsAndMessages(tx, kept, person);
  return scrubTaxDocuments(tx, kept, person);
}

/** A claim's rejection reason and what a message said (that reason among it) are staff's free text. */
async function scrubClaimsAndMessages(tx: Executor, kept: string[], person: ErasedPerson): Promise<void> {
  for (const c of await tx.select().from(paymentClaims).where(inArray(paymentClaims.enrollmentId, kept))) {
    if (c.reason !== null && mentions(c.reason, person))
      await tx
        .update(paymentClaims)
        .set({ reason: scrub(c.reason, person) })
        .where(eq(paymentClaims.id, c.id));
  }
  for (const m of await tx.select().from(studentMessages).where(inArray(studentMessages.enrollmentId, kept))) {
    const params = Object.fromEntries(
      Object.entries(m.params).map(([key, value]) => [key, typeof value === 'string' ? scrub(value, person) : value]),
    );
    if (Object.entries(params).some(([key, value]) => value !== m.params[key]))
      await tx.update(studentMessages).set({ params }).where(eq(studentMessages.id, m.id));
  }
}

async function scrubTaxDocuments(tx: Executor, kept: string[], person: ErasedPerson): Promise<number> {
  const docs = await tx.select().from(taxDocuments).where(inArray(taxDocuments.enrollmentId, kept));
  const byId = new Map(docs.map((d) => [d.id, d]));
  const named = (d: (typeof docs)[number]): boolean => !!d.buyerGstin || d.taxablePaise >= NAMED_BUYER_FROM_PAISE;
  let changed = 0;
  for (const d of docs) {
    const original = d.originalId ? byId.get(d.originalId) : undefined;
    const cancelReason = d.cancelReason === null ? null : scrub(d.cancelReason, person);
    const keepBuyer = named(d) || (original !== undefined && named(original));
    const next = keepBuyer ? { cancelReason } : { cancelReason, buyerName: ERASED, buyerAddress: ERASED };
    if (keepBuyer && cancelReason === d.cancelReason) continue;
    if (!keepBuyer && d.buyerName === ERASED && d.buyerAddress === ERASED && cancelReason === d.cancelReason) continue;
    await tx.update(taxDocuments).set(next).where(eq(taxDocuments.id, d.id));
    if (!keepBuyer) changed += 1;
  }
  return changed;
}
