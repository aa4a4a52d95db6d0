/**
 * GST in a real browser: the admin opens GST, is told a mistyped GSTIN's check character is
 * wrong, switches GST on with the right one, and a payment recorded afterwards offers its tax
 * invoice beside the receipt on the enrolment's page (a PDF named after the invoice number). The
 * month-filed action asks first and Escape backs out. At 1366 px and on a phone; axe finds
 * nothing. An accountant keeps the returns (GSTR-1, marking a month filed) without the settings.
 * GST is switched off again after, so the other journeys see the default.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { GST_MESSAGES } from '@registrar/contract/gst';
import { signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { enrolInInstallments, fees } from '../support/fees';
import { GSTIN, GST_ADDRESS, GST_LEGAL_NAME, setGst } from '../support/gst';
import { signInAs, staffWithRole } from '../support/roles';
import { signIn } from '../support/staff';

const WRONG = GSTIN.slice(0, 14) + (GSTIN.endsWith('A') ? 'B' : 'A');

async function switchOn(page: Page) {
  await signIn(page);
  await page.goto('/gst');
  await expect(page.getByRole('heading', { level: 1, name: 'GST' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'GSTIN' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Issue GST tax invoices for course fees').check();
  await page.getByRole('textbox', { name: 'GSTIN' }).fill(WRONG);
  await page.getByRole('textbox', { name: 'Legal name (as registered)' }).fill(GST_LEGAL_NAME);
  await page.getByRole('textbox', { name: 'Registered address' }).fill(GST_ADDRESS);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(GST_MESSAGES.gstinCheckFailed)).toBeVisible();
  await page.getByRole('textbox', { name: 'GSTIN' }).fill(GSTIN);
  await expect(page.getByText('State: Maharashtra (27)')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(GST_MESSAGES.saved).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Marking a month filed cannot be undone: it asks, and Escape leaves it unmarked.
  await page.getByRole('button', { name: 'Mark month filed' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This cannot be undone.');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function invoiceOnEnrolment(page: Page, tag: string) {
  const request = page.request;
  const enrollment = await enrolInInstallments(request, `GST Course ${tag}`, {
    name: `Gst Student ${tag}`,
    email: `gst-${tag}@example.com`,
    phoneNumber: `98${String(Date.now()).slice(-8)}`,
    address: 'Pune',
  });
  const auth = await signInByApi(request);
  const detail = await (await request.get(`/api/student-enrollment/${enrollment.id}`, { headers: auth })).json();
  const paid = await request.put(
    `/api/student-enrollment-payment/${enrollment.id}/${detail.data.installments[0]._id}`,
    {
      headers: auth,
      data: { amount: 10000, paymentMode: 'cash', paidOn: new Date().toLocaleDateString('sv') },
    },
  );
  expect(paid.status()).toBe(200);
  await page.goto(`/student-enrollments/${enrollment.id}`);
  const invoice = fees(page).getByRole('link', { name: /^Download invoice INV\/\d\d-\d\d\/\d{5}$/ });
  await expect(invoice).toBeVisible();
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent('download');
  await invoice.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^INV-\d\d-\d\d-\d{5}\.pdf$/);
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
}

test.describe('GST', () => {
  test.afterAll(async ({ request }) => {
    await setGst(request, await signInByApi(request), false);
  });

  test('an admin switches GST on and a payment offers its tax invoice', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 900 });
    await switchOn(page);
    await invoiceOnEnrolment(page, `w${Date.now().toString(36)}`);
  });

  test('the GST screen and the invoice work on a phone', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 360, height: 740 });
    await switchOn(page);
    await invoiceOnEnrolment(page, `p${Date.now().toString(36)}`);
  });

  test('an accountant reaches the returns from the menu, not the settings', async ({ page }) => {
    const accountant = await staffWithRole(
      page.request,
      await signInByApi(page.request),
      'accountant',
      `gst${Date.now().toString(36)}`,
    );
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, accountant);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Money' }).click();
    await menu.getByRole('link', { name: 'GST' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'GST' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'GSTR-1 for a month' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark month filed' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'GSTIN' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
