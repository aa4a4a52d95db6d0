/**
 * The accountant's month in a real browser, signed in as an accountant (the least role that
 * records fees), at 1366 px and on a 360 px phone: two payments by cheque recorded from the
 * enrolment's fees, one cleared and one bounced, a refund that lowers the fee, the payments
 * register searched by receipt number, collections with reminders to two students previewed and sent,
 * and the day's cash book. On a phone the schedule is a card per installment, money, state and
 * actions all on the screen, and nothing in main scrolls sideways.
 * Axe on every screen and dialog. Students and their due dates are set up through the API.
 */
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { CHEQUE_MESSAGES } from '@registrar/contract/cheques';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { fees, overdueStudent, payments, scheduleCard, scheduleRow, toast } from '../support/fees';
import { expectNothingScrollsSideways } from '../support/layout';
import { signInAs, staffWithRole } from '../support/roles';

test.describe.configure({ mode: 'serial' });
const expect = baseExpect.configure({ timeout: 30_000 });
const suffix = Date.now().toString(36);

/** The schedule's action is whole where it stands: not cut, and inside the page's width. */
async function expectWhole(page: Page, button: Locator) {
  await expect(button).toBeVisible();
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await button.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
}

/** Inside the viewport's width, as the phone shows it without scrolling sideways. */
async function expectOnScreen(page: Page, element: Locator) {
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function recordCheque(page: Page, installment: number, number: string) {
  await fees(page)
    .getByRole('button', { name: `Record payment for installment ${installment}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByRole('combobox', { name: /^Payment mode/ }).selectOption({ label: 'Cheque / DD' });
  await dialog.getByRole('textbox', { name: /^Cheque or DD number/ }).fill(number);
  await dialog.getByRole('textbox', { name: /^Bank/ }).fill('Canara Bank');
  await dialog.getByLabel(/^Cheque date/).fill(localIsoDate());
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, new RegExp(`^${FEE_MESSAGES.paymentRecorded}`)).first()).toBeVisible();
  const line = payments(page)
    .getByRole('listitem')
    .filter({ hasText: `Cheque ${number}` });
  await expect(line).toContainText('Received, not cleared');
  return ((await line.textContent()) ?? '').match(/RCPT-\d{4}-\d+/)![0];
}

async function chequeOutcome(page: Page, receipt: string, outcome: 'cleared' | 'bounced') {
  await payments(page)
    .getByRole('button', { name: `Cheque of ${receipt} ${outcome}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Cheque ${outcome}: receipt ${receipt}` });
  await expect(dialog).toBeVisible();
  if (outcome === 'bounced') await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Insufficient funds');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: outcome === 'cleared' ? 'Mark cleared' : 'Mark bounced' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, outcome === 'cleared' ? CHEQUE_MESSAGES.cleared : CHEQUE_MESSAGES.bounced)).toBeVisible();
}

for (const width of [1366, 360]) {
  test(`an accountant's month at ${width} px: cheques cleared and bounced, a refund, register, collections, cash book`, async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    await page.setViewportSize({ width, height: width > 400 ? 900 : 740 });
    const admin = await signInByApi(request);
    const accountant = await staffWithRole(request, admin, 'accountant', `${suffix}${width}`);
    const tag = `${suffix} ${width}`;
    const phone = (n: number) => `98123${String(width).padStart(4, '0')}${n}`;
    const name = `Kavya Rao ${tag}`;
    const kavya = await overdueStudent(request, admin, name, `kavya.${suffix}.${width}@example.com`, phone(1));
    const others = [
      await overdueStudent(request, admin, `Arjun Nair ${tag}`, `arjun.${suffix}.${width}@example.com`, phone(2)),
      await overdueStudent(request, admin, `Meera Iyer ${tag}`, `meera.${suffix}.${width}@example.com`, phone(3)),
    ];

    await signInAs(page, accountant);
    await page.goto(`/student-enrollments/${kavya.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });

    if (width > 400) {
      // The schedule's money and state columns, and its actions whole.
      const header = scheduleRow(page, 0);
      for (const column of ['Amount', 'Due date', 'Paid', 'Outstanding', 'Status'])
        await expect(header.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    } else {
      // On a phone each installment is a card: its money, its state and its payment button on the screen.
      await expect(fees(page).getByRole('table', { name: 'Fee schedule' })).toHaveCount(0);
      const first = scheduleCard(page, 1);
      await first.scrollIntoViewIfNeeded();
      for (const label of ['Due date', 'Amount', 'Paid', 'Outstanding']) {
        await expect(first.getByText(label, { exact: true })).toBeVisible();
        await expectOnScreen(page, first.getByText(label, { exact: true }));
      }
      await expect(first.getByText('₹10,000')).toHaveCount(2); // amount and outstanding
      await expectOnScreen(page, first.getByText('₹10,000').first());
      await expectOnScreen(page, first.getByText('Overdue', { exact: true }));
      await expectOnScreen(page, first.getByRole('button', { name: 'Record payment for installment 1' }));
      await expect(scheduleCard(page, 3).getByText('Unpaid', { exact: true })).toBeVisible();
      await expectNothingScrollsSideways(page);
    }
    await expectWhole(page, fees(page).getByRole('button', { name: 'Record payment for installment 1' }));
    await expectWhole(page, fees(page).getByRole('button', { name: 'Edit installment 3' }));
    const shot = test.info().outputPath(`fees-${width}.png`);
    await fees(page).screenshot({ path: shot });
    await test.info().attach(`fees at ${width} px`, { path: shot, contentType: 'image/png' });
    await expectNoAxeViolations(page);

    const cleared = await recordCheque(page, 1, `${String(width).padStart(4, '0')}01`);
    const bounced = await recordCheque(page, 2, `${String(width).padStart(4, '0')}02`);
    await chequeOutcome(page, cleared, 'cleared');
    await expect(payments(page).getByRole('listitem').filter({ hasText: cleared })).toContainText('Cleared on');
    await chequeOutcome(page, bounced, 'bounced');
    const voided = payments(page).getByRole('listitem').filter({ hasText: bounced });
    await expect(voided).toContainText('Bounced on');
    await expect(voided.getByText('Voided', { exact: true })).toBeVisible();
    // Installment 2 owes it again.
    await expect(width > 400 ? scheduleRow(page, 2) : scheduleCard(page, 2)).toContainText('₹10,000');
    if (width <= 400) await expectNothingScrollsSideways(page);

    // A refund that lowers the fee: what the student owes stays as it was.
    const outstanding = fees(page)
      .locator('dl')
      .first() // the totals; each installment's card has its own on a phone
      .locator('dt', { hasText: /^Outstanding$/ })
      .locator('..');
    const before = await outstanding.textContent();
    await payments(page)
      .getByRole('button', { name: `Refund receipt ${cleared}` })
      .click();
    const refund = page.getByRole('dialog', { name: `Refund receipt ${cleared}` });
    await refund.getByRole('spinbutton', { name: /^Amount/ }).fill('1000');
    await refund.getByRole('combobox', { name: /^Refund mode/ }).selectOption({ label: 'Cash' });
    await refund.getByRole('radio', { name: /^Lower the fee by the same amount/ }).check();
    await refund.getByRole('textbox', { name: /^Reason/ }).fill('Scholarship agreed after paying');
    await expectNoAxeViolations(page);
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect(refund).toBeHidden();
    await expect(toast(page, new RegExp(`^${FEE_MESSAGES.refundRecorded}`)).first()).toBeVisible();
    const adjustments = fees(page).getByRole('list', { name: 'Refunds and concessions, newest first' });
    await expect(adjustments).toContainText('Lower the fee by the same amount');
    await expect(outstanding).toHaveText(before!);
    await expect(payments(page).getByRole('listitem').filter({ hasText: cleared })).toContainText('₹1,000 refunded');
    await expect(payments(page).getByRole('link', { name: `Print receipt ${cleared}` })).toBeVisible();
    await expect(payments(page).getByRole('button', { name: `Send receipt ${cleared} on WhatsApp` })).toBeVisible();
    // The student is told of the refund once, with its voucher; the history says where the mail stands.
    const told = fees(page).getByRole('list', { name: 'Messages to the student, newest first' });
    await expect(told.getByRole('listitem').filter({ hasText: 'Refund recorded' })).toHaveCount(1);
    await expect(told.getByRole('listitem').filter({ hasText: 'Refund recorded' })).toContainText(
      /RFND-\d{4}-\d+ · ₹1,000\.00/,
    );
    await expect(told.getByRole('listitem').filter({ hasText: 'Refund recorded' })).toContainText(
      /Queued|Sending|Sent|Failed/,
    );
    await expectNoAxeViolations(page);

    // The register across students, searched by the receipt number.
    await page.goto('/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(cleared);
    await expect(page).toHaveURL(new RegExp(`search=${cleared}`));
    const main = page.getByRole('main');
    await expect(main.getByText(cleared).first()).toBeVisible();
    await expect(main.getByText(`${name} (${kavya.number})`).first()).toBeVisible();
    await expect(main.getByText(bounced)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Collections: two overdue students chosen, the reminders previewed, then sent in one go.
    await page.goto('/collections');
    await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
    // The age groups show on a phone too, without opening Filters.
    await expect(page.getByRole('navigation', { name: 'Overdue by age' }).getByRole('link')).toHaveCount(4);
    for (const other of others) await page.getByRole('checkbox', { name: `Choose ${other.name}` }).check();
    await page.getByRole('button', { name: 'Send reminders (2)' }).click();
    await page
      .getByRole('alertdialog', { name: 'Send 2 reminders?' })
      .getByRole('button', { name: 'Send reminders' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: '2 reminders sent, 0 skipped.' })).toBeVisible();
    // Below the overdue list, the money to give back (the dashboard's figure opens it).
    await expect(page.getByRole('heading', { level: 2, name: /^Credits to refund \(₹/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/cash-book?date=${localIsoDate()}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Cash book for/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cheques received' })).toContainText(cleared);
    await expect(page.getByRole('region', { name: 'Cheques received' })).toContainText(bounced);
    await expect(page.getByRole('region', { name: 'Cheques cleared' })).toContainText(cleared);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
