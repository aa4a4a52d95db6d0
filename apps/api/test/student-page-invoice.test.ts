import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import { localIsoDate } from '@registrar/contract/enrollment';
import { GST_MESSAGES, financialYear } from '@registrar/contract/gst';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { INSTITUTE_GSTIN } from './fixtures/gst';
import { startMailCatcher } from './mail-catcher';
import { pdfText } from './pdf-text';
import { studentSetup } from './student-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

const tokenIn = (text: string) => /\/my\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];

describe("the student's page and GST: tax on top, and the tax invoice beside the receipt", async () => {
  const { app, auth, deliver, course, ...student } = await studentSetup({
    config: { smtpUrl: catcher.url, instituteName: 'Vidya Training' },
    staffName: 'Accounts Desk',
    course: { price: 10000, emiPrice: [5000, 5000] },
  });
  const today = localIsoDate();
  const settings = await app.inject({
    method: 'PUT',
    url: apiPaths.gstSettings,
    headers: auth,
    payload: { enabled: true, gstin: INSTITUTE_GSTIN, legalName: 'Vidya Training LLP', address: '12 FC Road, Pune' },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const exclusive = await app.inject({
    method: 'PUT',
    url: apiUrl('course', course._id),
    headers: auth,
    payload: { taxInclusive: false },
  });
  expect(exclusive.statusCode, exclusive.body).toBe(200);

  const enrol = async (name: string, email: string) => {
    const number = await student.enrol({ name, email });
    await deliver();
    const token = tokenIn((await catcher.latestTo(email, /Your enrolment/)).text ?? '');
    expect(token).toBeDefined();
    return { detail: await student.staffView(number), token: token! };
  };
  const pay = async (e: { detail: { _id: string; installments: { _id: string }[] } }, amount: number) => {
    const res = await app.inject({
      method: 'PUT',
      url: apiUrl('payment', e.detail._id, e.detail.installments[0]!._id),
      headers: auth,
      payload: { amount, paymentMode: 'cash', paidOn: today },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.payments.at(-1) as { _id: string; invoiceNumber: string };
  };
  const page = async (token: string) =>
    (await app.inject({ method: 'GET', url: apiUrl('studentPage', token) })).json().data;
  const invoice = (token: string, paymentId: string) =>
    app.inject({ method: 'GET', url: apiUrl('studentPageInvoice', token, paymentId) });

  const asha = await enrol('Asha Verma', 'asha.gst@example.in');
  const ravi = await enrol('Ravi Kumar', 'ravi.gst@example.in');

  it('shows the student what a tax-exclusive course owes with the tax added', async () => {
    const mine = await page(asha.token);
    expect(mine.installments.map((i: { amount: number }) => i.amount)).toEqual([5900, 5900]);
    expect(mine.outstanding).toBe(11800);
    expect(mine.nextDue).toMatchObject({ number: 1, amount: 5900 });
  });

  it('offers the tax invoice beside the receipt, by the student’s own link', async () => {
    const paid = await pay(asha, 5900);
    const listed = (await page(asha.token)).payments[0];
    expect(listed).toMatchObject({ _id: paid._id, invoiceNumber: `INV/${financialYear(today)}/00001` });
    const res = await invoice(asha.token, paid._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(`INV-${financialYear(today)}-00001.pdf`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`INV/${financialYear(today)}/00001`);
    expect(text).toContain('Asha Verma');
    expect(text).toContain('5,000.00');
  });

  it("refuses another student's invoice, an unknown payment and a bad link", async () => {
    const ravis = await pay(ravi, 5900);
    for (const other of [ravis._id, randomUUID(), ravi.detail._id]) {
      const res = await invoice(asha.token, other);
      expect(res.statusCode, other).toBe(404);
      expect(res.json().message).toBe(GST_MESSAGES.invoiceNotFound);
      expect(res.body).not.toContain('Ravi');
    }
    const notAnId = await invoice(asha.token, 'abc');
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().message).toBe(GST_MESSAGES.invoiceNotFound);
    const stranger = await invoice(`${asha.token.slice(0, 42)}${asha.token.endsWith('A') ? 'B' : 'A'}`, ravis._id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(STUDENT_PAGE_MESSAGES.linkNotFound);
  });
});
