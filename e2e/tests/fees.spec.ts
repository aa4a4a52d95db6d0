/**
 * Fees in a real browser: staff open an enrolment,
 * record a partial payment (the installment turns "Part paid", the receipt is in the history), void
 * it with a reason, record two payments, send a payment reminder (the mail arrives; a second one the
 * same day is offered as "Send again today"), download the statement (`fee-statement-ENR-….pdf`) and
 * filter the enrolments list by payment state. axe on the detail page and on every dialog.
 * Data is set up through the API.
 */
import { localIsoDate } from '@registrar/contract/enrollment';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { expectNoAxeViolations } from '../support/axe';
import { enrolInInstallments, fees, payments, scheduleRow, toast } from '../support/fees';
import { waitForMail } from '../support/mail';
import { signIn } from '../support/staff';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36);
const COURSE = `Fees Course ${suffix}`;
const NAME = `Kavya Iyer ${suffix}`;
const EMAIL = `kavya.${suffix}@example.com`;

let enrollment = { id: '', number: '' };

test.beforeAll(async ({ request }) => {
  enrollment = await enrolInInstallments(request, COURSE, {
    name: NAME,
    email: EMAIL,
    phoneNumber: '9812345670',
    address: '7 Lake Road, Chennai',
  });
});

/** Fills and sends the Record payment dialog that is open. */
async function recordPayment(page: Page, amount: string, mode: string, reference?: string) {
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByRole('spinbutton', { name: /^Amount/ }).fill(amount);
  await dialog.getByRole('combobox', { name: /^Payment mode/ }).selectOption({ label: mode });
  if (reference) await dialog.getByRole('textbox', { name: 'Reference' }).fill(reference);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, /^Payment recorded: RCPT-\d{4}-\d{6}$/).last()).toBeVisible();
}

