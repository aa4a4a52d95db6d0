/** The month's GSTR-1 as CSV files in a zip, one per section, for the accountant's offline tool. */
import { PassThrough } from 'node:stream';
import type Yazl from 'yazl';
import { lazyPackage } from '../../lib/lazy-package';
import { GST_STATES, type GstStateCode } from '@registrar/contract/gst';
import { toCsv } from '../../lib/csv';
import type { Gstr1, HsnRow } from './gstr1';

const yazl = lazyPackage<typeof Yazl>('yazl');

const pos = (code: string) => `${code}-${GST_STATES[code as GstStateCode] ?? ''}`;

/** The tax columns the offline tool's sections end with; inter-State sections stop at integrated tax. */
const TAX_HEADERS = ['Rate', 'Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax'];
const INTER_STATE_TAX_HEADERS = TAX_HEADERS.slice(0, 3);
interface Taxes {
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
}
const interStateTaxCells = (t: Pick<Taxes, 'rt' | 'txval' | 'iamt'>) => [t.rt, t.txval, t.iamt];
const taxCells = (t: Taxes) => [...interStateTaxCells(t), t.camt, t.samt];

export function gstr1Csvs(g: Gstr1): Record<string, string> {
  const files: Record<string, string> = {};
  files['b2b.csv'] = toCsv(
    [
      'GSTIN/UIN of Recipient',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Invoice Type',
      ...TAX_HEADERS,
    ],
    g.b2b.flatMap((b) =>
      b.inv.map((i) => {
        const t = i.itms[0]!.itm_det;
        return [b.ctin, i.inum, i.idt, i.val, pos(i.pos), 'N', 'Regular B2B', ...taxCells(t)];
      }),
    ),
  );
  files['b2cl.csv'] = toCsv(
    ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', ...INTER_STATE_TAX_HEADERS],
    g.b2cl.flatMap((b) =>
      b.inv.map((i) => {
        const t = i.itms[0]!.itm_det;
        return [i.inum, i.idt, i.val, pos(b.pos), ...interStateTaxCells(t)];
      }),
    ),
  );
  files['b2cs.csv'] = toCsv(
    ['Type', 'Supply Type', 'Place Of Supply', ...TAX_HEADERS],
    g.b2cs.map((b) => [b.typ, b.sply_ty, pos(b.pos), ...taxCells(b)]),
  );
  files['cdnr.csv'] = toCsv(
    [
      'GSTIN/UIN of Recipient',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Note Value',
      ...TAX_HEADERS,
    ],
    g.cdnr.flatMap((c) =>
      c.nt.map((n) => {
        const t = n.itms[0]!.itm_det;
        return [c.ctin, n.nt_num, n.nt_dt, n.ntty, pos(n.pos), n.val, ...taxCells(t)];
      }),
    ),
  );
  files['cdnur.csv'] = toCsv(
    ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', ...INTER_STATE_TAX_HEADERS],
    g.cdnur.map((n) => {
      const t = n.itms[0]!.itm_det;
      return [n.typ, n.nt_num, n.nt_dt, n.ntty, pos(n.pos), n.val, ...interStateTaxCells(t)];
    }),
  );
  files['exemp.csv'] = toCsv(
    ['Supply Type', 'Nil Rated Supplies', 'Exempted (other than nil rated/non GST supply)', 'Non-GST Supplies'],
    g.nil.inv.map((n) => [n.sply_ty, n.nil_amt, n.expt_amt, n.ngsup_amt]),
  );
  const hsn: Record<string, HsnRow[]> =
    'data' in g.hsn ? { hsn: g.hsn.data } : { hsn_b2b: g.hsn.hsn_b2b, hsn_b2c: g.hsn.hsn_b2c };
  for (const [name, rows] of Object.entries(hsn))
    files[`${name}.csv`] = toCsv(
      [
        'HSN',
        'Description',
        'UQC',
        'Total Quantity',
        'Rate',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
      ],
      rows.map((h) => [h.hsn_sc, h.desc, h.uqc, h.qty, h.rt, h.txval, h.iamt, h.camt, h.samt]),
    );
  files['docs.csv'] = toCsv(
    ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
    g.doc_issue.doc_det.flatMap((d) =>
      d.docs.map((x) => [
        d.doc_num === 5 ? 'Credit Note' : 'Invoices for outward supply',
        x.from,
        x.to,
        x.totnum,
        x.cancel,
      ]),
    ),
  );
  return files;
}

export function gstr1Zip(g: Gstr1): PassThrough {
  const zip = new (yazl().ZipFile)();
  zip.addBuffer(Buffer.from(`${JSON.stringify(g, null, 2)}\n`), `gstr1-${g.fp}.json`);
  for (const [name, csv] of Object.entries(gstr1Csvs(g))) zip.addBuffer(Buffer.from(csv), name);
  zip.end();
  const out = new PassThrough();
  zip.outputStream.on('error', (err) => out.destroy(err)).pipe(out);
  return out;
}
