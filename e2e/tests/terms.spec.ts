/** The Terms & Condition screen: write, preview, save, version history, public read. */
import { expect, test, type Page } from '@playwright/test';
import { TERMS_MESSAGES } from '@registrar/contract/terms';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/staff';

const editor = (page: Page) => page.getByRole('textbox', { name: 'Terms content' });
const tool = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });

async function openTerms(page: Page) {
  await signIn(page);
  await page.goto('/terms-condition');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Condition' })).toBeVisible();
  await expect(editor(page)).toBeVisible();
}

test.describe('terms & condition', () => {
  test('write with a heading, a list, bold and a link; preview; save a new version; read it publicly', async ({
    page,
    request,
  }) => {
    test.slow(); // one long journey; a busy CI machine needs more than 30 s
    const stamp = Date.now().toString(36);
    await openTerms(page);
    const history = page.getByRole('region', { name: 'Version history' });
    await expect(history.getByRole('status', { name: 'Loading the version history' })).toBeHidden();
    const versionsBefore = await history.getByRole('heading', { name: /^Version \d+$/ }).count();

    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');

    await tool(page, 'Heading 2').click();
    await expect(tool(page, 'Heading 2')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type(`Fees and refunds ${stamp}`);
    await page.keyboard.press('Enter');
    await expect(tool(page, 'Heading 2')).toHaveAttribute('aria-pressed', 'false');

    await page.keyboard.type('Fees are ');
    await tool(page, 'Bold').click();
    await expect(tool(page, 'Bold')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('non-refundable');
    await page.keyboard.press('ControlOrMeta+B');
    await expect(tool(page, 'Bold')).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.type(' once the course starts.');
    await page.keyboard.press('Enter');

    await tool(page, 'Bulleted list').click();
    await expect(tool(page, 'Bulleted list')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Pay each installment by its due date');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Keep your receipts');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // leaves the list

    await page.keyboard.type('Read our fee policy');
    await page.keyboard.press('Shift+Home');
    await tool(page, 'Link').click();
    const linkDialog = page.getByRole('dialog', { name: 'Add link' });
    await linkDialog.getByRole('textbox', { name: 'Link address' }).fill('javascript:alert(document.cookie)');
    await linkDialog.getByRole('button', { name: 'Add link' }).click();
    await expect(
      linkDialog.getByText('Only web (https://), email (mailto:) and phone (tel:) links are allowed'),
    ).toBeVisible();
    await linkDialog.getByRole('textbox', { name: 'Link address' }).fill('example.com/fees');
    await linkDialog.getByRole('button', { name: 'Add link' }).click();
    await expect(linkDialog).toBeHidden();
    await expect(editor(page).getByRole('link', { name: 'Read our fee policy' })).toHaveAttribute(
      'href',
      'https://example.com/fees',
    );
    await expect(tool(page, 'Link')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expectNoAxeViolations(page);

    // Preview: what students will see, sanitized.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('tabpanel', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: `Fees and refunds ${stamp}` })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('non-refundable');
    await expect(preview.getByRole('listitem')).toHaveCount(2);
    const link = preview.getByRole('link', { name: 'Read our fee policy' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Write' }).click();

    // Save: a new version, at the top of the history.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(TERMS_MESSAGES.saved)).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    await expect(history.getByRole('heading', { name: /^Version \d+$/ })).toHaveCount(versionsBefore + 1);
    const newest = history.getByRole('listitem').first();
    await expect(newest).toContainText('Current');
    await expect(newest).toContainText(/ · by /);

    // The public read (no token) returns the sanitized HTML.
    const res = await request.get('/api/cms/terms_condition');
    expect(res.ok()).toBe(true);
    const { data } = (await res.json()) as { data: { description: string; version: number } };
    expect(data.version).toBeGreaterThan(0);
    expect(data.description).toContain(`<h2>Fees and refunds ${stamp}</h2>`);
    expect(data.description).toContain('<strong>non-refundable</strong>');
    expect(data.description).toMatch(/<ul>\s*<li>/);
    expect(data.description).toContain('href="https://example.com/fees"');
    expect(data.description).not.toMatch(/javascript:|<script|\son[a-z]+=/i);

    // Unsaved work: leaving asks first.
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' A draft sentence.');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Courses' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/terms-condition$/);

    // A saved version can be read and restored into the editor (asking first, as there are edits).
    const title = ((await newest.getByRole('heading').textContent()) ?? '').trim(); // "Version 3"
    const lower = title.replace('Version', 'version');
    await newest.getByRole('button', { name: `View ${lower}` }).click();
    const viewer = page.getByRole('dialog', { name: new RegExp(`^${title}`) });
    await expect(viewer.getByRole('heading', { name: `Fees and refunds ${stamp}` })).toBeVisible();
    await viewer.getByRole('button', { name: 'Restore into the editor' }).click();
    const replace = page.getByRole('alertdialog', { name: `Replace your unsaved changes with ${lower}?` });
    await replace.getByRole('button', { name: 'Replace' }).click();
    await expect(editor(page)).not.toContainText('A draft sentence.');
    await expect(page.getByText(`${title} is in the editor. Save to make it the current version.`)).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeHidden();
  });

  test('the toolbar works from the keyboard', async ({ page }) => {
    await openTerms(page);
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    // Shift+Tab from the editor lands on the toolbar's one Tab stop; arrows move along it.
    await tool(page, 'Heading 2').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tool(page, 'Heading 3')).toBeFocused();
    await page.keyboard.press('End');
    await expect(tool(page, 'Undo')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tool(page, 'Heading 2')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(tool(page, 'Heading 3')).toHaveAttribute('aria-pressed', 'true');
  });

  test('the screen passes axe and fits a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openTerms(page);
    await expect(page.getByRole('region', { name: 'Version history' }).getByRole('status')).toBeHidden();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expectNoAxeViolations(page);
  });
});
