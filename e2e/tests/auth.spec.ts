/**
 * Staff sign-in in the browser: sign in, stay signed in across a reload,
 * log out; forgot password → mail → reset → the new password works, the old one and the old
 * sessions do not; the guard; the lock screen; axe on every sign-in screen and the profile screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MESSAGES } from '@registrar/contract/messages';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { baseURL } from '../playwright.config';
import { expectNoAxeViolations } from '../support/axe';
import { waitForResetLink } from '../support/mail';
import { ADMIN, signIn } from '../support/staff';

const NEW_PASSWORD = 'Fresh-Start-2026';

/** The token the browser holds (redux-persist keeps the session under key 'root'). */
async function heldToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = localStorage.getItem('persist:root');
    if (!root) return null;
    const session = JSON.parse((JSON.parse(root) as { session: string }).session) as { accessToken: string | null };
    return session.accessToken;
  });
}

const profileStatus = (request: APIRequestContext, token: string) =>
  request.get('/api/user-profile', { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status());

/** Toasts are outside the page's <main>; this finds the newest one with `text`. */
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);

async function logoutFromProfile(page: Page) {
  await page.goto('/profile');
  await page.getByRole('region', { name: 'Sign out' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('staff sign-in', () => {
  test('sign in → dashboard → reload, still signed in → logout', async ({ page, request }) => {
    await signIn(page);
    const token = await heldToken(page);
    expect(token).toMatch(/^[^.]+\.[^.]+\.[^.]+$/);

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue(ADMIN.email);

    await logoutFromProfile(page);
    await expect(toast(page, STAFF_MESSAGES.signedOut)).toBeVisible();
    expect(await heldToken(page)).toBeNull();
    // The server ended the session too: the old token no longer opens anything.
    expect(await profileStatus(request, token!)).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password is refused with the server message, and signed-in staff skip /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('Not-The-Passw0rd');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, STAFF_MESSAGES.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    await signIn(page);
    for (const path of ['/login', '/forgotPassword', '/lockscreen']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/dashboard$/);
    }
  });

  test('the guard sends an anonymous visitor of the console to /login', async ({ page }) => {
    for (const path of ['/courses', '/profile', '/dashboard', '/']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    }
  });

  test('forgot password → mail → reset → the new password signs in; the old password and sessions do not', async ({
    page,
    browser,
  }) => {
    // Another device, signed in with the old password before the reset.
    const otherDevice = await browser.newContext();
    const otherPage = await otherDevice.newPage();
    await signIn(otherPage);

    const since = Date.now();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL(/\/forgotPassword$/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Get Link' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(STAFF_MESSAGES.forgotPasswordSent);

    const link = await waitForResetLink(ADMIN.email, { since, publicUrl: baseURL });
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('main').getByText(MESSAGES.passwordResetDone)).toBeVisible();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another-Passw0rd');
    await page.getByLabel('Confirm password', { exact: true }).fill('Another-Passw0rd');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(STAFF_MESSAGES.resetTokenInvalid);

    // The old password is refused, the new one accepted.
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, STAFF_MESSAGES.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, { email: ADMIN.email, password: NEW_PASSWORD });

    // The reset ended the other device's session: its next look at the server sends it to /login.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
    await otherDevice.close();

    // Put the first account's password back through the profile screen (later specs sign in with it).
    await page.goto('/profile');
    await page.getByLabel(/^Current password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^New password/).fill(ADMIN.password);
    await page.getByLabel(/^Confirm new password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, STAFF_MESSAGES.passwordChanged)).toBeVisible();
    await expect(page.getByLabel(/^Current password/)).toHaveValue('');
  });

  test('the lock screen shows the last staff member and their password signs them back in', async ({ page }) => {
    await signIn(page);
    await logoutFromProfile(page);

    await page.goto('/lockscreen');
    await expect(page.getByRole('heading', { level: 1, name: 'Screen locked' })).toBeVisible();
    await expect(page.getByText(ADMIN.email)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await logoutFromProfile(page);
    await page.goto('/lockscreen');
    await page.getByRole('link', { name: 'Use Another Account' }).last().click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('sign-in screens are accessible', () => {
  test('axe finds nothing on /login, /forgotPassword, /reset-password/x and /lockscreen, errors shown', async ({
    page,
  }) => {
    await page.goto('/login');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(MESSAGES.loginEmailRequired)).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expectNoAxeViolations(page);

    await page.goto('/forgotPassword');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Get Link' }).click();
    await expect(page.getByText(MESSAGES.emailRequired)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/reset-password/x');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(MESSAGES.newPasswordRequired)).toBeVisible();
    await expectNoAxeViolations(page);

    // A browser nobody has signed in on: the lock screen says so.
    await page.goto('/lockscreen');
    await expect(page.getByText(/No one has signed in on this device yet/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 360, height: 740 },
  ]) {
    test(`the profile at ${viewport.width} px: new enrolment mail chosen and kept, axe finds nothing`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(page);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Profile details' })).toBeVisible();
      const mail = page.getByRole('radiogroup', { name: 'How new enrolments reach you' });
      await expect(mail.getByRole('radio', { name: 'A digest at most every 15 minutes' })).toBeChecked();
      await mail.getByRole('radio', { name: 'One mail for each enrolment' }).click();
      await expect(toast(page, STAFF_MESSAGES.profileUpdated).last()).toBeVisible();
      await page.reload();
      await expect(mail.getByRole('radio', { name: 'One mail for each enrolment' })).toBeChecked();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoAxeViolations(page);
      await mail.getByRole('radio', { name: 'A digest at most every 15 minutes' }).click();
      await expect(mail.getByRole('radio', { name: 'A digest at most every 15 minutes' })).toBeChecked();
    });
  }

  test('/login at 360 px: fits, passes axe, and signs in by keyboard alone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
