/**
 * The Dashboard and the notification bell in a real browser: data made
 * through the API (a course, an enrolment, an inquiry), the figures on screen, a chart switched to
 * its table, a card followed to its filtered list, the bell opening a new record and "Mark all as
 * seen"; one period for the page, the answers on the first screen at 1366 px, each role's own
 * start; axe on the dashboard, also at 360 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { createCourse, enrolStudent, findInquiries, sendInquiry, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { signInAs, staffWithRole } from '../support/roles';
import { signIn } from '../support/staff';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36);
const COURSE = `Dashboard Course ${suffix}`;
const STUDENT = `Nisha Rao ${suffix}`;
const INQUIRER = `Farhan Ali ${suffix}`;

let inquiryId = '';

test.beforeAll(async ({ request }) => {
  const auth = await signInByApi(request);
  const courseId = await createCourse(request, auth, { name: COURSE, price: 24000, emiPrice: [12000, 12000] });
  await enrolStudent(request, auth, {
    name: STUDENT,
    email: `nisha.${suffix}@example.com`,
    phoneNumber: '9812345671',
    address: '9 Hill Road, Pune',
    courseId,
    paymentMethod: 'installment',
  });
  await sendInquiry(request, {
    name: INQUIRER,
    address: '4 Park Street, Kolkata',
    email: `farhan.${suffix}@example.com`,
    phoneNumber: '9845012346',
    areaOfInterest: [COURSE],
    reference: 'instagram',
  });
  inquiryId = (await findInquiries(request, auth, INQUIRER))[0]!._id;
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openDashboard(page: Page) {
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Overdue \(today\) ₹/ })).toBeVisible();
}

test.describe('dashboard', () => {
  test('shows the figures, a chart as a table, and leads from a card to its filtered list', async ({ page }) => {
    test.slow();
    await openDashboard(page);

    // The figures, each a link to its list.
    const inquiriesCard = page.getByRole('link', { name: /^New inquiries, this month \d+/ });
    await expect(inquiriesCard).toBeVisible();
    expect(Number((await inquiriesCard.textContent())!.match(/month(\d+)/)![1])).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('link', { name: /^Pending review, today [1-9]/ })).toHaveAttribute(
      'href',
      '/student-enrollments/queue',
    );
    await expect(page.getByRole('link', { name: /^Overdue \(today\) ₹/ })).toHaveAttribute(
      'href',
      '/student-enrollments?paymentState=overdue',
    );
    await expect(page.getByRole('link', { name: /^Collected, this month ₹/ })).toHaveAttribute(
      'href',
      /^\/api\/payments\/export\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/,
    );
    await expect(
      page.getByRole('table', { name: 'Latest inquiries' }).getByRole('link', { name: INQUIRER }),
    ).toHaveAttribute('href', `/student-inquires/${inquiryId}`);
    await expect(
      page.getByRole('table', { name: 'Latest enrolments' }).getByRole('link', { name: STUDENT }),
    ).toBeVisible();

    // Charts have names; each switches to a real table of the same data.
    const perCourse = region(page, 'Enrolments per course');
    await expect(perCourse.getByRole('img', { name: 'Enrolments per course' }).locator('svg').first()).toBeVisible();
    await perCourse.getByRole('button', { name: 'Show as table' }).click();
    await expect(perCourse.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true');
    await expect(
      perCourse.getByRole('table', { name: 'Enrolments per course' }).getByRole('row', { name: new RegExp(COURSE) }),
    ).toContainText('1');
    const bySource = region(page, 'Inquiries by source');
    await bySource.getByRole('button', { name: 'Show as table' }).click();
    await expect(bySource.getByRole('table').getByRole('rowheader', { name: 'Instagram' })).toBeVisible();
    const monthly = region(page, 'Enrolments and collections per month');
    await monthly.getByRole('button', { name: 'Show as table' }).click();
    await expect(monthly.getByRole('table').getByRole('row')).toHaveCount(13);
    await expectNoAxeViolations(page);

    // A card opens its list, already filtered.
    await inquiriesCard.click();
    await expect(page).toHaveURL(/\/student-inquires\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('grid', { name: 'Student Inquiries' }).getByText(INQUIRER)).toBeVisible();
  });

  test('answers admissions and money without scrolling at 1366 px, for the one period chosen at the top', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 768 });
    await openDashboard(page);
    const answers = [
      /^New enrolments, this month \d/,
      /^New inquiries, this month \d/,
      /^Conversion, this month \d/,
      /^Conversion, all time \d/,
      /^Collected, this month ₹/,
      /^Outstanding, approved enrolments \(today\) ₹/,
      /^Outstanding, pending review \(today\) ₹/,
    ];
    const firstScreen = async () => {
      for (const name of answers) {
        const box = (await page.getByRole('link', { name }).boundingBox())!;
        expect(box.y + box.height, String(name)).toBeLessThanOrEqual(768);
      }
    };
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await firstScreen();

    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last month' }).click();
    await expect(page).toHaveURL(/\/dashboard\?period=last-month$/);
    await expect(page.getByRole('link', { name: /^Collected, last month ₹/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Conversion, last month/ })).toBeVisible();
    // Every card of the period names it; none still says this month.
    await expect(page.getByRole('link', { name: /this month/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('Last month');
  });

  test('a counsellor starts with today’s calls, an accountant with collections and dues, each after Login', async ({
    page,
    request,
    browser,
  }) => {
    // Two invitations, two sign-ins and two dashboards: more than the default.
    test.setTimeout(240_000);
    const auth = await signInByApi(request);
    const counsellor = await staffWithRole(request, auth, 'counsellor', `dash${suffix}`);
    const accountant = await staffWithRole(request, auth, 'accountant', `dash${suffix}`);
    const leading = () => page.getByRole('heading', { level: 2 }).first();

    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, counsellor);
    await expect(leading()).toHaveText('Your follow-ups today', { timeout: 30_000 });
    await expect(page.getByRole('link', { name: /^Calls due today \d/ })).toHaveAttribute('href', '/follow-ups');
    await expectNoAxeViolations(page);

    // The accountant on their own browser, at 1366 px.
    const theirs = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const desk = await theirs.newPage();
    await signInAs(desk, accountant);
    const headings = desk.getByRole('heading', { level: 2 });
    await expect(headings.first()).toHaveText('Money, this month', { timeout: 30_000 });
    await expect(headings.nth(1)).toHaveText('Fees and dues');
    await expect(desk.getByRole('heading', { name: 'Your follow-ups today' })).toHaveCount(0);
    // Inquiries are not theirs to open: the figures show, with no way into the list.
    await expect(desk.getByText(/^New inquiries, this month/)).toBeVisible();
    await expect(desk.getByRole('link', { name: /^New inquiries/ })).toHaveCount(0);
    await expectNoAxeViolations(desk);
    await theirs.close();
  });

  test('works at 360 px wide with no violations', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openDashboard(page);
    await region(page, 'Inquiries by source').getByRole('button', { name: 'Show as table' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });

  test('the bell lists what is new, opens its record, and marks all as seen', async ({ page }) => {
    await openDashboard(page);
    const bell = page.getByRole('button', { name: /^Notifications, \d+ new$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const menu = page.getByRole('menu', { name: /^Notifications/ });
    await expect(menu.getByRole('menuitem', { name: new RegExp(STUDENT) })).toBeVisible();
    await expectNoAxeViolations(page);
    await menu.getByRole('menuitem', { name: new RegExp(INQUIRER) }).click();
    await expect(page).toHaveURL(new RegExp(`/student-inquires/${inquiryId}$`));
    // The record's own audit trail sits on its page.
    await expect(region(page, 'Audit trail')).toBeVisible();

    await page.getByRole('button', { name: /^Notifications, \d+ new$/ }).click();
    await page.getByRole('menuitem', { name: 'Mark all as seen' }).click();
    await expect(page.getByRole('button', { name: 'Notifications, nothing new' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications, nothing new' })).toBeVisible();
  });
});
