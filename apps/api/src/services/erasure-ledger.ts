/**
 * The money rows an erasure keeps (payments, refunds, concessions, refunds asked of the gateway,
 * tax documents) and the kept enrolments' history, with the person taken out of their free text.
 * Amounts, dates and numbers stay. A tax document keeps the buyer's name and address only where
 * GST law requires them: a registered buyer (GSTIN), or a taxable value of ₹50,000 or more
 * (CGST Rules 46(f)); a credit note follows its invoice.
 */
import type { Executor } from '../db/database';
import { erasureRepository as rows } from '../repositories/erasure-repository';
import { ERASED, mentions, scrub, type ErasedPerson } from './erasure-match';

/** Taxable value from which an invoice to an unregistered buyer must name them (₹50,000, in paise). */
export const NAMED_BUYER_FROM_PAISE = 5_000_000;

/** Scrubs the kept rows of these enrolments; answers how many tax documents lost the buyer's name. */
export async function scrubLedger(tx: Executor, kept: string[], person: ErasedPerson): Promise<number> {
  for (const p of await rows.payments(tx, kept)) {
    const next = {
      reference: p.reference === null ? null : scrub(p.reference, person),
      note: p.note === null ? null : scrub(p.note, person),
      voidReason: p.voidReason === null ? null : scrub(p.voidReason, person),
    };
    if (next.reference !== p.reference || next.note !== p.note || next.voidReason !== p.voidReason)
      await rows.setPaymentText(tx, p.id, next);
  }
  for (const r of await rows.refunds(tx, kept)) {
    const reason = scrub(r.reason, person);
    if (reason !== r.reason) await rows.setRefundReason(tx, r.id, reason);
  }
  for (const c of await rows.concessions(tx, kept)) {
    const reason = scrub(c.reason, person);
    if (reason !== c.reason) await rows.setConcessionReason(tx, c.id, reason);
  }
  for (const g of await rows.gatewayRefunds(tx, kept)) {
    const reason = scrub(g.reason, person);
    if (reason !== g.reason) await rows.setGatewayRefundReason(tx, g.id, reason);
  }
  for (const e of await rows.events(tx, kept)) {
    if (e.note !== null && mentions(e.note, person)) await rows.setEventNote(tx, e.id, scrub(e.note, person));
  }
  await scrubClaimsAndMessages(tx, kept, person);
  return scrubTaxDocuments(tx, kept, person);
}

/** A claim's rejection reason and what a message said (that reason among it) are staff's free text. */
async function scrubClaimsAndMessages(tx: Executor, kept: string[], person: ErasedPerson): Promise<void> {
  for (const c of await rows.claims(tx, kept)) {
    if (c.reason !== null && mentions(c.reason, person)) await rows.setClaimReason(tx, c.id, scrub(c.reason, person));
  }
  for (const m of await rows.messages(tx, kept)) {
    const params = Object.fromEntries(
      Object.entries(m.params).map(([key, value]) => [key, typeof value === 'string' ? scrub(value, person) : value]),
    );
    if (Object.entries(params).some(([key, value]) => value !== m.params[key]))
      await rows.setMessageParams(tx, m.id, params);
  }
}

async function scrubTaxDocuments(tx: Executor, kept: string[], person: ErasedPerson): Promise<number> {
  const docs = await rows.taxDocuments(tx, kept);
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
    await rows.setTaxDocumentText(tx, d.id, next);
    if (!keepBuyer) changed += 1;
  }
  return changed;
}
