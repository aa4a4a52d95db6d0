import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import { GST_MESSAGES, financialYear, splitTax } from '@registrar/contract/gst';
import { build } from './build-app';
import { INSTITUTE_GSTIN, gstWorld, gstinOf } from './fixtures/gst';
import { pdfText } from './pdf-text';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { recordIncoming } from '../src/services/payment-intake';
import { verifyLedger } from '../src/services/ledger-check';

type Doc = Record<string, unknown> & { number: string; kind: string };
const fy = (today: string) => financialYear(today);

describe('GST tax invoices for course fees', async () => {
  const { app, database } = await build();
  const db = database.db;
  const w = await gstWorld(app, db);
  const docOf = async (paymentId: string): Promise<Doc[]> =>
    (
      (await db.execute(
        sql`select kind, number, taxable_paise::int as taxable, cgst_paise::int as cgst, sgst_paise::int as sgst,
                   igst_paise::int as igst, round_off_paise::int as round_off, rate_bp, place_of_supply as pos,
                   cancelled_at is not null as cancelled, original_id
            from tax_documents where payment_id = ${paymentId} order by created_at`,
      )) as unknown as { rows: Doc[] }
    ).rows;

  it('is off by default, and a payment made then never gets an invoice', async () => {
    const settings = await app.inject({ method: 'GET', url: apiPaths.gstSettings, headers: w.auth });
    expect(settings.json().data).toMatchObject({ enabled: false, gstin: null });
    const c = await w.course({ name: 'Before GST' });
    const e = await w.enrol(c._id);
    const early = await w.pay(e, 5900);
    expect(early.invoiceNumber).toBeNull();
    await w.switchGst(true);
    const later = await w.pay(e, 5900, 1);
    expect(later.invoiceNumber).toMatch(/^INV\/\d\d-\d\d\/\d{5}$/);
    const payments = (await e.detail()).payments as { _id: string; invoiceNumber: string | null }[];
    expect(payments.find((p) => p._id === early._id)!.invoiceNumber).toBeNull();
    const none = await app.inject({ method: 'GET', url: apiUrl('invoice', early._id), headers: w.auth });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(GST_MESSAGES.invoiceNotFound);
  });

  it('checks the GSTIN: shape, state code and check character; admins only', async () => {
    const put = (payload: object, headers = w.auth) =>
      app.inject({ method: 'PUT', url: apiPaths.gstSettings, headers, payload });
    const base = { enabled: true, legalName: 'X', address: 'Y' };
    const wrongCheck = INSTITUTE_GSTIN.slice(0, 14) + (INSTITUTE_GSTIN[14] === 'A' ? 'B' : 'A');
    expect((await put({ ...base, gstin: wrongCheck })).json().errors).toContainEqual({
      path: 'gstin',
      message: GST_MESSAGES.gstinCheckFailed,
    });
    const badState = await put({ ...base, gstin: gstinOf('99') });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().message).toBe(GST_MESSAGES.gstinStateUnknown);
    expect((await put({ ...base, gstin: '27AAPFU0939F1Z' })).json().message).toBe(GST_MESSAGES.gstinInvalid);
    expect((await put({ enabled: true, gstin: INSTITUTE_GSTIN })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: apiPaths.gstSettings })).statusCode).toBe(401);
    const accountant = await makeStaff(db, { email: 'acc@institute.in', role: 'accountant' });
    const accAuth = bearer(await tokenFor(app, accountant.email, accountant.password));
    expect((await put({ ...base, gstin: INSTITUTE_GSTIN }, accAuth)).statusCode).toBe(403);
    const saved = await app.inject({ method: 'GET', url: apiPaths.gstSettings, headers: w.auth });
    expect(saved.json().data).toMatchObject({ enabled: true, gstin: INSTITUTE_GSTIN, stateCode: '27' });
    // The staff enrolment form lists the institute's State first when it asks the student's.
    const site = await app.inject({ method: 'GET', url: apiPaths.site });
    expect(site.json().data).toMatchObject({ gstEnabled: true, instituteState: '27' });
  });

  it('takes a course’s tax fields with defaults, and the student’s State and GSTIN on the form', async () => {
    const plain = await w.course({ name: 'Defaults' });
    expect(plain).toMatchObject({
      sac: '999293',
      gstRate: 18,
      taxInclusive: true,
      deliveryMode: 'classroom',
      gstExempt: false,
    });
    const bad = await app.inject({
      method: 'POST',
      url: apiPaths.courses,
      headers: w.auth,
      payload: { name: 'Bad rate', price: 100, emiPrice: [100], gstRate: 17 },
    });
    expect(bad.json().message).toBe(GST_MESSAGES.rateInvalid);
    const badState = await app.inject({
      method: 'POST',
      url: apiPaths.enrollments,
      ...(await import('./fixtures/enrolments')).enrolmentForm({
        name: 'Nowhere',
        phoneNumber: '9812345670',
        email: 'nowhere@example.in',
        courseId: plain._id,
        state: '99',
      }),
      remoteAddress: '10.151.0.1',
    });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().errors).toContainEqual({ path: 'state', message: GST_MESSAGES.stateInvalid });
  });

  it('invoices each installment when paid: CGST = SGST on a classroom course, even for a student from another State', async () => {
    const c = await w.course({ name: 'Classroom Tally' });
    const e = await w.enrol(c._id, { state: '29' });
    const first = await w.pay(e, 5900);
    const second = await w.pay(e, 5900, 1);
    expect(first.invoiceNumber).not.toBe(second.invoiceNumber);
    const [doc] = await docOf(first._id);
    expect(doc).toMatchObject({
      kind: 'invoice',
      taxable: 500000,
      cgst: 45000,
      sgst: 45000,
      igst: 0,
      round_off: 0,
      pos: '27',
    });
    expect(doc!.number.length).toBeLessThanOrEqual(16);
    expect(doc!.number.startsWith(`INV/${fy(w.today)}/`)).toBe(true);

    const res = await app.inject({ method: 'GET', url: apiUrl('invoice', first._id), headers: w.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const needle of [
      'Tax invoice',
      'Vidya Training LLP',
      '12 FC Road, Pune',
      INSTITUTE_GSTIN,
      first.invoiceNumber!,
      'Student',
      'Karnataka (29)',
      '999293',
      'Classroom Tally',
      'Taxable value',
      '5,000.00',
      'CGST @ 9%',
      'SGST/UTGST @ 9%',
      '450.00',
      'Place of supply: Maharashtra (27)',
      'Tax is not payable on reverse charge',
      'Authorised signatory',
      'five thousand nine hundred rupees only',
    ])
      expect(text.replace(/\s+/g, ' ')).toContain(needle);
  });

  it('puts IGST on an online course for a student in another State, and B2B to a paying company’s State', async () => {
    const online = await w.course({ name: 'Online Python', deliveryMode: 'online' });
    const far = await w.enrol(online._id, { state: '29' });
    const [igst] = await docOf((await w.pay(far, 5900))._id);
    expect(igst).toMatchObject({ taxable: 500000, igst: 90000, cgst: 0, sgst: 0, pos: '29' });
    const near = await w.enrol(online._id, { state: '27' });
    expect((await docOf((await w.pay(near, 5900))._id))[0]).toMatchObject({ cgst: 45000, igst: 0 });
    const company = gstinOf('24', 'AAGCB1286Q');
    const b2b = await w.enrol((await w.course({ name: 'Corporate Excel' }))._id, { gstin: company });
    expect((await docOf((await w.pay(b2b, 5900))._id))[0]).toMatchObject({ igst: 90000, pos: '24' });
  });

  it('computes the tax in paise: halves equal to the paisa, the leftover a round-off line', () => {
    expect(splitTax(1_000_01, 1800, false)).toEqual({
      valuePaise: 100001,
      taxablePaise: 84747,
      cgstPaise: 7627,
      sgstPaise: 7627,
      igstPaise: 0,
      roundOffPaise: 0,
    });
    const odd = splitTax(333, 1800, false);
    expect(odd.cgstPaise).toBe(odd.sgstPaise);
    expect(odd.taxablePaise + odd.cgstPaise + odd.sgstPaise + odd.roundOffPaise).toBe(333);
    expect(odd.roundOffPaise).not.toBe(0);
  });

  it('keeps the rate an invoice was issued at when the course’s rate changes', async () => {
    const c = await w.course({ name: 'Rate Change' });
    const e = await w.enrol(c._id);
    const before = await w.pay(e, 5900);
    await w.setGstRate(c._id, 5);
    const after = await w.pay(e, 5900, 1);
    expect((await docOf(before._id))[0]).toMatchObject({ rate_bp: 1800, cgst: 45000 });
    expect((await docOf(after._id))[0]).toMatchObject({ rate_bp: 500 });
  });

  it('adds the tax on top of a tax-exclusive course’s price: the student owes it, the price is the taxable value', async () => {
    const outstanding = async () =>
      (await app.inject({ method: 'GET', url: apiPaths.dashboard, headers: w.auth })).json().data.money
        .outstanding as number;
    const owedBefore = await outstanding();
    const c = await w.course({ name: 'Tax on top', price: 10000, emiPrice: [5000, 5000], taxInclusive: false });
    const e = await w.enrol(c._id);
    const amounts = async () => ((await e.detail()).installments as { amount: number }[]).map((i) => i.amount);
    expect(await amounts()).toEqual([5900, 5900]);
    expect((await outstanding()) - owedBefore).toBe(11800);
    // A later change of the course's rate moves neither what is owed nor the rate it is invoiced at.
    await w.setGstRate(c._id, 5);
    expect(await amounts()).toEqual([5900, 5900]);
    const paid = await w.pay(e, 5900);
    expect((await docOf(paid._id))[0]).toMatchObject({
      rate_bp: 1800,
      taxable: 500000,
      cgst: 45000,
      sgst: 45000,
      round_off: 0,
    });
    const tooMuch = await app.inject({
      method: 'PUT',
      url: apiUrl('payment', e.id, e.installments[1]!),
      headers: w.auth,
      payload: { amount: 5901, paymentMode: 'cash', paidOn: w.today },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('5,900');
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('adds no tax to a tax-exclusive course enrolled while GST is off', async () => {
    const c = await w.course({ name: 'Tax on top later', price: 10000, emiPrice: [5000, 5000], taxInclusive: false });
    await w.switchGst(false);
    const e = await w.enrol(c._id).finally(() => w.switchGst(true));
    expect(((await e.detail()).installments as { amount: number }[]).map((i) => i.amount)).toEqual([5000, 5000]);
  });

  it('gives an exempt course bills of supply from their own series, with no tax', async () => {
    const c = await w.course({ name: 'Diploma (exempt)', gstExempt: true });
    const p = await w.pay(await w.enrol(c._id), 5900);
    expect(p.invoiceNumber).toMatch(new RegExp(`^BOS/${fy(w.today)}/00001$`));
    expect((await docOf(p._id))[0]).toMatchObject({ kind: 'bill_of_supply', taxable: 590000, cgst: 0, igst: 0 });
    const text = pdfText(
      (await app.inject({ method: 'GET', url: apiUrl('invoice', p._id), headers: w.auth })).rawPayload,
    );
    expect(text).toContain('Bill of supply');
  });

  it('issues a credit note for a refund quoting the invoice, tax reversed in proportion', async () => {
    const c = await w.course({ name: 'Refundable' });
    const e = await w.enrol(c._id);
    const p = await w.pay(e, 5900);
    const refund = async (amount: number) => {
      const res = await app.inject({
        method: 'POST',
        url: apiUrl('refund', e.id),
        headers: w.auth,
        payload: {
          paymentId: p._id,
          amount,
          reason: 'Left early',
          refundedOn: w.today,
          paymentMode: 'cash',
          effect: 'owed-again',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.refunds.at(-1) as { _id: string; creditNoteNumber: string };
    };
    const part = await refund(2950);
    expect(part.creditNoteNumber).toMatch(new RegExp(`^CN/${fy(w.today)}/\\d{5}$`));
    const rest = await refund(2950);
    const docs = await docOf(p._id);
    const notes = docs.filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({ taxable: 250000, cgst: 22500, sgst: 22500 });
    expect(notes.reduce((t, n) => t + Number(n.cgst), 0)).toBe(Number(docs[0]!.cgst));
    const pdf = await app.inject({ method: 'GET', url: apiUrl('creditNote', rest._id), headers: w.auth });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Credit note');
    expect(text).toContain(`Against invoice: ${p.invoiceNumber}`);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('invoices money from every door but an import; a payment to a cancelled enrolment too', async () => {
    const c = await w.course({ name: 'Doors' });
    const e = await w.enrol(c._id);
    const status = await app.inject({
      method: 'PUT',
      url: apiUrl('enrollmentStatus', e.id),
      headers: w.auth,
      payload: { status: 'cancelled' },
    });
    expect(status.statusCode, status.body).toBe(200);
    const arrive = (source: 'gateway' | 'import', key: string) =>
      db.transaction((tx) =>
        recordIncoming(tx, {
          enrollmentId: e.id,
          amountPaise: 100000,
          mode: 'upi',
          paidOn: w.today,
          source,
          staffId: null,
          arrived: true,
          gatewayPaymentId: source === 'gateway' ? key : null,
          importedReceiptNumber: source === 'import' ? key : null,
        }),
      );
    const online = await arrive('gateway', 'pay_GST0001');
    expect((await docOf(online.payment.id))[0]).toMatchObject({ kind: 'invoice' });
    const imported = await arrive('import', 'OLD-0001');
    expect(await docOf(imported.payment.id)).toEqual([]);
  });

  // After filing, a void credits in the open month: gst-periods.test.ts.
  it('cancels a voided payment’s invoice while the month is unfiled', async () => {
    const c = await w.course({ name: 'Voids' });
    const e = await w.enrol(c._id);
    const a = await w.pay(e, 1000);
    const voided = await app.inject({
      method: 'PUT',
      url: apiUrl('payment', e.id, e.installments[0]!),
      headers: w.auth,
      payload: { paymentId: a._id, reason: 'Cheque bounced' },
    });
    expect(voided.statusCode).toBe(200);
    expect((await docOf(a._id))[0]).toMatchObject({ cancelled: true, number: a.invoiceNumber });
  });

  it('never deletes or rewrites a tax document', async () => {
    await expect(db.execute(sql`delete from tax_documents`)).rejects.toThrow();
    await expect(db.execute(sql`update tax_documents set taxable_paise = 1`)).rejects.toThrow();
    await expect(
      db.execute(sql`update tax_documents set cancel_reason = 'x' where cancelled_at is not null`),
    ).rejects.toThrow();
    const filed = await app.inject({
      method: 'POST',
      url: apiPaths.gstr1Filed,
      headers: w.auth,
      payload: { period: '2020-01' },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    await expect(db.execute(sql`delete from gst_filed_periods`)).rejects.toThrow();
  });
});
