/**
 * The fee ledger in a real browser: staff refund part of a payment (the payment keeps its receipt
 * and shows what was refunded, the refund gets its own RFND number), give a concession (taken from
 * the last installment), and see in the edit dialog, before saving, what a new payment method or
 * joining date does to the schedule. Keyboard use, a 360 px phone, and axe on every dialog.
 * Data is set up through the API.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { FEE_MESSAGES, REFUND_EFFECT_LABELS } from '@registrar/contract/fees';
import { expectNoAxeViolations } from '../support/axe';
import { enrolInInstallments, fees, payments, scheduleRow, toast } from '../support/fees';
import { signIn } from '../support/staff';

test.describe.configure({ mode: 'serial' });
// Money writes wait on row locks and re-render the whole fee panel: give a busy machine time.
const expect = baseExpect.configure({ timeout: 15_000 });

const suffix = Date.now().toString(36);
const NAME = `Rohan Mehta ${suffix}`;
let enrollment = { id: '', number: '' };

test.beforeAll(async ({ request }) => {
  enrollment = await enrolInInstallments(request, `Ledger Course ${suffix}`, {
    name: NAME,
    email: `rohan.${suffix}@example.com`,
    phoneNumber: '9812345671',
    address: '12 Hill Road, Pune',
  });
});

const adjustments = (page: Page) => fees(page).getByRole('list', { name: 'Refunds and concessions, newest first' });

test.describe('fee ledger', () => {
  test('refund part of a payment and give a concession', async ({ page }) => {
    // One long journey with five axe runs; a machine shared by many jobs needs the room.
    test.setTimeout(240_000);
    await signIn(page);
    await page.goto(`/student-enrollments/${enrollment.id}`);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible({ timeout: 20_000 });

    await fees(page).getByRole('button', { name: 'Record payment for installment 1' }).click();
    const pay = page.getByRole('dialog', { name: 'Record payment' });
    await pay.getByRole('combobox', { name: /^Payment mode/ }).selectOption({ label: 'Cash' });
    // A double click still records one payment: the dialog sends one idempotency key.
    await pay.getByRole('button', { name: 'Record payment' }).dblclick();
    await expect(pay).toBeHidden();
    await expect(scheduleRow(page, 1)).toContainText('Paid');
    const paymentList = payments(page);
    await expect(paymentList.getByRole('listitem')).toHaveCount(1);
    const receipt = (await paymentList.getByRole('listitem').first().textContent())!.match(/RCPT-\d{4}-\d{6}/)![0];

    // Refund: the amount starts at what is left; a reason is required.
    await paymentList.getByRole('button', { name: `Refund receipt ${receipt}` }).click();
    const refund = page.getByRole('dialog', { name: `Refund receipt ${receipt}` });
    const amount = refund.getByRole('spinbutton', { name: /^Amount/ });
    await expect(amount).toHaveValue('10000');
    await expect(amount).toBeFocused();
    await amount.fill('10000.01');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect(refund.getByText(`${FEE_MESSAGES.refundTooMuch} (₹10,000)`)).toBeVisible();
    await expect(refund.getByText(FEE_MESSAGES.reasonRequired)).toBeVisible();
    // No silent default: the refund says what it does to the dues.
    await expect(refund.getByText(FEE_MESSAGES.refundEffectRequired)).toBeVisible();
    await expectNoAxeViolations(page);
    await amount.fill('2500');
    await refund.getByRole('textbox', { name: /^Reason/ }).fill('Missed the first month');
    await refund.getByRole('radio', { name: new RegExp(`^${REFUND_EFFECT_LABELS['owed-again']}`) }).check();
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect(refund).toBeHidden();
    await expect(toast(page, /^Refund recorded: RFND-\d{4}-\d{6}$/)).toBeVisible();
    await expect(paymentList.getByRole('listitem').first()).toContainText('₹2,500 refunded');
    await expect(paymentList.getByRole('listitem').first()).toContainText(receipt);
    await expect(scheduleRow(page, 1)).toContainText('Part paid');
    await expect(adjustments(page).getByRole('listitem').first()).toContainText(/RFND-\d{4}-\d{6}/);
    await expect(adjustments(page).getByRole('listitem').first()).toContainText('Missed the first month');
    // A refunded payment stays with its refunds: it can no longer be voided.
    await expect(paymentList.getByRole('button', { name: `Void receipt ${receipt}` })).toHaveCount(0);

    // Concession, by keyboard.
    await fees(page).getByRole('button', { name: 'Give concession' }).focus();
    await page.keyboard.press('Enter');
    const concession = page.getByRole('dialog', { name: 'Give a concession' });
    await expect(concession.getByRole('spinbutton', { name: /^Amount/ })).toBeFocused();
    await page.keyboard.type('5000');
    await concession.getByRole('textbox', { name: /^Reason/ }).fill('Merit scholarship');
    await expectNoAxeViolations(page);
    await concession.getByRole('button', { name: 'Give concession' }).click();
    await expect(concession).toBeHidden();
    await expect(toast(page, FEE_MESSAGES.concessionRecorded)).toBeVisible();
    await expect(scheduleRow(page, 3)).toContainText('₹5,000');
    await expect(adjustments(page).getByRole('listitem').first()).toContainText('Concession');
    await expect(fees(page).locator('dl').first()).toContainText('Concessions₹5,000');
    await expect(page.getByRole('region', { name: 'History' }).getByText('Concession given')).toBeVisible();
    await expectNoAxeViolations(page);

    // On a phone the dialog fills the screen, passes axe and closes with Escape.
    await page.setViewportSize({ width: 360, height: 740 });
    await paymentList.getByRole('button', { name: `Refund receipt ${receipt}` }).click();
    await expect(refund).toBeVisible();
    await expect(refund.getByRole('spinbutton', { name: /^Amount/ })).toHaveValue('7500');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(refund).toBeHidden();
  });

  test('the edit dialog tells what a change does to the schedule before saving', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto(`/student-enrollments/${enrollment.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${enrollment.number}` });
    await dialog.getByRole('combobox', { name: /^Payment method/ }).selectOption({ label: 'Full payment' });
    const preview = dialog.getByRole('status');
    await expect(preview).toContainText(
      'The schedule is rebuilt: 1 installment, ₹25,000 in all after ₹5,000 of concessions',
    );
    await expect(preview).toContainText('₹7,500 already paid is carried over, oldest installment first');
    await expectNoAxeViolations(page);
    await dialog.getByRole('combobox', { name: /^Payment method/ }).selectOption({ label: 'In installments' });
    await expect(preview).toHaveCount(0);

    const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Joining date').fill(start);
    await expect(preview).toContainText('These due dates move:');
    await expect(preview).toContainText('Installment 1:');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'History' }).getByText('Fee schedule re-planned')).toBeVisible();
    const paymentList = payments(page);
    await expect(paymentList.getByRole('listitem')).toHaveCount(1);
    await expect(scheduleRow(page, 1)).toContainText('Part paid');
  });
});
