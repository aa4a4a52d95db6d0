/**
 * The tax invoice, bill of supply or credit note PDF with the particulars Rule 46 (and Rules 49
 * and 53 for the other two) asks for: supplier and buyer, number and date, SAC, value, taxable
 * value, rate and amount of each tax, place of supply, reverse charge, amount in words, signature.
 */
import { rupeesInWords } from '@registrar/contract/amount-words';
import { GST_STATES, type GstStateCode } from '@registrar/contract/gst';
import { formatRupeesExact } from '@registrar/contract/language';
import { toRupees } from '../../lib/money';
import { startPdf } from '../fee-statement-pdf';
import type { TaxDocumentRow } from '../../repositories/gst-repository';

const TITLES: Record<TaxDocumentRow['kind'], string> = {
  invoice: 'Tax invoice',
  bill_of_supply: 'Bill of supply',
  credit_note: 'Credit note',
};
const state = (code: string) => `${GST_STATES[code as GstStateCode] ?? code} (${code})`;
const inr = (paise: number) => formatRupeesExact(toRupees(paise));
const percent = (bp: number) => `${bp / 100}%`;
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** The rows of tax on a document: CGST and SGST halves, or IGST; none on a bill of supply. */
export function taxLines(d: TaxDocumentRow): { label: string; paise: number }[] {
  if (d.kind === 'bill_of_supply') return [];
  if (d.interState) return [{ label: `IGST @ ${percent(d.rateBp)}`, paise: d.igstPaise }];
  return [
    { label: `CGST @ ${percent(d.rateBp / 2)}`, paise: d.cgstPaise },
    { label: `SGST/UTGST @ ${percent(d.rateBp / 2)}`, paise: d.sgstPaise },
  ];
}

export async function renderTaxDocument(d: TaxDocumentRow, original: TaxDocumentRow | null): Promise<Buffer> {
  const title = TITLES[d.kind];
  const { doc, write, done } = await startPdf(`${title} ${d.number}`);
  doc.fillColor('#241D3B').fontSize(12);
  write(d.supplierName, {}, 'bold');
  doc.fontSize(9).fillColor('#55536a');
  write(d.supplierAddress);
  write(`GSTIN: ${d.gstin} · State: ${state(d.supplierState)}`);
  doc.moveDown(1).fontSize(16).fillColor('#1d1b26');
  write(d.cancelledAt ? `${title} (CANCELLED)` : title, {}, 'bold');
  doc.fontSize(10).moveDown(0.5);
  const line = (label: string, value: string) => {
    doc.font('bold').text(`${label}: `, { continued: true });
    write(value);
  };
  line(d.kind === 'credit_note' ? 'Credit note number' : 'Number', d.number);
  line('Date', ddmmyyyy(d.issuedOn));
  if (original) line('Against invoice', `${original.number} of ${ddmmyyyy(original.issuedOn)}`);
  doc.moveDown(0.5);
  line('Billed to', d.buyerName);
  line('Address', d.buyerAddress);
  line('State', state(d.buyerState));
  if (d.buyerGstin) line('GSTIN', d.buyerGstin);
  line('Place of supply', state(d.placeOfSupply));
  doc.moveDown(0.5);
  line('SAC', d.sac);
  line('Description', d.description);
  doc.moveDown(0.5);
  const rows: [string, number][] = [
    [d.kind === 'bill_of_supply' ? 'Value (exempt supply)' : 'Taxable value', d.taxablePaise],
    ...taxLines(d).map((t): [string, number] => [t.label, t.paise]),
  ];
  if (d.roundOffPaise !== 0) rows.push(['Round-off', d.roundOffPaise]);
  for (const [label, paise] of rows) line(label, inr(paise));
  doc.fontSize(13);
  line(d.kind === 'credit_note' ? 'Total credited' : 'Total value', inr(d.valuePaise));
  doc.fontSize(10);
  line('In words', `${rupeesInWords(toRupees(d.valuePaise))} only`);
  doc.moveDown(0.5);
  write(d.kind === 'bill_of_supply' ? 'Exempt supply: no tax is charged.' : 'Tax is not payable on reverse charge.');
  if (d.cancelledAt) {
    doc.moveDown(0.5).fillColor('#b00020');
    write(`Cancelled: ${d.cancelReason ?? ''}`, {}, 'bold');
    doc.fillColor('#1d1b26');
  }
  doc.moveDown(3);
  write(`For ${d.supplierName}`);
  doc.moveDown(2);
  write('Authorised signatory');
  doc.end();
  return done;
}
