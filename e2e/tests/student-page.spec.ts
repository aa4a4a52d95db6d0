/**
 * The student's own page on a 360 × 740 phone: from the link in the enrolment mail to the page
 * (enrolment, schedule, UPI code, payments), a downloaded receipt whose amount pdftotext reads in
 * words, the fee statement, a data request, a broken link, and the form that mails a fresh link;
 * in Hindi, the switch and the server's answer to that form. With GST on, a tax-exclusive course's
 * installments carry the tax and each payment's tax invoice downloads beside its receipt.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { createCourse, enrolStudent, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { withGstOn } from '../support/gst';
import { waitForMail } from '../support/mail';

const suffix = Date.now().toString(36);
/** STUDENT_PAGE_MESSAGES.linkRequested as the Hindi catalogue says it. */
const HINDI_LINK_REQUESTED = (
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'packages/contract/src/locales/hi.json'), 'utf8'),
  ) as Record<string, string>
)['messages.studentPage.linkRequested']!;

test.describe("the student's page on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('from the mail’s link to a downloaded receipt', async ({ page, request }, testInfo) => {
    test.slow(); // one long journey on a shared machine
    const auth = await signInByApi(request);
    const courseId = await createCourse(request, auth, {
      name: `Student Page Course ${suffix}`,
      price: 150000,
      emiPrice: [125000, 25000],
    });
    const email = `student.page.${suffix}@example.com`;
    const since = Date.now();
    const { id, number } = await enrolStudent(request, auth, {
      name: 'Meera Iyer',
      email,
      phoneNumber: `9${String(Date.now()).slice(-9)}`,
      address: '12 MG Road, Bengaluru',
      courseId,
      paymentMethod: 'installment',
    });
    const detail = (
      (await (await request.get(`/api/student-enrollment/${id}`, { headers: auth })).json()) as {
        data: { installments: { _id: string }[] };
      }
    ).data;
    const paid = await request.put(`/api/student-enrollment-payment/${id}/${detail.installments[0]!._id}`, {
      headers: auth,
      data: {
        amount: 125000,
        paymentMode: 'online_payment',
        paidOn: new Date().toLocaleDateString('sv'),
        reference: 'UPI-98765',
      },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const receiptNumber = ((await paid.json()) as { data: { payments: { receiptNumber: string }[] } }).data.payments[0]!
      .receiptNumber;

    // The link, as the student receives it.
    const mail = await waitForMail({ to: email, subject: /Your enrolment/, since });
    const link = /https?:\/\/[^\s"'<>]+\/my\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    await page.goto(link!);

    await expect(page.getByRole('heading', { level: 1, name: 'Your enrolment' })).toBeVisible();
    await expect(page.getByText(number)).toBeVisible();
    await expect(page.getByText('Installment 2: ₹25,000 by')).toBeVisible();
    await expect(page.getByRole('img', { name: /UPI QR code to pay ₹25,000 for installment 2/ })).toBeVisible();
    await expect(page.locator('a[href^="upi://pay"]')).toHaveAttribute(
      'href',
      new RegExp(
        `^upi://pay\\?pa=registrar%40okbank&pn=Registrar%20Training%20Institute&am=25000\\.00&cu=INR&tn=${number}%20installment%202$`,
      ),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // The receipt, downloaded as a phone would.
    const receiptLink = page.getByRole('link', { name: `Download receipt ${receiptNumber}` });
    await receiptLink.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);
    const file = testInfo.outputPath('receipt.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(receiptNumber);
    expect(text).toContain('₹1,25,000');
    expect(text).toContain('one lakh twenty-five thousand rupees only');

    const [statement] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the fee statement (PDF)' }).click(),
    ]);
    expect(statement.suggestedFilename()).toBe(`fee-statement-${number}.pdf`);

    // A request for a copy of the data, shown with its state.
    await page.getByRole('button', { name: 'Ask for a copy of my data' }).click();
    await expect(page.getByRole('status').filter({ hasText: STUDENT_PAGE_MESSAGES.requestRecorded })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: /^Copy of my data/ })).toContainText('Open');
    await expect(page.getByRole('button', { name: 'Ask for a copy of my data' })).toBeDisabled();
    // Erasure asks first, and Cancel leaves it.
    await page.getByRole('button', { name: 'Ask to erase my data' }).click();
    await expect(page.getByRole('button', { name: 'Yes, ask for erasure' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Yes, ask for erasure' })).toHaveCount(0);

    // A link that does not work says so and offers the form.
    await page.goto(`/my/${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Get a new link' }).click();

    // The form mails a fresh link.
    await expect(page.getByRole('heading', { level: 1, name: 'Get a link to your page' })).toBeVisible();
    await expectNoAxeViolations(page);
    const asked = Date.now();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status')).toHaveText(STUDENT_PAGE_MESSAGES.linkRequested);
    const fresh = await waitForMail({ to: email, subject: /Your page/, since: asked });
    expect(fresh.text).toMatch(/\/my\/[A-Za-z0-9_-]{43}/);
  });

  test('in Hindi: the switch, remembered on the device', async ({ page }) => {
    await page.goto('/my');
    await expect(page.getByRole('heading', { level: 1, name: 'Get a link to your page' })).toBeVisible();
    // The switch is in the prerendered HTML: a press before React has taken the page over does nothing.
    await expect(async () => {
      await page.getByRole('button', { name: 'हिन्दी' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'अपने पेज का लिंक पाएँ' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('button', { name: 'मुझे लिंक भेजें' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // The server's answer to the form, in Hindi.
    await page.getByLabel('ईमेल').fill(`nobody.${suffix}@example.com`);
    await page.getByRole('button', { name: 'मुझे लिंक भेजें' }).click();
    await expect(page.getByRole('status')).toHaveText(HINDI_LINK_REQUESTED);
    await expectNoAxeViolations(page);

    // Another page of the student's, opened later on this phone, stays in Hindi.
    await page.goto(`/my/${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'यह लिंक काम नहीं कर रहा' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expectNoAxeViolations(page);
  });

  test('with GST on: the tax on top of the price, and the tax invoice beside the receipt', async ({
    page,
    request,
  }) => {
    test.slow();
    const auth = await signInByApi(request);
    await withGstOn(request, auth, async () => {
      const courseId = await createCourse(request, auth, {
        name: `GST Page Course ${suffix}`,
        price: 20000,
        emiPrice: [10000, 10000],
      });
      const exclusive = await request.put(`/api/course/${courseId}`, { headers: auth, data: { taxInclusive: false } });
      expect(exclusive.status(), await exclusive.text()).toBe(200);
      const email = `student.gst.${suffix}@example.com`;
      const since = Date.now();
      const { id } = await enrolStudent(request, auth, {
        name: 'Kavya Rao',
        email,
        phoneNumber: `8${String(Date.now()).slice(-9)}`,
        address: '4 Law College Road, Pune',
        courseId,
        paymentMethod: 'installment',
      });
      const detail = (
        (await (await request.get(`/api/student-enrollment/${id}`, { headers: auth })).json()) as {
          data: { installments: { _id: string; amount: number }[] };
        }
      ).data;
      expect(detail.installments.map((i) => i.amount)).toEqual([11800, 11800]);
      const paid = await request.put(`/api/student-enrollment-payment/${id}/${detail.installments[0]!._id}`, {
        headers: auth,
        data: { amount: 11800, paymentMode: 'cash', paidOn: new Date().toLocaleDateString('sv') },
      });
      expect(paid.status(), await paid.text()).toBe(200);
      const invoiceNumber = ((await paid.json()) as { data: { payments: { invoiceNumber: string }[] } }).data
        .payments[0]!.invoiceNumber;
      expect(invoiceNumber).toMatch(/^INV\/\d\d-\d\d\/\d{5}$/);

      const mail = await waitForMail({ to: email, subject: /Your enrolment/, since });
      await page.goto(/https?:\/\/[^\s"'<>]+\/my\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0]);
      await expect(page.getByRole('heading', { level: 1, name: 'Your enrolment' })).toBeVisible();
      await expect(page.getByText('Installment 2: ₹11,800 by')).toBeVisible();
      const invoice = page.getByRole('link', { name: `Download tax invoice ${invoiceNumber}` });
      await expect(invoice).toBeVisible();
      await expect(page.getByRole('link', { name: /^Download receipt / })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
      const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
      expect(download.suggestedFilename()).toBe(`${invoiceNumber.replaceAll('/', '-')}.pdf`);
      expect(
        fs
          .readFileSync(await download.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    });
  });
});
