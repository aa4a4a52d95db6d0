/** The staff account the e2e server creates on first start (playwright.config.ts sets it). */
import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@registrar.test', password: 'E2e-Admin-Passw0rd' } as const;

/** Signs in through the real /login form (labels 'Email' and 'Password', button 'Login'). */
export async function signIn(page: Page, credentials: { email: string; password: string } = ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // The dashboard's code loads before the address changes: room for a busy machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}
