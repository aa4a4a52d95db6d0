/** Colleagues of each role for a journey: invited by API, their password set through the mailed link. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Role } from '@registrar/contract/permissions';
import type { StaffAuth } from './api';
import { resetLinkIn, waitForMail } from './mail';

export const ROLE_PASSWORD = 'Role-Journey-2026';

/** Invites by API and sets the password through the mailed link, as the invitee would. */
export async function staffWithRole(request: APIRequestContext, auth: StaffAuth, role: Role, tag: string) {
  const email = `${role}.${tag}@registrar.test`;
  const since = Date.now();
  const invited = await request.post('/api/staff', { headers: auth, data: { name: `The ${role}`, email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = resetLinkIn(await waitForMail({ to: email, subject: /Set up your account/, since }));
  const token = link.split('/').pop()!;
  const set = await request.post('/api/reset-password', {
    data: { token, password: ROLE_PASSWORD, confirmPassword: ROLE_PASSWORD },
  });
  expect(set.status(), await set.text()).toBe(200);
  return { email, password: ROLE_PASSWORD };
}

/** The sign-in form, with room for a slow password check on a busy machine. */
export async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}
