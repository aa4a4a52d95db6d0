/**
 * Privacy in a real browser: Aadhaar images stay hidden until Reveal, which fetches the image (the
 * server logs that view in the history); erasure on request from the enrolment page, after typing
 * the email to confirm, also on a phone. The privacy notice is served at /privacy and linked from
 * both public forms. axe on every screen and dialog. Data is set up through the API.
 */
import { expect, test } from '@playwright/test';
import { PRIVACY_MESSAGES } from '@registrar/contract/privacy';
import { createCourse, enrolStudent, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/staff';

test.describe.configure({ mode: 'serial' });
// A busy machine (CI shares its cores) loads the console slowly the first time.
test.setTimeout(180_000);

const suffix = Date.now().toString(36);
const REVEAL = { name: `Meera Pillai ${suffix}`, email: `meera.${suffix}@example.com` };
const ERASE = { name: `Arjun Rao ${suffix}`, email: `arjun.${suffix}@example.com` };
let ids = { reveal: '', erase: '' };

test.beforeAll(async ({ request }) => {
  const auth = await signInByApi(request);
  // Terms published, so the enrolments record which version was accepted.
  const terms = await request.put('/api/cms/terms_condition', {
    headers: auth,
    data: { description: '<p>Fees are not refundable.</p>' },
  });
  expect(terms.ok()).toBe(true);
  const courseId = await createCourse(request, auth, {
    name: `Privacy Course ${suffix}`,
    price: 1000,
    emiPrice: [1000],
  });
  const enrol = (who: { name: string; email: string }, phoneNumber: string) =>
    enrolStudent(request, auth, {
      ...who,
      phoneNumber,
      address: '3 Hill Road, Kochi',
      courseId,
      paymentMethod: 'full_payment',
    });
  ids = { reveal: (await enrol(REVEAL, '9812300001')).id, erase: (await enrol(ERASE, '9812300002')).id };
});

test('Aadhaar images are hidden until Reveal, which is logged as a document view', async ({ page }) => {
  await signIn(page);
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/files/')) fetched.push(r.url());
  });
  await page.goto(`/student-enrollments/${ids.reveal}`);
  await expect(page.getByRole('heading', { level: 1, name: REVEAL.name })).toBeVisible({ timeout: 20_000 });
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('img', { name: 'Aadhaar card, front, hidden until revealed' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText(/On the enrolment form, version \d+, /);
  await expectNoAxeViolations(page);
  const before = fetched.length; // the profile photo only
  const reveal = documents.getByRole('button', { name: 'Reveal Aadhaar card, front' });
  await reveal.focus();
  await page.keyboard.press('Enter');
  const image = documents.locator('img[src^="/api/files/"]').last();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(fetched.length).toBe(before + 1);
  await expect(documents.getByRole('button', { name: 'View Aadhaar card, front' })).toBeFocused();
  await expectNoAxeViolations(page);
  // The view is in the enrolment's history.
  await page.reload();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Document viewed: Aadhaar card, front', {
    timeout: 20_000,
  });
});

test.describe('erasure on request, on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('type the email to confirm, erase, and the enrolment is gone', async ({ page }) => {
    await signIn(page);
    await page.goto(`/student-enrollments/${ids.erase}`);
    await expect(page.getByRole('heading', { level: 1, name: ERASE.name })).toBeVisible({ timeout: 20_000 });
    // At 360 px the enrolment opens on the student and the money; Erase waits in More actions.
    await expect(page.getByRole('button', { name: 'Record payment' }).first()).toBeInViewport();
    await expect(page.getByRole('heading', { level: 2, name: 'Fees' })).toBeInViewport();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Erase personal data' }).click();
    const dialog = page.getByRole('dialog', { name: `Erase the personal data of ${ERASE.name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /^Reason for the erasure/ })).toBeFocused();
    const confirm = dialog.getByRole('button', { name: 'Erase personal data' });
    await expect(confirm).toBeDisabled();
    await expectNoAxeViolations(page);

    // Cancel keeps everything.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Erase personal data' }).click();

    await page.keyboard.type('Asked by email');
    await dialog.getByRole('textbox', { name: /^Type the email to confirm/ }).fill('someone.else@example.com');
    await dialog.getByRole('textbox', { name: /^Reason for the erasure/ }).focus();
    await expect(dialog.getByText(PRIVACY_MESSAGES.confirmMismatch)).toBeVisible();
    await expect(confirm).toBeDisabled();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: /^Type the email to confirm/ }).fill(ERASE.email.toUpperCase());
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page.locator('.Toastify').getByText(PRIVACY_MESSAGES.erased)).toBeVisible();
    await expect(page).toHaveURL(/\/student-enrollments(\?.*)?$/, { timeout: 20_000 });
    // No payments: the enrolment went entirely.
    await page.goto(`/student-enrollments/${ids.erase}`);
    await expect(page.getByText(/not found/i).first()).toBeVisible({ timeout: 20_000 });
  });
});

test('the privacy notice is served at /privacy and linked from both public forms', async ({ page }) => {
  for (const form of ['/student-enrollment', '/student-inquiry']) {
    await page.goto(form);
    await page.getByRole('link', { name: 'privacy notice' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible({ timeout: 20_000 });
  }
  await expect(page.getByRole('heading', { name: 'How long we keep it' })).toBeVisible();
  await expect(page.getByText('masked Aadhaar')).toBeVisible();
  await expectNoAxeViolations(page);
});