test.describe('fees', () => {
  test('record, void, record two payments, remind, download the statement', async ({ page }) => {
    test.slow(); // one long journey; a busy CI machine needs more than 30 s
    await signIn(page);
    await page.goto(`/student-enrollments/${enrollment.id}`);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(fees(page).getByText('Due', { exact: true })).toBeVisible();
    await expect(scheduleRow(page, 1)).toContainText('Unpaid');
    await expect(fees(page).getByText('No payments recorded yet.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible();
    await expectNoAxeViolations(page);

    // A partial payment: the amount starts at what installment 1 owes; today is the default date.
    await fees(page).getByRole('button', { name: 'Record payment for installment 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await expect(dialog.getByRole('spinbutton', { name: /^Amount/ })).toHaveValue('10000');
    await expect(dialog.getByRole('spinbutton', { name: /^Amount/ })).toBeFocused();
    await dialog.getByRole('spinbutton', { name: /^Amount/ }).fill('10000.01');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog.getByText(`${FEE_MESSAGES.amountTooMuch} (₹10,000)`)).toBeVisible();
    await expect(dialog.getByText('Choose a payment mode')).toBeVisible();
    await expectNoAxeViolations(page);
    await recordPayment(page, '4000', 'Cash', 'CASH-17');

    await expect(scheduleRow(page, 1)).toContainText('Part paid');
    await expect(scheduleRow(page, 1)).toContainText('₹6,000');
    const first = payments(page).getByRole('listitem').first();
    await expect(first).toContainText(/RCPT-\d{4}-\d{6}/);
    await expect(first).toContainText('₹4,000');
    await expect(first).toContainText('reference CASH-17');
    const receipt = (await first.textContent())!.match(/RCPT-\d{4}-\d{6}/)![0];

    // Void it: a reason is required.
    await first.getByRole('button', { name: `Void receipt ${receipt}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Void receipt ${receipt}?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Void payment' }).click();
    await expect(confirm.getByText(FEE_MESSAGES.reasonRequired)).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('textbox', { name: /^Reason/ }).fill('Entered against the wrong student');
    await confirm.getByRole('button', { name: 'Void payment' }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page, FEE_MESSAGES.paymentVoided)).toBeVisible();
    await expect(first.locator('del').first()).toHaveText(receipt);
    await expect(first).toContainText('Voided');
    await expect(first).toContainText('Entered against the wrong student');
    await expect(scheduleRow(page, 1)).toContainText('Unpaid');

    // Two payments: installment 1 in full (online), then part of installment 2 by keyboard.
    await fees(page).getByRole('button', { name: 'Record payment', exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: /^Installment/ })).toHaveValue(/.+/);
    await recordPayment(page, '10000', 'UPI', 'UPI-2026-77');
    await expect(scheduleRow(page, 1)).toContainText('Paid');
    await fees(page).getByRole('button', { name: 'Record payment for installment 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('spinbutton', { name: /^Amount/ })).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2500.5');
    await dialog.getByRole('combobox', { name: /^Payment mode/ }).selectOption({ label: 'Cheque / DD' });
    // A cheque is named by its number and dated; Enter in the last field records it.
    await dialog.getByRole('textbox', { name: /^Cheque or DD number/ }).fill('004512');
    await dialog.getByLabel(/^Cheque date/).fill(localIsoDate());
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(scheduleRow(page, 2)).toContainText('Part paid');
    await expect(payments(page).getByRole('listitem')).toHaveCount(3);
    const totals = fees(page).locator('dl').first();
    await expect(totals).toContainText('Paid₹12,500.50');
    await expect(totals).toContainText('Outstanding₹17,499.50');

    // Reminder: the mail arrives; a second one today is offered as "Send again today".
    const since = Date.now();
    await fees(page).getByRole('button', { name: 'Send payment reminder' }).click();
    await expect(toast(page, FEE_MESSAGES.alertSent)).toBeVisible();
    const mail = await waitForMail({ to: EMAIL, subject: /Fee reminder/i, since });
    expect(mail.text).toContain('₹17,499.50');
    await fees(page).getByRole('button', { name: 'Send payment reminder' }).click();
    const again = page.getByRole('alertdialog', { name: 'A reminder was already sent today' });
    await expect(again).toBeVisible();
    await expectNoAxeViolations(page);
    await again.getByRole('button', { name: 'Send again today' }).click();
    await expect(again).toBeHidden();
    await expect(toast(page, FEE_MESSAGES.alertSent).last()).toBeVisible();

    // The statement: a download named after the enrolment number.
    const downloading = page.waitForEvent('download');
    await fees(page).getByRole('link', { name: 'Download fee statement' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`fee-statement-${enrollment.number}.pdf`);
    expect(download.suggestedFilename()).toMatch(/^fee-statement-ENR-\d{4}-\d+\.pdf$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    // The history keeps it all.
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Payment voided')).toBeVisible();
    await expect(history.getByText('Payment alert sent')).toHaveCount(2);
    await expectNoAxeViolations(page);
  });

  test('the edit dialog changes an unpaid installment with a reason', async ({ page }) => {
    await signIn(page);
    await page.goto(`/student-enrollments/${enrollment.id}`);
    await fees(page).getByRole('button', { name: 'Edit installment 3' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit installment 3' });
    await dialog.getByRole('spinbutton', { name: /^Amount/ }).fill('9000');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText(FEE_MESSAGES.reasonRequired)).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Scholarship');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, FEE_MESSAGES.installmentUpdated)).toBeVisible();
    await expect(scheduleRow(page, 3)).toContainText('₹9,000');
    await expect(page.getByRole('region', { name: 'History' }).getByText(/Reason: Scholarship/)).toBeVisible();
  });

  test('the list filters by payment state and shows what is outstanding', async ({ page }) => {
    await signIn(page);
    await page.goto(`/student-enrollments?search=${encodeURIComponent(enrollment.number)}`);
    const grid = page.getByRole('grid', { name: 'Student Enrollments' });
    const row = grid.getByRole('row', { name: new RegExp(enrollment.number) });
    await expect(row).toContainText('₹16,499.50');
    const filter = page.getByRole('combobox', { name: 'Payment' });
    await filter.selectOption({ label: 'Paid up' });
    await expect(page).toHaveURL(/paymentState=paid_up/);
    await expect(page.getByRole('heading', { name: /^No enrolments match/ })).toBeVisible();
    await filter.selectOption({ label: 'Overdue' });
    await expect(page.getByRole('heading', { name: /^No enrolments match/ })).toBeVisible();
    await filter.selectOption({ label: 'Due' });
    await expect(page).toHaveURL(/paymentState=due/);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Due');
    await expectNoAxeViolations(page);
  });
});
