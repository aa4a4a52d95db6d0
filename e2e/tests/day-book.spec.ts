/**
 * The accountant's day book in a real browser, at 1366 px and on a 360 px phone: a day's cash and
 * cheque receipts listed one by one (each linked to its enrolment), the opening balance entered
 * once, a bank deposit, the day closed on the cash counted, and the cheque that bounced the next
 * day reversed on that day while the day it came in stays as it was. Every figure on the phone's
 * screen, nothing scrolling sideways; axe on the screen and each dialog. Payments through the API.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { CASH_BOOK_MESSAGES } from '@registrar/contract/day-book';
import { localIsoDate } from '@registrar/contract/enrollment';
import { signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { enrolInInstallments, toast } from '../support/fees';
import { expectNothingScrollsSideways } from '../support/layout';
import { signInAs, staffWithRole } from '../support/roles';

test.describe.configure({ mode: 'serial' });
const expect = baseExpect.configure({ timeout: 30_000 });
const suffix = Date.now().toString(36);
const daysAgo = (n: number) => localIsoDate(new Date(Date.now() - n * 86_400_000));

for (const width of [1366, 360]) {
  test(`the day book at ${width} px: receipts, a deposit, the day closed, a cheque bounced the next day`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: width > 400 ? 900 : 740 });
    const admin = await signInByApi(request);
    const accountant = await staffWithRole(request, admin, 'accountant', `book${suffix}${width}`);
    // Each width keeps its own two days, so one run's closing is not the other's.
    const [received, bouncedOn] = width > 400 ? [daysAgo(12), daysAgo(11)] : [daysAgo(6), daysAgo(5)];
    const name = `Nisha Pillai ${suffix} ${width}`;
    const nisha = await enrolInInstallments(request, `Day book ${suffix} ${width}`, {
      name,
      email: `nisha.${suffix}.${width}@example.com`,
      phoneNumber: `97123${String(width).padStart(4, '0')}1`,
      address: '9 Beach Road, Chennai',
    });
    const detail = await (await request.get(`/api/student-enrollment/${nisha.id}`, { headers: admin })).json();
    const installment = detail.data.installments[0]._id as string;
    const pay = async (data: object) => {
      const res = await request.put(`/api/student-enrollment-payment/${nisha.id}/${installment}`, {
        headers: admin,
        data,
      });
      expect(res.status(), await res.text()).toBe(200);
      const list = (await res.json()).data.payments as { _id: string; receiptNumber: string; paymentMode: string }[];
      return list.find((p) => p.paymentMode === (data as { paymentMode: string }).paymentMode)!;
    };
    const cash = await pay({ amount: 4000, paymentMode: 'cash', paidOn: received });
    const chequeNumber = String(100000 + (Date.now() % 900000) - (width % 7));
    const cheque = await pay({
      amount: 3000,
      paymentMode: 'cheque',
      paidOn: received,
      chequeNumber,
      bankName: 'Indian Bank',
      chequeDate: received,
    });
    const bounce = await request.put(`/api/student-enrollment-cheque/${cheque._id}`, {
      headers: admin,
      data: { state: 'bounced', on: bouncedOn, reason: 'Signature differs' },
    });
    expect(bounce.status(), await bounce.text()).toBe(200);

    await signInAs(page, accountant);
    await page.goto(`/cash-book?date=${received}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Cash book for/ })).toBeVisible({ timeout: 20_000 });
    const opening = page.getByRole('button', { name: 'Enter opening balance' });
    if (await opening.isVisible()) {
      await opening.click();
      const dialog = page.getByRole('dialog', { name: 'Opening cash balance' });
      await dialog.getByRole('spinbutton', { name: /^Amount/ }).fill('5000');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Record' }).click();
      await expect(dialog).toBeHidden();
    }
    const lines = page.getByRole('table', { name: /^Receipts and refunds/ });
    const cashRow = lines.getByRole('row').filter({ hasText: cash.receiptNumber });
    const chequeRow = lines.getByRole('row').filter({ hasText: cheque.receiptNumber });
    await expect(cashRow).toContainText('₹4,000');
    await expect(chequeRow).toContainText(chequeNumber);
    await expect(chequeRow.getByRole('link', { name })).toHaveAttribute('href', `/student-enrollments/${nisha.id}`);

    await page.getByRole('button', { name: 'Deposit or handover' }).click();
    const deposit = page.getByRole('dialog', { name: /^Cash out of the drawer/ });
    await deposit.getByRole('spinbutton', { name: /^Amount/ }).fill('1000');
    await deposit.getByRole('button', { name: 'Record' }).click();
    await expect(deposit.getByText(CASH_BOOK_MESSAGES.partyRequired)).toBeVisible();
    await deposit.getByRole('textbox', { name: /^Bank/ }).fill('SBI Adyar');
    await deposit.getByRole('textbox', { name: /^Reference/ }).fill(`SLIP-${width}`);
    await expectNoAxeViolations(page);
    await deposit.getByRole('button', { name: 'Record' }).click();
    await expect(deposit).toBeHidden();
    const entries = page.getByRole('table', { name: /^Deposits and handovers/ });
    await expect(entries.getByRole('row').filter({ hasText: `SLIP-${width}` })).toContainText('SBI Adyar');

    await page.getByRole('button', { name: 'Close the day' }).click();
    const closing = page.getByRole('dialog', { name: /^Close the day/ });
    await expect(closing.getByRole('status')).toHaveText('Difference: ₹0');
    await expectNoAxeViolations(page);
    await closing.getByRole('button', { name: 'Close the day' }).click();
    await expect(closing).toBeHidden();
    await expect(toast(page, CASH_BOOK_MESSAGES.closed)).toBeVisible();
    await expect(page.getByText(/^Closed by /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close the day' })).toHaveCount(0);
    const summary = page.getByRole('definition').last();
    await expect(summary).toBeInViewport({ ratio: 1 });
    // The money column of each list is whole on the screen, whatever the width.
    for (const amount of [
      cashRow.getByRole('cell', { name: '₹4,000' }),
      entries.getByRole('cell', { name: '₹1,000' }),
    ]) {
      await amount.scrollIntoViewIfNeeded();
      const box = (await amount.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await expectNothingScrollsSideways(page);
    await expectNoAxeViolations(page);

    await page.goto(`/cash-book?date=${bouncedOn}`);
    const reversal = page
      .getByRole('table', { name: /^Receipts and refunds/ })
      .getByRole('row')
      .filter({ hasText: cheque.receiptNumber });
    await expect(reversal).toContainText('Reversed');
    await expect(reversal).toContainText('-₹3,000');
    await expect(reversal).toContainText('Cheque bounced: Signature differs');
    await expect(page.getByRole('region', { name: 'Cheques bounced' })).toContainText(chequeNumber);
    await expectNothingScrollsSideways(page);
    await expectNoAxeViolations(page);

    // The day it came in is as it was closed: the cheque still among its receipts.
    await page.goto(`/cash-book?date=${received}`);
    await expect(page.getByRole('table', { name: /^Receipts and refunds/ })).toContainText(cheque.receiptNumber);
    await expect(page.getByText(/^Closed by /)).toBeVisible();
  });
}
