/**
 * Enrolment end to end in a real browser: a visitor on a 360 × 740 phone opens
 * a link prefilled from an inquiry, fills the form, uploads a real JPEG, PNG and PDF, draws a
 * signature, sees the upload progress bar and the thank-you modal with the enrolment number;
 * then staff find the enrolment by search, open its photo and documents (the login cookie
 * authenticates the files) and approve it with a note. axe on the form (phone), the modal, the
 * list and the detail.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { createCourse, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/staff';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36);
const COURSE = `Enrolment Course ${suffix}`;
const NAME = `Meera Nair ${suffix}`;
const EMAIL = `meera.${suffix}@example.com`;
const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);

/** What the visitor's journey hands to the staff's. */
let enrollmentNumber = '';

test.beforeAll(async ({ request }) => {
  await createCourse(request, await signInByApi(request), { name: COURSE, price: 24000, emiPrice: [12000, 12000] });
});

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);

/** Draws a few strokes on the signature pad with the mouse (pointer events). */
async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: /Signature pad/ });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.35, 0.8],
    [0.5, 0.35],
    [0.65, 0.75],
    [0.85, 0.4],
  ] as const)
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 6 });
  await page.mouse.up();
}

test.describe('enrolment', () => {
  test('a visitor on a phone enrols with real files and gets the thank-you modal', async ({ page }) => {
    test.slow(); // one long journey with uploads; a busy CI machine needs more than 30 s
    await page.setViewportSize({ width: 360, height: 740 });
    const link = `/student-enrollment?name=${encodeURIComponent(NAME)}&email=${encodeURIComponent(EMAIL)}&phone=9845012345`;

    // The public course list may take a moment to see a new course.
    await expect(async () => {
      await page.goto(link);
      await page.getByLabel(/^Full name/).focus(); // starting to fill in loads the rest of the form
      await expect(page.getByRole('option', { name: new RegExp(COURSE) })).toBeAttached({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Enrol in a course' })).toBeVisible();
    await expect(page.getByLabel(/^Full name/)).toHaveValue(NAME);
    await expect(page.getByLabel(/^Email/)).toHaveValue(EMAIL);
    await expect(page.getByLabel(/^Phone number/)).toHaveValue('9845012345');

    await page.getByLabel(/^Current address/).fill('4 Marine Drive, Kochi');
    await page.getByRole('checkbox', { name: 'Permanent address same as current address' }).check();
    await expect(page.getByLabel(/^Permanent address \*/)).toHaveValue('4 Marine Drive, Kochi');
    await page.getByLabel(/^Course/).selectOption({ label: `${COURSE} (₹24,000)` });
    await page.getByRole('radio', { name: 'In installments' }).check();
    await expect(page.getByLabel('Installment 1')).toHaveValue('₹12,000');
    await expect(page.getByLabel('Installment 2')).toHaveValue('₹12,000');
    await page.getByRole('radio', { name: 'Full payment' }).check();
    await expect(page.getByLabel('Full amount')).toHaveValue('₹24,000');
    await page.getByRole('radio', { name: 'In installments' }).check();
    await page.getByLabel(/^Payment mode/).selectOption('online_payment');
    await page.getByLabel(/^Currently working at/).selectOption('company');
    await page.getByLabel(/^Company name/).fill('Backwater Software');
    await page.getByLabel('Designation').fill('Support engineer');
    await expect(page.getByLabel('Current semester')).toHaveCount(0);

    await page.getByLabel(/^Profile picture/).setInputFiles(fixture('profile.jpg'));
    await page.getByLabel(/^Aadhaar card, front/).setInputFiles(fixture('aadhaar-front.png'));
    await page.getByLabel(/^Aadhaar card, back/).setInputFiles(fixture('aadhaar-back.pdf'));
    await expect(page.getByAltText('Preview of profile.jpg')).toBeVisible();
    await expect(page.getByAltText('Preview of aadhaar-front.png')).toBeVisible();
    await expect(page.getByText('aadhaar-back.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Draw my signature instead' }).click();
    await drawSignature(page);
    // The drawing is encoded to a PNG asynchronously: slower than a chosen file on a busy machine.
    await expect(page.getByAltText('Preview of signature.png')).toBeVisible({ timeout: 15_000 });

    // Fits the phone: nothing sticks out sideways; the terms are under the form.
    await page.getByRole('heading', { name: /Terms/ }).scrollIntoViewIfNeeded();
    await expect(page.locator('#terms')).not.toContainText('Loading the terms');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // A slow uplink, so the progress bar can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 8 * 1024,
    });
    await page.getByRole('button', { name: 'Submit enrolment' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(page.getByRole('button', { name: /^Sending… \d+%$/ })).toBeDisabled();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const dialog = page.getByRole('dialog', { name: 'Thank you!' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(toast(page, ENROLLMENT_MESSAGES.received)).toBeVisible();
    await expect(dialog).toContainText('updates about it by email');
    const site = ((await (await page.request.get('/api/site')).json()) as { data: Record<string, string> }).data;
    await expect(dialog.getByRole('link', { name: site.contactPhone })).toBeVisible();
    await expect(dialog.getByRole('link', { name: site.contactEmail })).toBeVisible();
    enrollmentNumber = (await dialog.locator('.enr-number').textContent()) ?? '';
    expect(enrollmentNumber).toMatch(/^ENR-\d{4}-\d+$/);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel(/^Current address/)).toHaveValue('');
  });

  test('staff find the enrolment, open its documents and approve it', async ({ page }) => {
    test.slow();
    expect(enrollmentNumber, 'the visitor journey ran first').not.toBe('');
    await signIn(page);
    await page.goto('/student-enrollments');
    await expect(page.getByRole('heading', { level: 1, name: 'Student Enrollments' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search enrolments' }).fill(enrollmentNumber);
    await expect(page).toHaveURL(/search=/);
    const grid = page.getByRole('grid', { name: 'Student Enrollments' });
    await expect(grid.getByRole('link', { name: NAME })).toBeVisible();
    await expect(grid.getByRole('row', { name: new RegExp(enrollmentNumber) }).getByText('Pending')).toBeVisible();
    await expectNoAxeViolations(page);

    await grid.getByRole('link', { name: NAME }).click();
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(page.getByText(enrollmentNumber, { exact: true })).toBeVisible();
    // The photo loads: the login cookie authenticates GET /api/files/{id}.
    const photo = page.getByRole('img', { name: `Photo of ${NAME}` });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const documents = page.getByRole('region', { name: 'Documents' });
    // Aadhaar images stay hidden until staff press Reveal.
    await documents.getByRole('button', { name: 'Reveal Aadhaar card, front' }).click();
    await documents.getByRole('button', { name: 'Zoom Aadhaar card, front' }).click();
    const zoom = page.getByRole('dialog', { name: 'Aadhaar card, front' });
    const image = zoom.getByRole('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom.getByText('150%')).toBeVisible();
    await zoom.getByRole('button', { name: 'Close' }).click();
    await expect(zoom).toBeHidden();

    const pdfLink = documents.getByRole('link', { name: /Open PDF/ });
    const href = (await pdfLink.getAttribute('href'))!;
    const pdf = await page.request.get(href);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const [tab] = await Promise.all([page.waitForEvent('popup'), pdfLink.click()]);
    await expect.poll(() => tab.url()).toContain(href);
    await tab.close();

    const fees = page.getByRole('table', { name: 'Fee schedule' });
    await expect(fees.getByRole('row')).toHaveCount(4); // header, two installments, total
    await expect(fees).toContainText('₹24,000');

    await page.getByLabel('New status').selectOption('approved');
    await page.getByLabel('Note (optional)').fill('Documents checked against the originals');
    await page.getByRole('button', { name: 'Update status' }).click();
    await expect(toast(page, ENROLLMENT_MESSAGES.statusChanged)).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Pending → Approved')).toBeVisible();
    await expect(history.getByText('Documents checked against the originals')).toBeVisible();
    await expect(history.getByText('Document viewed: Aadhaar card, front')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: NAME }).locator('..').getByText('Approved')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
