import { describe, expect, it } from 'vitest';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { pdfText } from './pdf-text';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { studentSetup } from './student-fixtures';

describe('documents handed over: the statement in the reader’s language, a receipt sent on WhatsApp', async () => {
  const { app, db, auth, ...student } = await studentSetup({
    config: { instituteName: 'Acme Institute', publicUrl: 'https://registrar.example.in' },
    staffName: 'Accounts Desk',
    course: { price: 20000, emiPrice: [10000, 10000] },
  });
  const e = await student.staffView(
    await student.enrol({ name: 'Asha Verma', email: 'asha.docs@example.in', language: 'hi' }),
  );
  const paid = await app.inject({
    method: 'PUT',
    url: `/api/student-enrollment-payment/${e._id}/${e.installments[0]._id}`,
    headers: auth,
    payload: { amount: 10000, paymentMode: 'cash', paidOn: localIsoDate() },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const payment = paid.json().data.payments[0] as { _id: string; receiptNumber: string };
  const statement = (query: string) =>
    app.inject({ method: 'GET', url: `/api/student-enrollment-fee-download/${e._id}${query}`, headers: auth });
  const share = (paymentId: string, headers = auth) =>
    app.inject({ method: 'POST', url: `/api/student-enrollment-receipt-whatsapp/${paymentId}`, headers });

  it('prints the statement in the language staff ask for, else the student’s; an unknown one is a 400', async () => {
    const own = await statement('');
    expect(own.statusCode).toBe(200);
    expect(pdfText(own.rawPayload)).toContain('फ़ीस');
    const english = pdfText((await statement('?lang=en')).rawPayload);
    expect(english).toContain('Fee statement');
    expect(english).not.toContain('फ़ीस');
    expect(pdfText((await statement('?lang=hi')).rawPayload)).not.toContain('Fee statement');
    const wrong = await statement('?lang=fr');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(FEE_MESSAGES.documentLanguageInvalid);
  });

  it('prints a receipt in the language asked for, else the student’s, for staff and on the student’s page', async () => {
    const receipt = (query: string) =>
      app.inject({ method: 'GET', url: `/api/student-enrollment-receipt/${payment._id}${query}`, headers: auth });
    const own = await receipt('');
    expect(own.statusCode, own.body).toBe(200);
    const hindi = pdfText((await receipt('?lang=hi')).rawPayload);
    expect(pdfText(own.rawPayload)).toBe(hindi);
    // Words pdftotext reads back in order (it moves some vowel signs of Devanagari before their consonant).
    for (const words of ['भुगतान रसीद', 'रसीद नंबर', 'माध्यम: नकद', 'शब्दों में', 'इस भुगतान के बाद बकाया'])
      expect(hindi).toContain(words);
    expect(hindi).toContain(payment.receiptNumber);
    // The ₹10,000 in words is Hindi too; English words would say "ten thousand rupees मात्र".
    expect(hindi).toContain('शब्दों में: दस हज़ार रुपये मात्र');
    expect(hindi).not.toMatch(/thousand|rupees/);
    expect(hindi).not.toContain('Payment receipt');
    const english = pdfText((await receipt('?lang=en')).rawPayload);
    for (const words of ['Payment receipt', 'Receipt number', 'Installment 1', 'Cash', 'Authorised signatory'])
      expect(english).toContain(words);
    expect(english).toContain('In words: ten thousand rupees only');
    expect(english).not.toMatch(/[\u0900-\u097f]/);
    const wrong = await receipt('?lang=xx');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(FEE_MESSAGES.documentLanguageInvalid);

    // The student's page sends its own language; without one the receipt is in the student's.
    const { token } = await app.studentPageService.mintLink(e._id);
    const page = (query: string) =>
      app.inject({ method: 'GET', url: `/api/student-page-receipt/${token}/${payment._id}${query}` });
    expect(pdfText((await page('')).rawPayload)).toContain('भुगतान रसीद');
    const pageEnglish = pdfText((await page('?lang=en')).rawPayload);
    expect(pageEnglish).toContain('Payment receipt');
    expect(pageEnglish).not.toMatch(/[\u0900-\u097f]/);
    expect(pdfText((await page('?lang=hi')).rawPayload)).toContain('भुगतान रसीद');
    expect((await page('?lang=xx')).statusCode).toBe(400);
  });

  it('sends a receipt on WhatsApp to the student’s number with a link the student opens without signing in', async () => {
    const res = await share(payment._id);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().data.url as string);
    expect(url.origin + url.pathname).toBe(`https://wa.me/91${e.phoneNumber}`);
    const text = url.searchParams.get('text')!;
    // In the student's language, with the receipt's number and amount.
    expect(text).toContain(`आपकी रसीद ${payment.receiptNumber}`);
    expect(text).toContain('₹10,000.00');
    const link = /https:\/\/registrar\.example\.in(\/api\/student-page-receipt\/[A-Za-z0-9_-]{43}\/[0-9a-f-]{36})/.exec(
      text,
    );
    expect(link, text).not.toBeNull();
    // No staff address, and no sign-in needed: the link works as it is.
    expect(text).not.toContain('/api/student-enrollment-receipt/');
    const opened = await app.inject({ method: 'GET', url: link![1]! });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('application/pdf');
    expect(pdfText(opened.rawPayload)).toContain(payment.receiptNumber);
    // The same token opens the student's page, whose statement follows the page's language.
    const token = link![1]!.split('/')[3]!;
    const pageStatement = await app.inject({ method: 'GET', url: `/api/student-page-statement/${token}?lang=en` });
    expect(pdfText(pageStatement.rawPayload)).toContain('Fee statement');
    expect((await app.inject({ method: 'GET', url: `/api/student-page-statement/${token}?lang=x` })).statusCode).toBe(
      400,
    );
    // Written into the enrolment's history.
    const history = (await student.staffView(e.enrollmentNumber)).history as { note: string | null }[];
    expect(history.some((h) => h.note?.includes(`share receipt ${payment.receiptNumber}`))).toBe(true);
  });

  it('prints a refund voucher in the language asked for, else the student’s; an unknown one is a 400', async () => {
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/student-enrollment-refund/${e._id}`,
      headers: auth,
      payload: {
        paymentId: payment._id,
        amount: 2500,
        reason: 'Excess collected',
        refundedOn: localIsoDate(),
        paymentMode: 'cash',
        effect: 'owed-again',
      },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refund = refunded.json().data.refunds[0] as { _id: string; refundNumber: string };
    const voucher = (query: string) =>
      app.inject({ method: 'GET', url: `/api/student-enrollment-refund-voucher/${refund._id}${query}`, headers: auth });
    const own = await voucher('');
    expect(own.statusCode, own.body).toBe(200);
    const hindi = pdfText((await voucher('?lang=hi')).rawPayload);
    expect(pdfText(own.rawPayload)).toBe(hindi);
    // Words pdftotext reads back in order; the ₹2,500 in words and the mode are Hindi too.
    for (const words of ['वापसी वाउचर', 'वाउचर नंबर', 'शब्दों में: दो हज़ार पाँच सौ रुपये मात्र', 'माध्यम: नकद', 'छात्र के हस्ताक्षर'])
      expect(hindi).toContain(words);
    expect(hindi).toContain(refund.refundNumber);
    expect(hindi).not.toContain('Refund voucher');
    expect(hindi).not.toMatch(/thousand|rupees|Authorised/);
    const english = pdfText((await voucher('?lang=en')).rawPayload);
    for (const words of ['Refund voucher', 'Voucher number', 'Cash', 'Authorised signatory'])
      expect(english).toContain(words);
    expect(english).toContain('In words: two thousand five hundred rupees only');
    expect(english).not.toMatch(/[\u0900-\u097f]/);
    const wrong = await voucher('?lang=xx');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(FEE_MESSAGES.documentLanguageInvalid);
  });

  it('refuses a voided receipt (409), an unknown payment (404) and a role without fee statements (403)', async () => {
    const second = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${e._id}/${e.installments[1]._id}`,
      headers: auth,
      payload: { amount: 500, paymentMode: 'cash', paidOn: localIsoDate() },
    });
    const mistaken = (second.json().data.payments as { _id: string; amount: number }[]).find((p) => p.amount === 500)!;
    const voided = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${e._id}/${e.installments[1]._id}`,
      headers: auth,
      payload: { paymentId: mistaken._id, reason: 'Typed twice' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const refused = await share(mistaken._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FEE_MESSAGES.shareVoided);
    const unknown = await share('0195f6a4-6d1e-7a3b-9c2d-000000000999');
    expect(unknown.statusCode).toBe(404);
    expect((await share('not-an-id')).statusCode).toBe(400);
    const viewer = await makeStaff(db, { email: 'viewer.docs@example.in', role: 'viewer' });
    expect((await share(payment._id, bearer(await tokenFor(app, viewer.email, viewer.password)))).statusCode).toBe(403);
  });
});
