/**
 * Moving an institute in, in a real browser: the admin downloads nothing but picks a CSV laid out
 * as the template, checks it (a row in error is named, nothing is written, the good row is offered), fixes the file,
 * checks again, imports after confirming, and finds the students on the enrolment list; the
 * import log names the file. At 1366 px and on a phone; axe finds nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@registrar/contract/messages';
import { createCourse, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { IMPORTED_STUDENT, enrolmentsCsv } from '../support/imports';
import { signIn } from '../support/staff';

// Two uploads, an import and three axe checks: longer than the default on a busy machine.
test.setTimeout(90_000);

function studentsFile(tag: string, course: string, phone: string) {
  const base = { ...IMPORTED_STUDENT, name: 'Imported Student', course };
  return enrolmentsCsv([
    { ...base, externalId: `${tag}-1`, email: `${tag}-1@example.com`, phoneNumber: '9876512301' },
    { ...base, externalId: `${tag}-2`, email: `${tag}-2@example.com`, phoneNumber: phone, name: `Second ${tag}` },
  ]);
}

async function importJourney(page: Page, tag: string, course: string) {
  await signIn(page);
  await page.goto('/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Download the template/ })).toHaveAttribute(
    'href',
    '/api/import-template/enrollments.csv',
  );
  const chooser = page.locator('input[type=file]');
  await chooser.setInputFiles({
    name: `${tag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(studentsFile(tag, course, '12345')),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText(`Row 3, Phone: ${MESSAGES.phoneRule}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the 1 row in error' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import the 1 good row now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await chooser.setInputFiles({
    name: `${tag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(studentsFile(tag, course, '9876512302')),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('Checked, nothing written. 2 rows: 2 to create, 0 already here.')).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Nobody will be emailed');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported: 2 created, 0 already here and skipped.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Import log' }).getByText(`Imported enrolments · ${tag}.csv`),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/student-enrollments?search=${encodeURIComponent(`Second ${tag}`)}`);
  // A full page load of the list: slow on a loaded machine.
  await expect(page.getByText(`Second ${tag}`).first()).toBeVisible({ timeout: 20_000 });
}

test('an admin imports students from a spreadsheet after a check that names the row in error', async ({
  page,
  request,
}) => {
  const course = `Import Course ${Date.now().toString(36)}`;
  await createCourse(request, await signInByApi(request), { name: course, price: 5000, emiPrice: [5000] });
  await page.setViewportSize({ width: 1366, height: 900 });
  await importJourney(page, `imp${Date.now().toString(36)}`, course);
});

test('the import works on a phone', async ({ page, request }) => {
  const course = `Import Phone ${Date.now().toString(36)}`;
  await createCourse(request, await signInByApi(request), { name: course, price: 5000, emiPrice: [5000] });
  await page.setViewportSize({ width: 360, height: 740 });
  await importJourney(page, `ph${Date.now().toString(36)}`, course);
});
