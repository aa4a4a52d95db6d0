/** The Courses screen: the whole journey of one course, in a real browser. */
import { expect, test, type Page } from '@playwright/test';
import { COURSE_MESSAGES } from '@registrar/contract/course';
import { createCourse, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/staff';

const grid = (page: Page) => page.getByRole('grid', { name: 'Courses' });

test.describe('courses', () => {
  test('create with installments, edit, search, deactivate and delete after confirmation', async ({
    page,
    request,
  }) => {
    test.slow(); // one long journey; a busy CI machine needs more than 30 s
    const name = `Full Stack Java ${Date.now().toString(36)}`;
    await signIn(page);
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();

    // Create: three installments, the running total says how far they are from the price.
    await page.getByRole('button', { name: 'Add course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add course' });
    await expect(dialog.getByRole('textbox', { name: /^Course name/ })).toBeFocused();
    await dialog.getByRole('button', { name: 'Add course' }).click();
    await expect(dialog.getByText(COURSE_MESSAGES.nameRequired)).toBeVisible();
    await expect(dialog.getByText(COURSE_MESSAGES.priceInvalid)).toBeVisible();

    await dialog.getByRole('textbox', { name: /^Course name/ }).fill(name);
    await dialog.getByRole('spinbutton', { name: /^Price/ }).fill('30000');
    await dialog.getByRole('textbox', { name: 'Duration' }).fill('6 months');
    await dialog.getByRole('spinbutton', { name: /^Installment 1/ }).fill('10000');
    await dialog.getByRole('button', { name: 'Add installment' }).click();
    await expect(dialog.getByRole('spinbutton', { name: /^Installment 2/ })).toBeFocused();
    await page.keyboard.type('10000');
    await dialog.getByRole('button', { name: 'Add installment' }).click();
    await page.keyboard.type('5000');
    await expect(dialog.getByText('₹5,000 short of the price.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add installment' }).click();
    await page.keyboard.type('1');
    await dialog.getByRole('button', { name: 'Remove installment 4' }).click();
    await expect(dialog.getByRole('spinbutton', { name: /^Installment/ })).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Add course' }).click();
    await expect(dialog.getByText(COURSE_MESSAGES.installmentsBelowPrice)).toBeVisible();
    await dialog.getByRole('spinbutton', { name: /^Installment 3/ }).fill('10000');
    await expect(dialog.getByText('Matches the price.')).toBeVisible();
    // Its GST: 5%, taught online, the tax added on top of the price.
    await expect(dialog.getByRole('textbox', { name: 'SAC' })).toHaveValue('999293');
    await dialog.getByRole('combobox', { name: 'GST rate' }).selectOption('5');
    await dialog.getByRole('combobox', { name: 'Delivered' }).selectOption('online');
    await dialog.getByRole('switch', { name: 'The price includes GST' }).uncheck();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add course' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(COURSE_MESSAGES.created)).toBeVisible();
    const saved = await request.get(`/api/course?search=${encodeURIComponent(name)}`, {
      headers: await signInByApi(request),
    });
    expect(((await saved.json()) as { data: { items: unknown[] } }).data.items[0]).toMatchObject({
      sac: '999293',
      gstRate: 5,
      deliveryMode: 'online',
      taxInclusive: false,
      gstExempt: false,
    });

    // Other journeys' courses share the database and sort first by name: find this one by search,
    // debounced and kept in the URL.
    const search = page.getByRole('searchbox', { name: 'Search courses' });
    await search.fill(name.slice(-8));
    await expect(page).toHaveURL(/[?&]search=/);
    const row = grid(page).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('₹30,000');
    await expect(row).toContainText('3 × ₹10,000');
    await expect(row).toContainText('Active');

    // The same name again is refused on the name field.
    await page.getByRole('button', { name: 'Add course' }).click();
    const again = page.getByRole('dialog', { name: 'Add course' });
    await again.getByRole('textbox', { name: /^Course name/ }).fill(name.toUpperCase());
    await again.getByRole('spinbutton', { name: /^Price/ }).fill('100');
    await again.getByRole('spinbutton', { name: /^Installment 1/ }).fill('100');
    await again.getByRole('button', { name: 'Add course' }).click();
    await expect(again.getByRole('textbox', { name: /^Course name/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(again.getByText(COURSE_MESSAGES.nameTaken)).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(again).toBeHidden();

    // Edit.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit course' });
    await expect(edit.getByRole('spinbutton', { name: /^Installment/ })).toHaveCount(3);
    await edit.getByRole('spinbutton', { name: /^Price/ }).fill('31999.99');
    await edit.getByRole('spinbutton', { name: /^Installment 3/ }).fill('11999.99');
    await expect(edit.getByText('Matches the price.')).toBeVisible();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('₹31,999.99');
    await expect(row).toContainText('₹10,000 + ₹10,000 + ₹11,999.99');

    // The search survives a reload.
    await expect(grid(page).getByRole('row')).toHaveCount(2); // header + the one match
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search courses' })).toHaveValue(name.slice(-8));
    await expect(row).toBeVisible();
    await expectNoAxeViolations(page);

    // Deactivate: off the public forms.
    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expect(row).toContainText('Inactive');
    await expect(page.getByRole('button', { name: `Activate ${name}` })).toBeVisible();
    const publicList = await (await request.get('/api/course?type=all')).json();
    expect(publicList.data.map((c: { name: string }) => c.name)).not.toContain(name);

    // Delete: asks first; Cancel keeps the course.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete “${name}”?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('heading', { name: `No courses match “${name.slice(-8)}”` })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).not.toHaveURL(/search=/);
  });

  test('pages through many courses with page and size in the URL', async ({ page, request }) => {
    test.slow();
    const auth = await signInByApi(request);
    const prefix = `Paging ${Date.now().toString(36)}`;
    for (let i = 1; i <= 12; i += 1)
      await createCourse(request, auth, {
        name: `${prefix} ${String(i).padStart(2, '0')}`,
        price: 1000,
        emiPrice: [1000],
      });
    await signIn(page);
    await page.goto(`/courses?search=${encodeURIComponent(prefix)}`);
    await expect(page.getByText('1–10 of 12')).toBeVisible();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('11–12 of 12')).toBeVisible();
    await page.goBack();
    await expect(page.getByText('1–10 of 12')).toBeVisible();
    await page.goto(`/courses?search=${encodeURIComponent(prefix)}&limit=25`);
    await expect(page.getByText('1–12 of 12')).toBeVisible();
  });

  test('the screen passes axe and fits a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page);
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading courses' })).toBeHidden();
    await expectNoAxeViolations(page);
    // The page itself never scrolls sideways: a wide grid scrolls inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Add course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add course' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
