/**
 * Actions on the selected rows of a list, in a real browser at 1366 px and on a 360 px phone: the
 * admin selects a page of enrolments and approves them (asked with the count, each student
 * mailed), ticks rows with the keyboard for reminders (a preview first, "Send again today" for those
 * reminded today) and an announcement, and gives selected inquiries to a counsellor; each outcome
 * says what was done and why the rest were skipped. A viewer and a counsellor see no selection
 * where their role has no bulk action. Axe is clean.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { createCourse, enrolStudent, sendInquiry, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { waitForMail } from '../support/mail';
import { signInAs, staffWithRole } from '../support/roles';
import { ADMIN } from '../support/staff';

// A busy machine renders the console slowly; each step still has to happen.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial', timeout: 420_000 });

const tag = Date.now().toString(36);
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768, digit: '4' },
  { name: 'phone', width: 360, height: 740, digit: '5' },
] as const;

let counsellor = { email: '', password: '' };
let viewer = { email: '', password: '' };

test.beforeAll(async ({ request }) => {
  const auth = await signInByApi(request);
  counsellor = await staffWithRole(request, auth, 'counsellor', `bulk${tag}`);
  viewer = await staffWithRole(request, auth, 'viewer', `bulk${tag}`);
});

/** Ticks a row's box from the keyboard: focus it, press Space. */
async function tickWithKeyboard(page: Page, name: RegExp) {
  const box = page.getByRole('checkbox', { name });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

for (const viewport of VIEWPORTS) {
  test(`the admin approves a page of enrolments, reminds and announces to selected ones (${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const auth = await signInByApi(request);
    const course = `Bulk ${viewport.name} ${tag}`;
    const courseId = await createCourse(request, auth, { name: course, price: 12000, emiPrice: [6000, 6000] });
    const people = ['Anita', 'Bhavesh', 'Chitra'].map((first, i) => ({
      name: `${first} ${viewport.name} ${tag}`,
      email: `bulk.${first.toLowerCase()}.${viewport.name}.${tag}@example.in`,
      phoneNumber: `98${viewport.digit}000000${i}`,
    }));
    for (const p of people)
      await enrolStudent(request, auth, { ...p, address: '3 Lake Road, Pune', courseId, paymentMethod: 'installment' });

    await signInAs(page, ADMIN);
    await page.goto(`/student-enrollments?courseId=${courseId}`);
    await expect(page.getByRole('checkbox', { name: new RegExp(`^Select ${people[0]!.name}`) })).toBeVisible({
      timeout: 90_000,
    });
    await expectNoAxeViolations(page);

    const since = Date.now();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByText('3 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const approve = page.getByRole('alertdialog', { name: 'Approve 3 enrolments?' });
    await expect(approve).toContainText('Each student will be emailed');
    await approve.getByLabel('Note to the students (optional)').fill('Classes start Monday at 10.');
    await expectNoAxeViolations(page);
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText('Approve: 3 approved')).toBeVisible();
    const mail = await waitForMail({ to: people[0]!.email, subject: /is approved/, since });
    expect(mail.text).toContain('Classes start Monday at 10.');

    // Approving again: each is skipped with the reason, by name.
    await tickWithKeyboard(page, new RegExp(`^Select ${people[1]!.name}`));
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Approve 1 enrolment?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect(page.getByText('Approve: 0 approved, 1 skipped')).toBeVisible();
    await expect(
      page.getByText(
        new RegExp(`^${people[1]!.name} \\(.+\\): This status change is not allowed: Approved → Approved$`),
      ),
    ).toBeVisible();

    await tickWithKeyboard(page, new RegExp(`^Select ${people[0]!.name}`));
    await tickWithKeyboard(page, new RegExp(`^Select ${people[2]!.name}`));
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Send reminders' }).click();
    // A preview first: each student, the lines the reminder names, and where it goes; nothing is sent yet.
    const remind = page.getByRole('alertdialog', { name: 'Send 2 reminders?' });
    const toSend = remind.getByRole('list', { name: 'Reminders to send' });
    await expect(toSend).toContainText(`${people[2]!.name} (`);
    await expect(toSend).toContainText(`Email to ${people[0]!.email}`);
    await expect(toSend).toContainText('Installment 1:');
    await expectNoAxeViolations(page);
    await remind.getByRole('button', { name: 'Send reminders' }).click();
    await expect(page.getByText('Send reminders: 2 sent')).toBeVisible();

    // Reminded today already: the preview says so, and "Send again today" sends another.
    await tickWithKeyboard(page, new RegExp(`^Select ${people[0]!.name}`));
    await page.getByRole('button', { name: 'Send reminders' }).click();
    const again = page.getByRole('alertdialog', { name: 'No reminder to send' });
    await expect(again).toContainText(`${people[0]!.name} (`);
    await expect(again).toContainText('A reminder was already sent today');
    await again.getByRole('button', { name: 'Send again today' }).click();
    await expect(page.getByText('Send reminders: 1 sent')).toBeVisible();

    await tickWithKeyboard(page, new RegExp(`^Select ${people[2]!.name}`));
    await page.getByRole('button', { name: 'Announce', exact: true }).click();
    const announce = page.getByRole('alertdialog', { name: 'Send an announcement to 1 student?' });
    await expect(announce.getByRole('button', { name: 'Send' })).toBeDisabled();
    await announce.getByLabel('Title').fill(`Orientation ${tag}`);
    await announce.getByLabel('Message').fill('Orientation is on Saturday at 11 in Room 4.');
    await announce.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Announce: 1 sent')).toBeVisible();
    await waitForMail({ to: people[2]!.email, subject: new RegExp(`Orientation ${tag}`), since });
    await expectNoAxeViolations(page);
  });

  test(`the admin gives selected inquiries to a counsellor (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const auth = await signInByApi(request);
    const course = `Inquiry Bulk ${viewport.name} ${tag}`;
    await createCourse(request, auth, { name: course, price: 5000, emiPrice: [5000] });
    for (const [i, first] of ['Deepa', 'Eshan'].entries())
      await sendInquiry(request, {
        name: `${first} ${viewport.name} ${tag}`,
        address: '9 Hill Road, Mumbai',
        email: `bulk.${first.toLowerCase()}.${viewport.name}.${tag}@example.in`,
        phoneNumber: `97${viewport.digit}000000${i}`,
        areaOfInterest: [course],
        reference: 'website',
      });

    await signInAs(page, ADMIN);
    await page.goto(`/student-inquires?search=${encodeURIComponent(`${viewport.name} ${tag}`)}`);
    await expect(page.getByRole('checkbox', { name: `Select Deepa ${viewport.name} ${tag}` })).toBeVisible({
      timeout: 90_000,
    });
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Assign owner' }).click();
    const assign = page.getByRole('alertdialog', { name: 'Give 2 inquiries to one owner?' });
    await assign.getByLabel(/^Owner/).click();
    await page.getByRole('option', { name: 'The counsellor' }).click();
    await expectNoAxeViolations(page);
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByText('Assign owner: 2 assigned')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('roles without a bulk action see no selection', async ({ page, browser }) => {
  await signInAs(page, viewer);
  await page.goto('/student-enrollments');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Enrollments' })).toBeVisible();
  await expect(page.getByText(/^Anita /).first()).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toHaveCount(0);

  const other = await browser.newPage();
  await signInAs(other, counsellor);
  await other.goto('/student-inquires');
  await expect(other.getByRole('heading', { level: 1, name: 'Student Inquiries' })).toBeVisible();
  await expect(other.getByText(/^Deepa /).first()).toBeVisible();
  await expect(other.getByRole('checkbox', { name: 'Select all on this page' })).toHaveCount(0);
  // The counsellor may approve and announce: the enrolments list has the selection.
  await other.goto('/student-enrollments');
  await expect(other.getByRole('checkbox', { name: 'Select all on this page' })).toBeVisible();
  await other.close();
});
