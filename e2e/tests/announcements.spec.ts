/**
 * Announcements in a real browser: staff announce to
 * one student from the enrolment's page and watch the delivery state reach "Sent" (the mail is in
 * the outbox), then send a bulk announcement from the enrolments list after the dialog has counted
 * its recipients (a dry run, asked again when a filter changes; none means no sending). axe on the
 * detail page and on both dialogs. Data is set up through the API.
 */
import { expect, test, type Page } from '@playwright/test';
import { ANNOUNCEMENT_MESSAGES } from '@registrar/contract/announcement';
import { changeEnrollmentStatus, createCourse, enrolStudent, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { waitForMail } from '../support/mail';
import { signIn } from '../support/staff';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36);
const COURSE = `Announcements Course ${suffix}`;
const NAME = `Rohan Mehta ${suffix}`;
const EMAIL = `rohan.${suffix}@example.com`;

let enrollmentId = '';

/** One approved enrolment in a course of its own, so the bulk count is known: 1. */
test.beforeAll(async ({ request }) => {
  const auth = await signInByApi(request);
  const courseId = await createCourse(request, auth, { name: COURSE, price: 12000, emiPrice: [12000] });
  const { id } = await enrolStudent(request, auth, {
    name: NAME,
    email: EMAIL,
    phoneNumber: '9812345672',
    address: '3 Park Street, Kolkata',
    courseId,
    paymentMethod: 'full_payment',
  });
  enrollmentId = id;
  await changeEnrollmentStatus(request, auth, enrollmentId, 'approved');
});

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);

test.describe('announcements', () => {
  test('announce to one student and see it delivered; resend it', async ({ page }) => {
    test.slow();
    await signIn(page);
    await page.goto(`/student-enrollments/${enrollmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Announcements' });
    await expect(panel.getByText(/No announcements yet/)).toBeVisible();

    await panel.getByRole('button', { name: 'Announce' }).click();
    const dialog = page.getByRole('dialog', { name: `Announce to ${NAME}` });
    await expect(dialog.getByRole('textbox', { name: /^Title/ })).toBeFocused();
    await dialog.getByRole('button', { name: 'Send announcement' }).click();
    await expect(dialog.getByText(ANNOUNCEMENT_MESSAGES.titleRequired)).toBeVisible();
    await expect(dialog.getByText(ANNOUNCEMENT_MESSAGES.messageRequired)).toBeVisible();
    await expectNoAxeViolations(page);
    const since = Date.now();
    await page.keyboard.type('Exam on Monday');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Room 4 at 10 am.\n\nBring your ID card.');
    await dialog.getByRole('button', { name: 'Send announcement' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, ANNOUNCEMENT_MESSAGES.created)).toBeVisible();

    const item = panel.getByRole('listitem').filter({ hasText: 'Exam on Monday' });
    await expect(item).toContainText(/Queued|Sending|Sent/);
    // The page reads the enrolment again while the mail is on its way.
    await expect(item.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(item).toContainText('1 attempt');
    const mail = await waitForMail({ to: EMAIL, subject: /Exam on Monday/, since });
    expect(mail.text).toContain('Bring your ID card.');
    await expect(page.getByRole('region', { name: 'History' }).getByText('Announcement').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await item.getByRole('button', { name: 'Resend “Exam on Monday”' }).click();
    await expect(toast(page, ANNOUNCEMENT_MESSAGES.resent)).toBeVisible();
    await expect(item.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  });

  test('bulk: the recipients are counted first, none means no sending, then it goes out', async ({ page }) => {
    test.slow();
    await signIn(page);
    await page.goto('/student-enrollments');
    await page.getByRole('button', { name: 'Bulk announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk announcement' });
    await expect(dialog.getByRole('combobox', { name: 'Enrolment status' })).toHaveValue('approved');
    await expect(dialog.getByText(/^This will be sent to \d[\d,]* students?\.$/)).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Course' }).selectOption({ label: COURSE });
    await expect(dialog.getByText('This will be sent to 1 student.')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Enrolment status' }).selectOption({ label: 'Pending' });
    await expect(dialog.getByText(/No enrolment matches these filters/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Enrolment status' }).selectOption({ label: 'Approved' });
    await expect(dialog.getByText('This will be sent to 1 student.')).toBeVisible();

    await dialog.getByRole('textbox', { name: /^Title/ }).fill(`Holiday ${suffix}`);
    await dialog.getByRole('textbox', { name: /^Message/ }).fill('The institute is closed on Friday.');
    await expectNoAxeViolations(page);
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Send to 1 student' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, `${ANNOUNCEMENT_MESSAGES.bulkQueued} to 1 student`)).toBeVisible();
    await waitForMail({ to: EMAIL, subject: new RegExp(`Holiday ${suffix}`), since });

    await page.goto(`/student-enrollments/${enrollmentId}`);
    const item = page
      .getByRole('region', { name: 'Announcements' })
      .getByRole('listitem')
      .filter({ hasText: `Holiday ${suffix}` });
    await expect(item).toContainText('Bulk announcement');
    await expect(item.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  });

  test('a phone: the detail page and the bulk dialog fit 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page);
    await page.goto(`/student-enrollments/${enrollmentId}`);
    await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Fees' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await page.goto('/student-enrollments');
    await page.getByRole('button', { name: 'Bulk announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk announcement' });
    await expect(dialog.getByText(/^This will be sent to/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
