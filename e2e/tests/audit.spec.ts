/**
 * The Audit screen in a real browser: a course made through the API is
 * found in the audit trail (filter by record kind, then search by who did it); axe finds nothing.
 */
import { expect, test } from '@playwright/test';
import { createCourse, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { ADMIN, signIn } from '../support/staff';

test('the audit trail records the creation of a course, who did it and which fields', async ({ page, request }) => {
  const name = `Audited Course ${Date.now().toString(36)}`;
  const courseId = await createCourse(request, await signInByApi(request), { name, price: 9000, emiPrice: [9000] });

  await signIn(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Audit' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('combobox', { name: 'Record' }).selectOption('course');
  await expect(page).toHaveURL(/\/audit\?entity=course$/);
  await page.getByRole('searchbox', { name: 'Search the audit trail' }).fill(ADMIN.email);
  await expect(page).toHaveURL(/search=/);
  const created = grid
    .getByRole('row')
    .filter({ hasText: courseId.slice(0, 8) })
    .filter({ hasText: 'Created' });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText(ADMIN.email);
  await expect(created).toContainText('Course');
  await expect(created).toContainText('name, price, emiPrice');
  await expectNoAxeViolations(page);

  // Sign-ins are there too.
  await page.getByRole('combobox', { name: 'Record' }).selectOption('auth');
  await expect(grid.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible();
});
