import { expect, test } from '@playwright/test';
import { MESSAGES } from '@registrar/contract/messages';
import { expectNoAxeViolations } from '../support/axe';

test.describe('the SPA served by the API', () => {
  test('a public route loads directly and survives a reload', async ({ page }) => {
    await page.goto('/student-enrollment');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('every route of the spec answers with a screen, not a blank page', async ({ page }) => {
    for (const path of [
      '/login',
      '/forgotPassword',
      '/reset-password/abc',
      '/lockscreen',
      '/student-inquiry',
      '/student-enrollment',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(page.getByRole('heading', { name: MESSAGES.unexpectedApplicationError })).toHaveCount(0);
    }
  });

  test('the correctly spelled alias redirects to the spec path', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page).toHaveURL(/\/forgotPassword$/);
  });

  test('the API and the SPA share one origin', async ({ page, request }) => {
    const health = await request.get('/api/health');
    expect(health.ok()).toBe(true);
    expect((await health.json()).data.database.reachable).toBe(true);
    await page.goto('/api/docs/');
    await expect(page).toHaveTitle(/Swagger/i);
  });
});
