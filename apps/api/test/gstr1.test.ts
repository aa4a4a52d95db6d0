import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import { GST_MESSAGES, financialYear } from '@registrar/contract/gst';
import { build } from './build-app';
import { INSTITUTE_GSTIN, gstWorld, gstinOf } from './fixtures/gst';

/** The names of the files in a zip. */
function zipNames(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.readEntry();
    }),
  );
}

describe('GSTR-1 for a month, and invoice numbers under load', async () => {
  const { app, database } = await build();
  const db = database.db;
  const w = await gstWorld(app, db);
  const period = w.today.slice(0, 7);
  const gstr1 = (query: string) => app.inject({ method: 'GET', url: `${apiPaths.gstr1}?${query}`, headers: w.auth });

  it('answers 409 while GST has no GSTIN, and 400 for a period that is not a month', async () => {
    expect((await gstr1(`period=${period}`)).json().message).toBe(GST_MESSAGES.gstOff);
    await w.switchGst(true);
    const bad = await gstr1('period=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(GST_MESSAGES.periodInvalid);
  });

  it('takes 50 simultaneous payments, every one, and numbers their invoices consecutively', async () => {
    const c = await w.course({ name: 'Rush', price: 50000, emiPrice: [10000, 10000, 10000, 10000, 10000] });
    const enrolments = await Promise.all(Array.from({ length: 5 }, () => w.enrol(c._id)));
    // A slow payment holds the number counters longer than a request waits for a pooled
    // connection (5 s): the payments behind it must queue without taking up the pool.
    let counterHeld!: () => void;
    const held = new Promise<void>((resolve) => (counterHeld = resolve));
    const slow =
      database.kind === 'postgres'
        ? db.transaction(async (tx) => {
            await tx.execute(sql`lock table receipt_counters in share row exclusive mode`);
            counterHeld();
            await tx.execute(sql`select pg_sleep(6)`);
          })
        : (counterHeld(), Promise.resolve());
    await held;
    const payOnce = (k: number) => {
      const e = enrolments[k % 5]!;
      return app.inject({
        method: 'PUT',
        url: apiUrl('payment', e.id, e.installments[Math.floor(k / 5) % 5]!),
        headers: { ...w.auth, 'idempotency-key': `rush-${k}` },
        payload: { amount: 1000, paymentMode: 'cash', paidOn: w.today },
      });
    };
    const results = await Promise.all(Array.from({ length: 50 }, (_, k) => payOnce(k)));
    await slow;
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    const rows = (await db.execute(
      sql`select number from tax_documents where kind = 'invoice' order by number`,
    )) as unknown as { rows: { number: string }[] };
    const numbers = rows.rows.map((r) => r.number);
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `INV/${financialYear(w.today)}/${String(i + 1).padStart(5, '0')}`),
    );
  });

  it('reports the month in the offline tool’s layout, agreeing with the documents to the paisa', async () => {
    const online = await w.course({ name: 'Online Big', price: 236000, emiPrice: [236000], deliveryMode: 'online' });
    const big = await w.enrol(online._id, { state: '29', paymentMethod: 'full_payment' });
    await w.pay(big, 236000);
    const company = gstinOf('24', 'AAGCB1286Q');
    const b2b = await w.enrol((await w.course({ name: 'Corporate' }))._id, { gstin: company });
    const b2bPayment = await w.pay(b2b, 5900);
    const refund = await app.inject({
      method: 'POST',
      url: apiUrl('refund', b2b.id),
      headers: w.auth,
      payload: {
        paymentId: b2bPayment._id,
        amount: 1180,
        reason: 'Fewer seats',
        refundedOn: w.today,
        paymentMode: 'cash',
        effect: 'owed-again',
      },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const exempt = await w.enrol((await w.course({ name: 'Exempt', gstExempt: true }))._id);
    await w.pay(exempt, 5900);

    const res = await gstr1(`period=${period}`);
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json();
    expect(g).toMatchObject({ gstin: INSTITUTE_GSTIN, fp: `${period.slice(5, 7)}${period.slice(0, 4)}` });
    // 50 classroom payments of ₹1,000 inside the State: one B2CS row.
    expect(g.b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 42373, iamt: 0, camt: 3813.5, samt: 3813.5, csamt: 0 },
    ]);
    expect(g.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: expect.stringMatching(/^INV\//),
            idt: expect.stringMatching(/^\d\d-\d\d-\d{4}$/),
            val: 236000,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 200000, iamt: 36000, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.b2b[0]).toMatchObject({ ctin: company, inv: [{ val: 5900, pos: '24', rchrg: 'N', inv_typ: 'R' }] });
    expect(g.b2b[0].inv[0].itms[0].itm_det).toEqual({ rt: 18, txval: 5000, iamt: 900, camt: 0, samt: 0, csamt: 0 });
    expect(g.cdnr[0]).toMatchObject({ ctin: company, nt: [{ ntty: 'C', val: 1180 }] });
    expect(g.cdnr[0].nt[0].itms[0].itm_det).toMatchObject({ txval: 1000, iamt: 180 });
    expect(g.cdnur).toEqual([]);
    expect(g.nil.inv).toEqual([{ sply_ty: 'INTRAB2C', expt_amt: 5900, nil_amt: 0, ngsup_amt: 0 }]);
    expect(g.hsn.hsn_b2b).toMatchObject([{ hsn_sc: '999293', rt: 18, txval: 4000, iamt: 720 }]);
    const invoices = g.doc_issue.doc_det.find((d: { doc_num: number }) => d.doc_num === 1).docs;
    expect(invoices.map((d: { from: string; totnum: number }) => [d.from.slice(0, 3), d.totnum])).toEqual([
      ['BOS', 1],
      ['INV', 52],
    ]);
    expect(g.doc_issue.doc_det.find((d: { doc_num: number }) => d.doc_num === 5).docs[0]).toMatchObject({
      totnum: 1,
      cancel: 0,
      net_issue: 1,
    });
  });

  it('gives the same as CSV files in a zip for the accountant', async () => {
    const res = await gstr1(`period=${period}&format=zip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const names = await zipNames(res.rawPayload);
    expect(names).toEqual(
      expect.arrayContaining(['b2b.csv', 'b2cl.csv', 'b2cs.csv', 'cdnr.csv', 'cdnur.csv', 'exemp.csv', 'docs.csv']),
    );
  });
});
