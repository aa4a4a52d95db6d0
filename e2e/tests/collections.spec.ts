/**
 * Collections in a real browser, as an accountant, at 1366 px and on a 360 px phone: the age groups
 * in sight without opening Filters and nothing scrolling sideways; each row's WhatsApp (wa.me with
 * the reminder written) and Call (tel:); "Send reminders" previews who, for what, how much and by
 * which channel before anything goes, sends on confirm, and a second go today offers "Send again
 * today", which sends. Axe on the screen and the preview.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { overdueStudent } from '../support/fees';
import { expectNothingScrollsSideways } from '../support/layout';
import { signInAs, staffWithRole } from '../support/roles';

test.describe.configure({ mode: 'serial' });
const expect = baseExpect.configure({ timeout: 30_000 });
const suffix = Date.now().toString(36);

for (const width of [1366, 360]) {
  test(`collections at ${width} px: preview, send, send again today, WhatsApp and Call`, async ({ page, request }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: width > 400 ? 900 : 740 });
    const admin = await signInByApi(request);
    const accountant = await staffWithRole(request, admin, 'accountant', `col${suffix}${width}`);
    const tag = `${suffix} ${width}`;
    const phone = (n: number) => `97123${String(width).padStart(4, '0')}${n}`;
    const students = [
      await overdueStudent(request, admin, `Nisha Pillai ${tag}`, `nisha.${suffix}.${width}@example.com`, phone(1)),
      await overdueStudent(request, admin, `Rahul Menon ${tag}`, `rahul.${suffix}.${width}@example.com`, phone(2)),
    ];
    const [nisha, rahul] = students as [(typeof students)[0], (typeof students)[0]];

    await signInAs(page, accountant);
    await page.goto('/collections?bucket=31-60');
    await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
    const ages = page.getByRole('navigation', { name: 'Overdue by age' });
    await expect(ages.getByRole('link')).toHaveCount(4);
    await expect(ages.getByRole('link', { name: '31–60 days' })).toBeInViewport();
    if (width < 600) await expectNothingScrollsSideways(page);

    const whatsapp = page.getByRole('link', { name: `WhatsApp ${nisha.name} the reminder` });
    const href = new URL((await whatsapp.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe(`https://wa.me/91${phone(1)}`);
    const text = href.searchParams.get('text')!;
    expect(text).toContain(nisha.name);
    expect(text).toContain('₹10,000');
    expect(text).toContain(nisha.number);
    await expect(page.getByRole('link', { name: `Call ${nisha.name}` })).toHaveAttribute('href', `tel:+91${phone(1)}`);
    await expectNoAxeViolations(page);

    for (const s of students) await page.getByRole('checkbox', { name: `Choose ${s.name}` }).check();
    await page.getByRole('button', { name: 'Send reminders (2)' }).click();
    const preview = page.getByRole('alertdialog', { name: 'Send 2 reminders?' });
    const list = preview.getByRole('list', { name: 'Reminders to send' });
    await expect(list).toContainText(`${nisha.name} (${nisha.number}): ₹30,000`);
    await expect(list).toContainText(`Email to nisha.${suffix}.${width}@example.com`);
    await expect(list).toContainText(/Installment 1: ₹10,000 overdue since/);
    await expect(list).toContainText(`${rahul.name} (${rahul.number})`);
    await expectNoAxeViolations(page);
    await preview.getByRole('button', { name: 'Send reminders' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 reminders sent, 0 skipped.' })).toBeVisible();

    // A second go today: the preview says so, and "Send again today" sends.
    await page.getByRole('checkbox', { name: `Choose ${nisha.name}` }).check();
    await page.getByRole('button', { name: 'Send reminders (1)' }).click();
    const again = page.getByRole('alertdialog', { name: 'No reminder to send' });
    await expect(again).toContainText(FEE_MESSAGES.alertAlreadySent);
    await expectNoAxeViolations(page);
    await again.getByRole('button', { name: 'Send again today' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 reminder sent, 0 skipped.' })).toBeVisible();
  });
}
