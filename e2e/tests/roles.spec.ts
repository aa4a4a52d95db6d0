/**
 * Roles in a real browser: an admin invites a colleague on the Staff screen, the colleague sets a
 * password from the mailed link; then each of the four roles signs in and sees only its part,
 * and a direct address to a screen it may not use shows the 'no permission' page. Axe is clean.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCESS_MESSAGES, type Role } from '@registrar/contract/permissions';
import { createCourse, enrolStudent, findInquiries, sendInquiry, signInByApi, type StaffAuth } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { waitForMail, resetLinkIn } from '../support/mail';
import { signIn } from '../support/staff';

const PASSWORD = 'Role-Journey-2026';
const tag = Date.now().toString(36);

/** Invites by API and sets the password through the mailed link, as the invitee would. */
async function staffWithRole(request: APIRequestContext, auth: StaffAuth, role: Role) {
  const email = `${role}.${tag}@registrar.test`;
  const since = Date.now();
  const invited = await request.post('/api/staff', { headers: auth, data: { name: `The ${role}`, email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = resetLinkIn(await waitForMail({ to: email, subject: /invited/i, since }));
  const token = link.split('/').pop()!;
  const set = await request.post('/api/reset-password', {
    data: { token, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(set.status(), await set.text()).toBe(200);
  return { email, password: PASSWORD };
}

/** The sign-in form, with room for a slow password check on a busy machine. */
async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test.describe('roles', () => {
  // Six sign-ins, invitations and screens per test on a shared machine: more than the default.
  test.describe.configure({ timeout: 240_000 });
  let enrollmentId = '';
  let inquiryId = '';
  const accounts = {} as Record<Exclude<Role, 'admin'>, { email: string; password: string }>;

  test.beforeAll(async ({ request }) => {
    const auth = await signInByApi(request);
    const courseId = await createCourse(request, auth, { name: `Roles ${tag}`, price: 12000, emiPrice: [12000] });
    enrollmentId = (
      await enrolStudent(request, auth, {
        name: 'Kavya Rao',
        email: `kavya.${tag}@example.in`,
        phoneNumber: '9812345670',
        address: '12 MG Road, Pune',
        courseId,
        paymentMethod: 'full_payment',
      })
    ).id;
    await sendInquiry(request, {
      name: 'Rohan Mehta',
      address: '4 Park Street, Kolkata',
      email: `rohan.${tag}@example.in`,
      phoneNumber: '9823456701',
      areaOfInterest: [`Roles ${tag}`],
      reference: 'website',
    });
    inquiryId = (await findInquiries(request, auth, `rohan.${tag}@example.in`))[0]!._id;
    for (const role of ['counsellor', 'accountant', 'viewer'] as const)
      accounts[role] = await staffWithRole(request, auth, role);
  });

  test('an admin invites a colleague, changes the role and disables the account, with confirmation', async ({
    page,
  }) => {
    await signIn(page);
    await menu(page).getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.getByLabel('Name').fill('Ravi Kumar');
    const email = `ravi.${tag}@registrar.test`;
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Accountant' }).click();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await waitForMail({ to: email, subject: /invited/i });

    const grid = page.getByRole('grid', { name: 'Staff' });
    const row = grid.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Never');
    await row.getByRole('combobox', { name: 'Role of Ravi Kumar' }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await page
      .getByRole('alertdialog', { name: 'Make Ravi Kumar Viewer?' })
      .getByRole('button', { name: 'Change role' })
      .click();
    await expect(row.getByRole('combobox', { name: 'Role of Ravi Kumar' })).toHaveText('Viewer');

    await row.getByRole('button', { name: 'Disable Ravi Kumar' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disable Ravi Kumar?' });
    await expect(confirm).toContainText('signed out everywhere');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expect(row).toContainText('Disabled');
    await expectNoAxeViolations(page);
  });

  test('a counsellor sees inquiries and enrolments with documents, but no fees actions, exports or staff', async ({
    page,
  }) => {
    await signInAs(page, accounts.counsellor);
    await expect(menu(page).getByRole('link', { name: 'Student Inquiries' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await expect(menu(page).getByRole('link', { name: 'Audit' })).toHaveCount(0);
    await page.goto(`/student-enrollments/${enrollmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kavya Rao' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(page.getByText(ACCESS_MESSAGES.documentsHidden)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.goto('/student-enrollments');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  });

  test('an accountant records payments but sees no documents and cannot change the status', async ({ page }) => {
    await signInAs(page, accounts.accountant);
    await expect(menu(page).getByRole('link', { name: 'Student Inquiries' })).toHaveCount(0);
    await page.goto(`/student-enrollments/${enrollmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kavya Rao' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(ACCESS_MESSAGES.documentsHidden)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record payment' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Change status' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.goto('/student-inquires');
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have permission' })).toBeVisible({
      timeout: 30_000,
    });
  });

  test('a viewer reads the lists only: names and numbers, no documents, no exports, no staff screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, accounts.viewer);
    await page.goto(`/student-enrollments/${enrollmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kavya Rao' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`kavya.${tag}@example.in`)).toHaveCount(0);
    await expect(page.getByText(ACCESS_MESSAGES.documentsHidden)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download fee statement' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // An inquiry reads the same way: no contact details, nothing to edit, no status to change.
    await page.goto(`/student-inquires/${inquiryId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rohan Mehta' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`rohan.${tag}@example.in`)).toHaveCount(0);
    await expect(page.getByText('Phone number')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Change status' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have permission' })).toBeVisible({
      timeout: 30_000,
    });
    await expectNoAxeViolations(page);
  });
});
