import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { startMailCatcher } from './mail-catcher';
import { pdfText } from './pdf-text';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { studentSetup } from './student-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

const tokenIn = (text: string) => /\/my\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

describe("the student's own page", async () => {
  const { app, db, config, auth, deliver, ...student } = await studentSetup({
    config: {
      smtpUrl: catcher.url,
      instituteName: 'Acme Institute',
      companyAddress: '1 Tech Park, Pune',
      upiId: 'acme@okbank',
      upiPayeeName: 'Acme Institute',
    },
    staffName: 'Accounts Desk',
    course: { price: 130000.5, emiPrice: [125000, 5000.5] },
  });
  const today = localIsoDate();

  /** Enrols through the public form and answers the staff detail and the token from the confirmation mail. */
  const enrol = async (name: string, email: string) => {
    const number = await student.enrol({ name, email });
    await deliver();
    const mail = await catcher.latestTo(email, /Your enrolment/);
    const token = tokenIn(mail.text ?? '');
    expect(token, mail.text).toBeDefined();
    return { detail: await student.staffView(number), token: token!, mail };
  };
  const pay = async (enrollmentId: string, installmentId: string, amount: number) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${enrollmentId}/${installmentId}`,
      headers: auth,
      payload: { amount, paymentMode: 'online_payment', paidOn: today, reference: 'UPI-4411' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.payments.at(-1) as { _id: string; receiptNumber: string };
  };
  const page = (token: string) => app.inject({ method: 'GET', url: `/api/student-page/${token}` });
  /** Asks for a new link to the page by email, as the "lost your link?" form does, from one address. */
  const requestLink = (email: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/student-link-request', payload: { email }, remoteAddress });

  const asha = await enrol('Asha Verma', 'asha.page@example.in');
  const ravi = await enrol('Ravi Kumar', 'ravi.page@example.in');

  it('the confirmation mail carries a link; only the hash of its token is stored, not the token', async () => {
    expect(asha.mail.html).toContain(`href="${config.publicUrl}/my/${asha.token}"`);
    const links = (await db.execute(sql`select token_hash, expires_at from student_links`)) as unknown as {
      rows: { token_hash: string; expires_at: Date | string }[];
    };
    expect(links.rows.map((r) => r.token_hash)).toContain(sha256(asha.token));
    const everything = JSON.stringify(
      ((await db.execute(sql`select * from student_links`)) as unknown as { rows: unknown[] }).rows,
    );
    expect(everything).not.toContain(asha.token);
    const outbox = JSON.stringify(
      ((await db.execute(sql`select payload from outbox`)) as unknown as { rows: unknown[] }).rows,
    );
    expect(outbox).not.toContain(asha.token);
    // 30 days, give or take the test's own run time.
    const row = links.rows.find((r) => r.token_hash === sha256(asha.token))!;
    const days = (new Date(row.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('shows the enrolment, the schedule with what is due next, and UPI codes for open installments', async () => {
    const res = await page(asha.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data).toMatchObject({
      enrollmentNumber: asha.detail.enrollmentNumber,
      status: 'pending',
      name: 'Asha Verma',
      course: 'Data Science',
      language: 'en',
      totalFee: 130000.5,
      nextDue: { number: 1, amount: 125000 },
      institute: { name: 'Acme Institute', address: '1 Tech Park, Pune' },
    });
    expect(data.installments).toHaveLength(2);
    expect(data.installments[1].upi.url).toBe(
      `upi://pay?pa=acme%40okbank&pn=Acme%20Institute&am=5000.50&cu=INR&tn=${asha.detail.enrollmentNumber}%20installment%202`,
    );
    expect(data.installments[1].upi.svg).toMatch(/^<svg [^>]*viewBox/);
    // Nothing of the staff view leaks: no email, phone, addresses or documents.
    expect(res.body).not.toContain('asha.page@example.in');
    expect(res.body).not.toContain('aadhar');
  });

  it('gives a one-page receipt whose amount pdftotext reads back in words, to the student and to staff', async () => {
    const payment = await pay(asha.detail._id, asha.detail.installments[0]._id, 125000);
    const data = (await page(asha.token)).json().data;
    expect(data.payments).toEqual([
      expect.objectContaining({ _id: payment._id, receiptNumber: payment.receiptNumber }),
    ]);
    expect(data.installments[0].upi).toBeNull(); // paid: nothing to pay by UPI
    expect(data.nextDue).toMatchObject({ number: 2, amount: 5000.5 });

    const res = await app.inject({ method: 'GET', url: `/api/student-page-receipt/${asha.token}/${payment._id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`receipt-${payment.receiptNumber}.pdf`);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Acme Institute',
      'Payment receipt',
      payment.receiptNumber,
      asha.detail.enrollmentNumber,
      'Asha Verma',
      '₹1,25,000',
      'one lakh twenty-five thousand rupees only',
      'Online payment',
      'UPI-4411',
      'Accounts Desk',
      // Handed over as it is: the date as 26/11/2026, what is left to pay, a signatory line.
      today.split('-').reverse().join('/'),
      'Balance remaining after this payment',
      'For Acme Institute',
      'Authorised signatory',
    ])
      expect(text).toContain(expected);
    expect(execFileSync('pdfinfo', ['-'], { input: res.rawPayload, encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);

    const staffCopy = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment-receipt/${payment._id}`,
      headers: auth,
    });
    expect(staffCopy.statusCode).toBe(200);
    expect(pdfText(staffCopy.rawPayload)).toContain('one lakh twenty-five thousand rupees only');
    const unknown = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment-receipt/${crypto.randomUUID()}`,
      headers: auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STUDENT_PAGE_MESSAGES.receiptNotFound);
    expect(
      (await app.inject({ method: 'GET', url: `/api/student-enrollment-receipt/${payment._id}` })).statusCode,
    ).toBe(401);
  });

  it("never reaches another student's receipt, even with a valid token", async () => {
    const ravisPayment = await pay(ravi.detail._id, ravi.detail.installments[0]._id, 1000);
    const res = await app.inject({ method: 'GET', url: `/api/student-page-receipt/${asha.token}/${ravisPayment._id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(STUDENT_PAGE_MESSAGES.receiptNotFound);
    expect(res.body).not.toContain(ravisPayment.receiptNumber);
    // Ravi's own token does reach it.
    const own = await app.inject({ method: 'GET', url: `/api/student-page-receipt/${ravi.token}/${ravisPayment._id}` });
    expect(own.statusCode).toBe(200);
    expect(pdfText(own.rawPayload)).toContain('one thousand rupees only');
    // Not a uuid, or another enrolment's id in the payment's place: 4xx, never a page.
    for (const other of ['not-a-uuid', ravi.detail._id, asha.detail._id]) {
      const r = await app.inject({ method: 'GET', url: `/api/student-page-receipt/${asha.token}/${other}` });
      expect([400, 404], `${other}: ${r.body}`).toContain(r.statusCode);
    }
  });

  it('downloads the fee statement with the UPI codes of what is open', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/student-page-statement/${asha.token}` });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Fee statement');
    expect(text).toContain('Pay by UPI');
    expect(text).toContain('Installment 2: ₹5,000.50');
    const staffCopy = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment-fee-download/${asha.detail._id}`,
      headers: auth,
    });
    expect(pdfText(staffCopy.rawPayload)).toContain('Pay by UPI');
  });

  it('answers 404 for a wrong, expired or revoked token, and 400 for one that is not a token', async () => {
    const wrong = await page('A'.repeat(43));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(STUDENT_PAGE_MESSAGES.linkNotFound);
    expect((await page('short')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/student-page-statement/${'B'.repeat(43)}` })).statusCode).toBe(
      404,
    );

    const extra = await requestLink('ravi.page@example.in', '10.141.0.1');
    expect(extra.statusCode).toBe(200);
    await deliver();
    const second = tokenIn((await catcher.latestTo('ravi.page@example.in', /Your page/)).text ?? '')!;
    expect(second).not.toBe(ravi.token);
    await db.execute(
      sql`update student_links set expires_at = now() - interval '1 second' where token_hash = ${sha256(second)}`,
    );
    expect((await page(second)).statusCode).toBe(404);

    // Staff send a new link: the old ones stop working, the new one works.
    expect((await page(ravi.token)).statusCode).toBe(200);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/student-enrollment-link/${ravi.detail._id}`,
      headers: auth,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(STUDENT_PAGE_MESSAGES.linkSent);
    expect((await page(ravi.token)).statusCode).toBe(404);
    await deliver();
    const fresh = tokenIn((await catcher.latestTo('ravi.page@example.in', /new link|Your page/)).text ?? '')!;
    expect(fresh).not.toBe(ravi.token);
    expect((await page(fresh)).statusCode).toBe(200);
    ravi.token = fresh;
    const missing = await app.inject({
      method: 'POST',
      url: `/api/student-enrollment-link/${crypto.randomUUID()}`,
      headers: auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers a link request the same for a known and an unknown email, and throttles per email from an address and per address', async () => {
    const before = catcher.messages.length;
    const known = await requestLink('ASHA.page@example.in', '10.142.0.1');
    const unknown = await requestLink('nobody@example.in', '10.142.0.2');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(STUDENT_PAGE_MESSAGES.linkRequested);
    await deliver();
    expect(catcher.messages.length).toBe(before + 1);
    expect(catcher.messages.at(-1)!.to).toMatchObject({ text: 'asha.page@example.in' });

    // Per email from one address: the fourth request within the hour is refused.
    for (let i = 0; i < 2; i += 1) await requestLink('nobody@example.in', '10.142.0.2');
    const perEmail = await requestLink('Nobody@Example.in ', '10.142.0.2');
    expect(perEmail.statusCode).toBe(429);
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);

    // A stranger asking from many addresses spends their own allowance, not the student's, and
    // fills no mailbox: one link mail per ten minutes, whoever asks, and the student's own
    // requests still go through.
    const sent = catcher.messages.length;
    for (let i = 0; i < 5; i += 1)
      expect((await requestLink('asha.page@example.in', `10.143.0.${i}`)).statusCode).toBe(200);
    await deliver();
    expect(catcher.messages.length).toBe(sent);
    const own = await requestLink('asha.page@example.in', '10.142.0.1');
    expect(own.statusCode).toBe(200);

    // Per address, across emails: the eleventh request from one address is refused.
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await requestLink(`someone${i}@example.in`, '10.144.0.1')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('answers a link request that is not an email, or not an object, with a 400', async () => {
    expect((await requestLink('not-an-email', '10.145.0.1')).statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/student-link-request',
          headers: { 'content-type': 'application/json' },
          payload: 'null',
          remoteAddress: '10.145.0.2',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('fee reminders and announcements carry a working link too', async () => {
    const alert = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment-alert/${asha.detail._id}`,
      headers: auth,
      payload: { force: true },
    });
    expect(alert.statusCode, alert.body).toBe(200);
    const announced = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-annocument/${asha.detail._id}`,
      headers: auth,
      payload: { title: 'Lab moved', message: 'The lab is now on the 2nd floor.' },
    });
    expect(announced.statusCode, announced.body).toBeLessThan(300);
    await deliver();
    for (const subject of [/Fee reminder/, /Lab moved/]) {
      const token = tokenIn((await catcher.latestTo('asha.page@example.in', subject)).text ?? '');
      expect(token, String(subject)).toBeDefined();
      expect((await page(token!)).statusCode).toBe(200);
    }
    const data = (await page(asha.token)).json().data;
    expect(data.announcements).toEqual([expect.objectContaining({ title: 'Lab moved' })]);
    // A link placeholder typed into a message for Ravi, naming Asha's enrolment, gets Ravi no way into Asha's page.
    const forged = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-annocument/${ravi.detail._id}`,
      headers: auth,
      payload: { title: 'Forged link', message: `Open {{student-page-link:${asha.detail._id}}} now.` },
    });
    expect(forged.statusCode, forged.body).toBeLessThan(300);
    await deliver();
    const forgedMail = await catcher.latestTo('ravi.page@example.in', /Forged link/);
    expect(forgedMail.text).toContain(`Open ${config.publicUrl}/my now.`);
    const tokens = [...(forgedMail.text ?? '').matchAll(/\/my\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);
    expect(tokens).toHaveLength(1); // the mail's own line, for Ravi
    expect((await page(tokens[0]!)).json().data.enrollmentNumber).toBe(ravi.detail.enrollmentNumber);
  });

  it("records a student's data requests, once each, and lists them for staff with their state", async () => {
    const ask = (kind: string, token = asha.token) =>
      app.inject({ method: 'POST', url: `/api/student-page-request/${token}`, payload: { kind } });
    expect((await ask('export')).statusCode).toBe(201);
    const again = await ask('export');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STUDENT_PAGE_MESSAGES.requestAlreadyOpen);
    expect((await ask('erasure')).statusCode).toBe(201);
    expect((await ask('everything')).statusCode).toBe(400);
    expect((await ask('export', 'C'.repeat(43))).statusCode).toBe(404);

    const list = await app.inject({ method: 'GET', url: '/api/student-requests', headers: auth });
    expect(list.statusCode).toBe(200);
    const requests = list.json().data as { _id: string; kind: string; state: string; enrollmentNumber: string }[];
    expect(requests.map((r) => [r.kind, r.state, r.enrollmentNumber]).sort()).toEqual([
      ['erasure', 'open', asha.detail.enrollmentNumber],
      ['export', 'open', asha.detail.enrollmentNumber],
    ]);
    const exportRequest = requests.find((r) => r.kind === 'export')!;
    const done = await app.inject({
      method: 'PUT',
      url: `/api/student-request/${exportRequest._id}`,
      headers: auth,
      payload: { state: 'done' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = (await app.inject({ method: 'GET', url: '/api/student-requests', headers: auth })).json().data;
    expect(after.find((r: { _id: string }) => r._id === exportRequest._id)).toMatchObject({
      state: 'done',
      handledBy: { name: 'Accounts Desk' },
    });
    expect((await page(asha.token)).json().data.requests).toHaveLength(2);

    // An accountant may not handle privacy requests.
    const accountant = await makeStaff(db, { role: 'accountant' });
    const accountantAuth = bearer(await tokenFor(app, accountant.email, accountant.password));
    expect(
      (await app.inject({ method: 'GET', url: '/api/student-requests', headers: accountantAuth })).statusCode,
    ).toBe(403);
    const unknownRequest = await app.inject({
      method: 'PUT',
      url: `/api/student-request/${crypto.randomUUID()}`,
      headers: auth,
      payload: { state: 'done' },
    });
    expect(unknownRequest.statusCode).toBe(404);
  });

  it('an erasure ends the links of the erased enrolment', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/student-erasure',
      headers: auth,
      payload: { email: 'ravi.page@example.in', reason: 'The student asked' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await page(ravi.token)).statusCode).toBe(404);
  });
});
