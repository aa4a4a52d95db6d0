/**
 * Roles in a real browser: an admin invites a colleague on the Staff screen (Invited, Resend,
 * Revoke), the colleague sets up the account from the mailed link and is logged in; then each of the four roles signs in and sees only its part,
 * and a direct address to a screen it may not use shows the 'no permission' page. Axe is clean.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCESS_MESSAGES, type Role } from '@registrar/contract/permissions';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { createCourse, enrolStudent, findInquiries, sendInquiry, signInByApi, type StaffAuth } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { resetLinkIn, waitForMail } from '../support/mail';
import { signInAs, staffWithRole as staffWithRoleTagged } from '../support/roles';
import { signIn } from '../support/staff';

const tag = Date.now().toString(36);
const staffWithRole = (request: APIRequestContext, auth: StaffAuth, role: Role) =>
  staffWithRoleTagged(request, auth, role, tag);

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

  test('an admin invites a colleague who shows as Invited, resends, and the colleague sets up the account and is logged in', async ({
    page,
    browser,
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
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    // The account's unknown password is hashed first: slow on a busy machine.
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const first = await waitForMail({
      to: email,
      subject: /^Set up your account at Registrar Training Institute/,
      since,
    });

    const grid = page.getByRole('grid', { name: 'Staff' });
    const row = grid.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Invited');
    await expect(row).not.toContainText('Active');
    // Resend asks first, then a new link replaces the first one.
    const resentSince = Date.now();
    await row.getByRole('button', { name: 'Resend the invitation of Ravi Kumar' }).click();
    const resend = page.getByRole('alertdialog', { name: 'Send Ravi Kumar a new invitation?' });
    await expect(resend).toContainText('the earlier link stops working');
    await expectNoAxeViolations(page);
    await resend.getByRole('button', { name: 'Resend' }).click();
    await expect(resend).toBeHidden({ timeout: 30_000 });
    const second = await waitForMail({ to: email, subject: /^Set up your account/, since: resentSince });
    expect(resetLinkIn(second)).not.toBe(resetLinkIn(first));

    // The colleague, on their own browser, opens the newest link: set up, logged in, on the dashboard.
    const theirs = await browser.newContext();
    const colleague = await theirs.newPage();
    await colleague.goto(new URL(resetLinkIn(second)).pathname);
    await expect(colleague.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
    await expect(colleague.getByText('Welcome to Registrar Training Institute.')).toBeVisible();
    await expectNoAxeViolations(colleague);
    await colleague.getByLabel('Password', { exact: true }).fill('Ravi-Sets-Up-2026');
    await colleague.getByRole('textbox', { name: 'Confirm password' }).fill('Ravi-Sets-Up-2026');
    await colleague.getByRole('button', { name: 'Set up my account' }).click();
    await expect(colleague).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(colleague.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
    // The first link was replaced by the resend: it no longer works.
    await colleague.goto(new URL(resetLinkIn(first)).pathname);
    await colleague.getByLabel('Password', { exact: true }).fill('Ravi-Again-2026');
    await colleague.getByRole('textbox', { name: 'Confirm password' }).fill('Ravi-Again-2026');
    await colleague.getByRole('button', { name: 'Set up my account' }).click();
    await expect(
      colleague.getByRole('alert').filter({ hasText: STAFF_MESSAGES.invitationInvalid }).first(),
    ).toBeVisible();
    await theirs.close();

    await page.reload();
    await expect(row).toContainText('Active', { timeout: 30_000 });
    await expect(row.getByRole('button', { name: 'Resend the invitation of Ravi Kumar' })).toHaveCount(0);
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

  test('an admin revokes an invitation on a phone, with confirmation, and its link stops working', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const auth = await signInByApi(request);
    const email = `sunita.${tag}@registrar.test`;
    const since = Date.now();
    const invited = await request.post('/api/staff', {
      headers: auth,
      data: { name: 'Sunita Rao', email, role: 'counsellor' },
    });
    expect(invited.status()).toBe(201);
    const link = resetLinkIn(await waitForMail({ to: email, subject: /^Set up your account/, since }));
    await signIn(page);
    await page.goto(`/staff?search=${encodeURIComponent(email)}`);
    // On a phone the list stacks each account as an item of its own.
    const row = page.getByRole('list', { name: 'Staff' }).getByRole('listitem').filter({ hasText: 'Sunita Rao' });
    await expect(row).toContainText('Invited', { timeout: 30_000 });
    await row.getByRole('button', { name: 'Revoke the invitation of Sunita Rao' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke the invitation of Sunita Rao?' });
    await expect(confirm).toContainText('stops working');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toContainText('Disabled');
    const used = await request.post('/api/set-up-account', {
      data: { token: link.split('/').pop(), password: 'Sunita-Pass-2026', confirmPassword: 'Sunita-Pass-2026' },
    });
    expect(used.status()).toBe(400);
  });

  test('a counsellor sees inquiries and enrolments with documents and takes payments, but no exports or staff', async ({
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
    // The front desk takes the money (fees.collect); deleting stays with admins.
    await expect(page.getByRole('button', { name: 'Record payment' }).first()).toBeVisible();
    const more = page.getByRole('button', { name: 'More actions' });
    if (await more.count()) {
      await more.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
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
