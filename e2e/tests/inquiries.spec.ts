/**
 * The Student Inquiries workspace in a real browser: staff find an inquiry by
 * search, open it, follow the duplicate badge, change its status with a note and see it in the
 * timeline, copy the prefilled enrolment link, export the list as CSV, and delete an inquiry
 * after confirmation. axe on the list and on the detail.
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import { baseURL } from '../playwright.config';
import { createCourse, sendInquiry, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/staff';

const suffix = Date.now().toString(36);
const COURSE = `Inquiries Course ${suffix}`;
const EMAIL = `lead.${suffix}@example.com`;
const FIRST = `Kavya Iyer ${suffix}`;
const SECOND = `Kavya R Iyer ${suffix}`;

/** The public form's JSON for an inquiry from `name`, all with the same email and phone. */
const sendInquiryFrom = (request: APIRequestContext, name: string) =>
  sendInquiry(request, {
    name,
    address: '22 Residency Road, Bengaluru',
    email: EMAIL,
    phoneNumber: '9845012345',
    areaOfInterest: [COURSE],
    reference: 'linkedin',
  });

test.beforeAll(async ({ request }) => {
  await createCourse(request, await signInByApi(request), { name: COURSE, price: 24000, emiPrice: [12000, 12000] });
  await sendInquiryFrom(request, FIRST);
  await sendInquiryFrom(request, SECOND); // same email: a possible duplicate of the first
});

const grid = (page: Page) => page.getByRole('grid', { name: 'Student Inquiries' });
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);

async function findBySearch(page: Page) {
  await page.goto('/student-inquires');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Inquiries' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search inquiries' }).fill(EMAIL);
  await expect(page).toHaveURL(/search=/);
  await expect(grid(page).getByRole('link', { name: FIRST })).toBeVisible();
  await expect(grid(page).getByRole('link', { name: SECOND })).toBeVisible();
}

test.describe('student inquiries', () => {
  test('find by search → open → duplicate link → status change with a note in the timeline → copy link', async ({
    page,
    context,
  }) => {
    test.slow(); // one long journey; a busy CI machine needs more than 30 s
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await signIn(page);
    await findBySearch(page);
    const secondRow = grid(page).getByRole('row', { name: new RegExp(SECOND) });
    await expect(secondRow.getByText('Possible duplicate')).toBeVisible();
    await expect(secondRow.getByText('New', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await grid(page).getByRole('link', { name: SECOND }).click();
    await expect(page.getByRole('heading', { level: 1, name: SECOND })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Details' })).toContainText(EMAIL);
    await expect(page.getByRole('region', { name: 'Details' })).toContainText(COURSE);
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Inquiry received');
    await expectNoAxeViolations(page);

    // The duplicate badge links to the earlier inquiry.
    await page.getByRole('link', { name: new RegExp(`^${FIRST},`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: SECOND })).toBeVisible();

    // Status change with a note: only the allowed moves are offered.
    const status = page.getByRole('combobox', { name: 'New status' });
    await expect(status.locator('option')).toHaveText(['Choose…', 'Contacted', 'Follow-up', 'Converted', 'Closed']);
    await status.selectOption('contacted');
    await page.getByRole('textbox', { name: 'Note (optional)' }).fill('Called; will visit on Monday with a parent');
    await page.getByRole('button', { name: 'Update status' }).click();
    await expect(toast(page, INQUIRY_MESSAGES.statusChanged)).toBeVisible();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByText('New → Contacted')).toBeVisible();
    await expect(timeline.getByText('Called; will visit on Monday with a parent')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: SECOND }).locator('..')).toContainText('Contacted');
    await expect(status.locator('option')).toHaveText(['Choose…', 'Follow-up', 'Converted', 'Closed']);
    await expectNoAxeViolations(page);

    // The prefilled enrolment link.
    await page.getByRole('button', { name: 'Copy enrolment link' }).click();
    await expect(toast(page, 'Enrolment link copied')).toBeVisible();
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.origin).toBe(baseURL);
    expect(copied.pathname).toBe('/student-enrollment');
    expect(Object.fromEntries(copied.searchParams)).toEqual({ name: SECOND, email: EMAIL, phone: '9845012345' });

    // Back to the list keeps the search; the list shows the new status.
    await page.getByRole('main').getByRole('link', { name: 'Student Inquiries' }).click();
    await expect(page).toHaveURL(/search=/);
    await expect(grid(page).getByRole('row', { name: new RegExp(SECOND) })).toContainText('Contacted');
  });

  test('export the filtered list as CSV', async ({ page }) => {
    await signIn(page);
    await findBySearch(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^inquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(FIRST);
    expect(csv).toContain(SECOND);
    expect(csv.trim().split('\n')).toHaveLength(3); // header + the two that match
  });

  test('delete an inquiry after confirmation', async ({ page }) => {
    test.slow();
    await signIn(page);
    await findBySearch(page);
    await grid(page).getByRole('link', { name: FIRST }).click();
    await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete the inquiry from “${FIRST}”?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, INQUIRY_MESSAGES.deleted)).toBeVisible();
    await expect(page).toHaveURL(/\/student-inquires\?search=/);
    await expect(grid(page).getByRole('link', { name: SECOND })).toBeVisible();
    await expect(grid(page).getByRole('link', { name: FIRST })).toHaveCount(0);
  });
});
