/**
 * A 30-student register as an institute keeps it (its own headers, Hindi names, dd/mm/yyyy, ₹ with
 * commas, modes in mixed case, five rows in error) moves in at 1366 px: the first time the admin
 * confirms the proposed columns; the next register with that header goes in within 8 clicks,
 * the 25 good rows now and the 5 in error named, in red, with their own file. Axe finds nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { createCourse, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { registerCsv } from '../support/register';
import { signIn } from '../support/staff';

test.setTimeout(120_000);

/** Clicks the button and hands the register to the file chooser it opens: one click. */
async function chooseRegister(page: Page, name: string, csv: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.locator('label', { hasText: 'Choose a file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

test('a register with its own columns imports its good rows in at most 8 clicks once its columns are kept', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const course = `Tally Register ${stamp}`;
  await createCourse(request, await signInByApi(request), { name: course, price: 9000, emiPrice: [3000, 3000, 3000] });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto('/import');

  // First time: the proposed columns are shown, and checking the file keeps them.
  await chooseRegister(page, `register-${stamp}-a.csv`, registerCsv(`RA${stamp}`, course));
  await expect(page.getByRole('heading', { name: 'Columns of your file' })).toBeVisible();
  await expect(page.getByLabel('Name (required)', { exact: true })).toHaveValue('छात्र का नाम');
  await expect(page.getByLabel('Paid by (mode)', { exact: true })).toHaveValue('Paid By');
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('5 rows are in error')).toBeVisible();

  // Another register with the same header, from a fresh screen: count every click.
  await page.goto('/import');
  let clicks = 0;
  const click = async (name: string | RegExp) => {
    clicks += 1;
    await page.getByRole('button', { name }).click();
  };
  clicks += 1;
  await chooseRegister(page, `register-${stamp}-b.csv`, registerCsv(`RB${stamp}`, course));
  await expect(page.getByText('Read with the columns you chose last time')).toBeVisible();
  await click('Check the file');
  const report = page.getByRole('alert').filter({ hasText: 'in error' });
  await expect(report).toContainText('5 rows are in error');
  await expect(report).toContainText('25 good rows can be imported now');
  await expect(report).toContainText('31/11/2025: November has 30 days');
  await expect(report).toContainText('No course has this name: nearest');
  await expect(report).toContainText('"Barter" is not one of the allowed values: write one of cash, upi');
  await expect(page.getByRole('link', { name: 'Download the 5 rows in error' })).toBeVisible();
  // An error is an error: red, not a green tick.
  await expect(report).toHaveClass(/MuiAlert-.*[eE]rror/);
  await expectNoAxeViolations(page);

  await click('Import the 25 good rows now');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('The 5 rows in error will not be imported');
  clicks += 1;
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(
    page.getByText('Imported 25 good rows (0 already here). 5 rows in error were not imported.'),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expectNoAxeViolations(page);
  expect(clicks).toBeLessThanOrEqual(8);
});
