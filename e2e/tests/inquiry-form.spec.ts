/**
 * The public inquiry form in a real browser: a visitor on a 360 × 740 phone
 * sees the contract's messages for bad input, fills the form, submits, sees the toast and the
 * thank-you modal with the support contacts, and Ok gives a fresh form. axe on phone and desktop.
 */
import { expect, test, type Page } from '@playwright/test';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { createCourse, findInquiries, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';

const suffix = Date.now().toString(36);
const COURSE = `Inquiry Form Course ${suffix}`;

test.beforeAll(async ({ request }) => {
  await createCourse(request, await signInByApi(request), { name: COURSE, price: 30000, emiPrice: [15000, 15000] });
});

const field = (page: Page, label: RegExp) => page.getByLabel(label);

test.describe('public inquiry form', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('a visitor on a phone sees errors, submits, and gets the thank-you modal', async ({ page, request }) => {
    test.slow(); // one long journey; a busy CI machine needs more than 30 s
    const site = ((await (await request.get('/api/site')).json()) as { data: Record<string, string> }).data;
    const email = `visitor.${suffix}@example.com`;

    await page.goto('/student-inquiry');
    await expect(page.getByRole('heading', { level: 1, name: 'Ask about a course' })).toBeVisible();
    const course = page.getByRole('checkbox', { name: COURSE });
    await expect(course).toBeVisible();
    // Fits the phone: nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // Errors after blur …
    await field(page, /^Phone number/).fill('0123456789');
    await field(page, /^Phone number/).blur();
    await expect(page.getByText(MESSAGES.phoneRule)).toBeVisible();
    await field(page, /^Email/).fill('a@b');
    await field(page, /^Email/).blur();
    await expect(page.getByText(MESSAGES.emailNeedsDot)).toBeVisible();

    // … and after a submit attempt, with the focus on the first field in error.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(MESSAGES.nameRequired)).toBeVisible();
    await expect(page.getByText(MESSAGES.addressRequired)).toBeVisible();
    await expect(page.getByText(MESSAGES.areaOfInterestRequired)).toBeVisible();
    await expect(page.getByText(MESSAGES.referenceRequired)).toBeVisible();
    await expect(field(page, /^Name/)).toBeFocused();
    await expectNoAxeViolations(page);

    await field(page, /^Name/).fill('Meera Joshi');
    await field(page, /^Address/).fill('14 Lake View Road, Nagpur');
    await field(page, /^Email/).fill(email);
    await field(page, /^Phone number/).fill('9812345670');
    await expect(page.getByText(MESSAGES.phoneRule)).toBeHidden();
    await field(page, /^Currently working as/).selectOption('college');
    await field(page, /^Currently at/).fill('3rd semester, City College');
    await course.check();

    // Friend fields only for a friend.
    await expect(page.getByLabel("Friend's name")).toHaveCount(0);
    await field(page, /^How did you hear about us/).selectOption('friend');
    await page.getByLabel("Friend's name").fill('Rahul');
    await page.getByLabel(/^Friend's working area/).fill('Infosys, Pune');
    await field(page, /^How did you hear about us/).selectOption('website');
    await expect(page.getByLabel("Friend's name")).toHaveCount(0);
    await field(page, /^How did you hear about us/).selectOption('friend');
    await page.getByLabel("Friend's name").fill('Rahul');

    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thank you!' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('.Toastify').getByText(INQUIRY_MESSAGES.received)).toBeVisible();
    await expect(dialog).toContainText('Updates will come by email');
    await expect(dialog).toContainText(email);
    await expect(dialog.getByRole('link', { name: site.contactPhone! })).toBeVisible();
    await expect(dialog.getByRole('link', { name: site.contactEmail! })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Ok' })).toBeFocused();
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    await expect(field(page, /^Name/)).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: COURSE })).not.toBeChecked();

    // The inquiry arrived, with what the visitor typed.
    const items = await findInquiries(request, await signInByApi(request), email);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      name: 'Meera Joshi',
      phoneNumber: '9812345670',
      areaOfInterest: [COURSE],
      reference: 'friend',
      friendName: 'Rahul',
      currentlyWorkingAs: 'college',
      status: 'new',
    });
  });

  test("says 'Network error' and keeps what was typed when the request cannot be made", async ({ page }) => {
    await page.goto('/student-inquiry');
    await field(page, /^Name/).fill('Offline Visitor');
    await field(page, /^Address/).fill('Somewhere');
    await field(page, /^Email/).fill(`offline.${suffix}@example.com`);
    await field(page, /^Phone number/).fill('9800000000');
    await page.getByRole('checkbox', { name: COURSE }).check();
    await field(page, /^How did you hear about us/).selectOption('instagram');
    await page.route('**/api/inquiry', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.networkError);
    await expect(field(page, /^Name/)).toHaveValue('Offline Visitor');
    await expect(page.getByRole('checkbox', { name: COURSE })).toBeChecked();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('the inquiry form on a desktop passes axe', async ({ page }) => {
  await page.goto('/student-inquiry');
  await expect(page.getByRole('checkbox', { name: COURSE })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.nameRequired)).toBeVisible();
  await expectNoAxeViolations(page);
});
