/**
 * GSTR-1 for one month from the tax documents issued in it, in the GSTN offline tool's JSON
 * layout: invoices by section (B2B, B2CL, B2CS), credit notes (CDNR, CDNUR, or netted into B2CS),
 * exempt supplies (NIL), the SAC summary (Table 12) and the documents issued (Table 13).
 * Cancelled documents count only in Table 13. Amounts are rupees with two decimals.
 */
import { B2CL_THRESHOLD_PAISE } from '@registrar/contract/gst';
import type { TaxDocumentRow } from '../../repositories/gst-repository';

const r = (paise: number) => Math.round(paise) / 100;
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const rate = (d: TaxDocumentRow) => d.rateBp / 100;
/** The newest layout splits Table 12 into B2B and B2C from the May 2025 period. */
const HSN_SPLIT_FROM = '2025-05';

const isB2cl = (d: TaxDocumentRow) => !d.buyerGstin && d.interState && d.valuePaise > B2CL_THRESHOLD_PAISE;

function itemDetail(d: TaxDocumentRow, sign = 1) {
  return {
    num: 1,
    itm_det: {
      rt: rate(d),
      txval: r(sign * d.taxablePaise),
      iamt: r(sign * d.igstPaise),
      camt: r(sign * d.cgstPaise),
      samt: r(sign * d.sgstPaise),
      csamt: 0,
    },
  };
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

/** Sums taxable value and taxes of documents (credit notes negative) into one row. */
function sums(docs: { d: TaxDocumentRow; sign: number }[]) {
  const add = (f: (d: TaxDocumentRow) => number) => r(docs.reduce((t, { d, sign }) => t + sign * f(d), 0));
  return {
    txval: add((d) => d.taxablePaise),
    iamt: add((d) => d.igstPaise),
    camt: add((d) => d.cgstPaise),
    samt: add((d) => d.sgstPaise),
    csamt: 0,
  };
}

/** One row of Table 12 (a SAC at a rate). */
export interface HsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

export interface Gstr1Input {
  gstin: string;
  period: string;
  documents: TaxDocumentRow[];
  /** The invoices the month's credit notes quote (some from earlier months). */
  originals: Map<string, TaxDocumentRow>;
}

export function buildGstr1({ gstin, period, documents, originals }: Gstr1Input) {
  const live = documents.filter((d) => !d.cancelledAt);
  const invoices = live.filter((d) => d.kind === 'invoice');
  const bills = live.filter((d) => d.kind === 'bill_of_supply');
  const notes = live.filter((d) => d.kind === 'credit_note');
  const originalOf = (n: TaxDocumentRow) => originals.get(n.originalId!)!;

  const b2b = [
    ...groupBy(
      invoices.filter((d) => d.buyerGstin),
      (d) => d.buyerGstin!,
    ),
  ].map(([ctin, inv]) => ({
    ctin,
    inv: inv.map((d) => ({
      inum: d.number,
      idt: ddmmyyyy(d.issuedOn),
      val: r(d.valuePaise),
      pos: d.placeOfSupply,
      rchrg: 'N',
      inv_typ: 'R',
      itms: [itemDetail(d)],
    })),
  }));
  const b2cl = [...groupBy(invoices.filter(isB2cl), (d) => d.placeOfSupply)].map(([pos, inv]) => ({
    pos,
    inv: inv.map((d) => {
      const { camt: _c, samt: _s, ...itm_det } = itemDetail(d).itm_det;
      return { inum: d.number, idt: ddmmyyyy(d.issuedOn), val: r(d.valuePaise), itms: [{ num: 1, itm_det }] };
    }),
  }));
  const small = [
    ...invoices.filter((d) => !d.buyerGstin && !isB2cl(d)).map((d) => ({ d, sign: 1 })),
    ...notes.filter((n) => !n.buyerGstin && !isB2cl(originalOf(n))).map((d) => ({ d, sign: -1 })),
  ];
  const b2cs = [...groupBy(small, ({ d }) => `${d.interState ? 'INTER' : 'INTRA'}|${d.placeOfSupply}|${d.rateBp}`)].map(
    ([key, docs]) => {
      const [sply_ty, pos] = key.split('|') as [string, string];
      return { sply_ty, pos, typ: 'OE', rt: rate(docs[0]!.d), ...sums(docs) };
    },
  );
  const note = (n: TaxDocumentRow) => ({
    ntty: 'C',
    nt_num: n.number,
    nt_dt: ddmmyyyy(n.issuedOn),
    val: r(n.valuePaise),
    pos: n.placeOfSupply,
  });
  const cdnr = [
    ...groupBy(
      notes.filter((n) => n.buyerGstin),
      (n) => n.buyerGstin!,
    ),
  ].map(([ctin, nt]) => ({
    ctin,
    nt: nt.map((n) => ({ ...note(n), rchrg: 'N', inv_typ: 'R', itms: [itemDetail(n)] })),
  }));
  const cdnur = notes
    .filter((n) => !n.buyerGstin && isB2cl(originalOf(n)))
    .map((n) => {
      const { camt: _c, samt: _s, ...itm_det } = itemDetail(n).itm_det;
      return { typ: 'B2CL', ...note(n), itms: [{ num: 1, itm_det }] };
    });
  const nilKey = (d: TaxDocumentRow) => `${d.interState ? 'INTR' : 'INTRA'}${d.buyerGstin ? 'B2B' : 'B2C'}`;
  const nil = {
    inv: [...groupBy(bills, nilKey)].map(([sply_ty, docs]) => ({
      sply_ty,
      expt_amt: r(docs.reduce((t, d) => t + d.valuePaise, 0)),
      nil_amt: 0,
      ngsup_amt: 0,
    })),
  };
  const hsnRows = (docs: { d: TaxDocumentRow; sign: number }[]): HsnRow[] =>
    [...groupBy(docs, ({ d }) => `${d.sac}|${d.rateBp}`)].map(([, group], i) => ({
      num: i + 1,
      hsn_sc: group[0]!.d.sac,
      desc: 'Commercial training and coaching services',
      uqc: 'NA',
      qty: 0,
      rt: rate(group[0]!.d),
      ...sums(group),
    }));
  const signed = [...invoices, ...bills].map((d) => ({ d, sign: 1 })).concat(notes.map((d) => ({ d, sign: -1 })));
  const hsn: { data: HsnRow[] } | { hsn_b2b: HsnRow[]; hsn_b2c: HsnRow[] } =
    period >= HSN_SPLIT_FROM
      ? {
          hsn_b2b: hsnRows(signed.filter(({ d }) => d.buyerGstin)),
          hsn_b2c: hsnRows(signed.filter(({ d }) => !d.buyerGstin)),
        }
      : { data: hsnRows(signed) };

  const series = [...groupBy(documents, (d) => d.number.split('/')[0]!)].map(([prefix, docs]) => {
    const sorted = [...docs].sort((a, b) => a.number.localeCompare(b.number));
    const cancel = docs.filter((d) => d.cancelledAt).length;
    return {
      prefix,
      doc: {
        from: sorted[0]!.number,
        to: sorted[sorted.length - 1]!.number,
        totnum: docs.length,
        cancel,
        net_issue: docs.length - cancel,
      },
    };
  });
  const docNum = (prefix: string) => (prefix === 'CN' ? 5 : 1);
  const doc_issue = {
    doc_det: [1, 5]
      .map((doc_num) => ({
        doc_num,
        docs: series.filter((s) => docNum(s.prefix) === doc_num).map((s, i) => ({ num: i + 1, ...s.doc })),
      }))
      .filter((d) => d.docs.length > 0),
  };
  return {
    gstin,
    fp: `${period.slice(5, 7)}${period.slice(0, 4)}`,
    version: 'GST3.0.4',
    hash: 'hash',
    b2b,
    b2cl,
    b2cs,
    cdnr,
    cdnur,
    nil,
    hsn,
    doc_issue,
  };
}
export type Gstr1 = ReturnType<typeof buildGstr1>;
