/**
 * A counsellor's day in a real browser, at 1366 px and on a 360 px phone: the bell counts the
 * follow-ups due today, My follow-ups lists them, the inquiry's page shows owner, next follow-up
 * and the contact log; WhatsApp opens wa.me with a message naming the student and course, then a
 * prefilled "Log call" confirms it and asks for the next date; Call (tel:) does the same. The
 * admin chooses whose follow-ups to see and follows the dashboard's funnel and median to lists of
 * the same count. Axe is clean on every screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createCourse, findInquiries, sendInquiry, signInByApi, type StaffAuth } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { resetLinkIn, waitForMail } from '../support/mail';
import { signIn } from '../support/staff';

const PASSWORD = 'Counsellor-Day-2026';
const tag = Date.now().toString(36);
const COURSE = `Data Science ${tag}`;
// Unique per run of beforeAll (a restarted worker invites another counsellor).
const COUNSELLOR = `Kavya Counsellor ${tag}`;

/** Invites a counsellor by API and sets the password through the mailed link. */
async function counsellor(request: APIRequestContext, auth: StaffAuth) {
  const email = `counsellor.day.${tag}@registrar.test`;
  const since = Date.now();
  const invited = await request.post('/api/staff', {
    headers: auth,
    data: { name: COUNSELLOR, email, role: 'counsellor' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const id = ((await invited.json()) as { data: { _id: string } }).data._id;
  const link = resetLinkIn(await waitForMail({ to: email, subject: /Set up your account/, since }));
  const set = await request.post('/api/reset-password', {
    data: { token: link.split('/').pop()!, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(set.status(), await set.text()).toBe(200);
  return { id, email, password: PASSWORD };
}

async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

const STUDENTS = {
  desk: { name: `Ravi Desk ${tag}`, phoneNumber: '9812345671' },
  phone: { name: `Meena Phone ${tag}`, phoneNumber: '9812345672' },
};

test.describe('a counsellor’s day of follow-ups', () => {
  // Up to three more minutes where a test waits out midnight.
  test.describe.configure({ timeout: 360_000 });
  let account: { id: string; email: string; password: string };
  const inquiryIds: Record<string, string> = {};

  test.beforeAll(async ({ request }) => {
    const auth = await signInByApi(request);
    await createCourse(request, auth, { name: COURSE, price: 20000, emiPrice: [20000] });
    account = await counsellor(request, auth);
    for (const [key, student] of Object.entries(STUDENTS)) {
      await sendInquiry(request, {
        ...student,
        address: '12 MG Road, Pune',
        email: `${key}.${tag}@example.in`,
        areaOfInterest: [COURSE],
        reference: 'instagram',
      });
      const [inquiry] = await findInquiries(request, auth, student.name);
      inquiryIds[student.name] = inquiry!._id;
      // The admin gives each to the counsellor; each test sets it due later today.
      const given = await request.put(`/api/inquiry-follow-up/${inquiry!._id}`, {
        headers: auth,
        data: { ownerId: account.id, nextFollowUpAt: new Date(Date.now() + 5 * 60_000).toISOString() },
      });
      expect(given.status(), await given.text()).toBe(200);
    }
  });

  /**
   * Makes the student's follow-up due in two minutes, on the same local day as the server (this
   * machine's clock): within three minutes of midnight it first waits for the new day, since a
   * follow-up due just after midnight is tomorrow's, not today's.
   */
  async function dueLaterToday(request: APIRequestContext, student: { name: string }) {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
    if (midnight - now.getTime() < 3 * 60_000) await new Promise((r) => setTimeout(r, midnight - now.getTime() + 1000));
    const due = await request.put(`/api/inquiry-follow-up/${inquiryIds[student.name]}`, {
      headers: await signInByApi(request),
      data: { nextFollowUpAt: new Date(Date.now() + 2 * 60_000).toISOString() },
    });
    expect(due.status(), await due.text()).toBe(200);
  }

  async function workThrough(page: Page, request: APIRequestContext, student: { name: string; phoneNumber: string }) {
    await dueLaterToday(request, student);
    // wa.me is not reached from the test machine: the new tab gets a stand-in page.
    await page
      .context()
      .route('https://wa.me/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title><p>WhatsApp</p>' }),
      );
    // Nor is there a phone app: a tel: link opens nothing here, while its click handlers still run.
    await page.addInitScript(() =>
      document.addEventListener(
        'click',
        (event) => {
          if (event.target instanceof Element && event.target.closest('a[href^="tel:"]')) event.preventDefault();
        },
        true,
      ),
    );
    await signInAs(page, account);
    const bell = page.getByRole('button', { name: /\d+ follow-ups? due today$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await page.getByRole('menuitem', { name: /follow-ups? due today/ }).click();
    await expect(page).toHaveURL(/\/follow-ups$/);
    await expect(page.getByRole('heading', { name: 'My follow-ups', level: 1 })).toBeVisible();
    const today = page.getByRole('region', { name: /^Today \(\d+\)$/ });
    await expect(today.getByRole('link', { name: student.name, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await today.getByRole('link', { name: student.name, exact: true }).click();
    await expect(page.getByRole('heading', { name: student.name, level: 1 })).toBeVisible();
    const followUp = page.getByRole('region', { name: 'Follow-up' });
    await expect(followUp.getByText(`Owner: ${COUNSELLOR}`)).toBeVisible();
    await expect(followUp.getByText('Nobody has contacted them yet.')).toBeVisible();
    await expect(followUp.getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:${student.phoneNumber}`);
    const whatsApp = followUp.getByRole('link', { name: 'WhatsApp' });
    const href = (await whatsApp.getAttribute('href'))!;
    expect(href.startsWith(`https://wa.me/91${student.phoneNumber}?text=`)).toBe(true);
    const text = new URL(href).searchParams.get('text')!;
    expect(text).toContain(student.name);
    expect(text).toContain(COURSE);
    await expectNoAxeViolations(page);

    // Using WhatsApp opens it in a new tab and, here, "Log call" prefilled to confirm.
    const [chat] = await Promise.all([page.context().waitForEvent('page'), whatsApp.click()]);
    await chat.close();
    const dialog = page.getByRole('dialog', { name: `Log call with ${student.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: /Channel/ })).toHaveText(/WhatsApp/);
    await expect(dialog.getByLabel(/Next follow-up/)).not.toHaveValue('');
    await dialog.getByRole('combobox', { name: /Outcome/ }).click();
    await page.getByRole('option', { name: 'Asked to call back' }).click();
    await dialog.getByLabel('Note').fill('Wants the weekend batch');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save contact' }).click();
    await expect(dialog).toBeHidden();

    const log = followUp.getByRole('list', { name: 'Contacts, newest first' });
    await expect(log.getByText('WhatsApp · Asked to call back')).toBeVisible();
    await expect(log.getByText('Wants the weekend batch')).toBeVisible();
    await expect(page.getByText('Contacted', { exact: true }).first()).toBeVisible();

    // Calling hands the number to the phone (tel:) and asks, with Call set, what came of it.
    await followUp.getByRole('link', { name: 'Call' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: /Channel/ })).toHaveText(/Call/);
    await dialog.getByRole('combobox', { name: /Outcome/ }).click();
    await page.getByRole('option', { name: 'No answer' }).click();
    await dialog.getByRole('button', { name: 'Save contact' }).click();
    await expect(dialog).toBeHidden();
    await expect(log.getByRole('listitem').first()).toContainText('Call · No answer');

    // Back on My follow-ups, the student has moved to Upcoming (tomorrow morning).
    await page.goto('/follow-ups');
    await expect(
      page.getByRole('region', { name: /^Upcoming \(\d+\)$/ }).getByRole('link', { name: student.name, exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: /^Today/ }).getByRole('link', { name: student.name, exact: true }),
    ).toHaveCount(0);
    // Calling from the list asks what came of it too; cancelling logs nothing.
    await page.getByRole('link', { name: `Call ${student.name}` }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: /Channel/ })).toHaveText(/Call/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  test('at the front desk, 1366 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await workThrough(page, request, STUDENTS.desk);
  });

  test('on a 360 px phone', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await workThrough(page, request, STUDENTS.phone);
  });

  test('the admin sees the counsellor’s follow-ups and follows the funnel and the median to their lists', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page);
    await page.goto('/follow-ups');
    await expect(page.getByRole('heading', { name: 'My follow-ups', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Whose follow-ups' }).click();
    await page.getByRole('option', { name: COUNSELLOR, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/follow-ups\\?owner=${account.id}$`));
    await expect(page.getByRole('heading', { name: `Follow-ups of ${COUNSELLOR}`, level: 1 })).toBeVisible();
    for (const student of Object.values(STUDENTS))
      await expect(page.getByRole('link', { name: student.name, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // Each number opens the inquiries list filtered so that it shows the same count.
    const listCount = page.getByRole('status').filter({ hasText: /^\d+ inquir/ });
    const counted = (n: number) => `${n} ${n === 1 ? 'inquiry' : 'inquiries'}`;
    const funnel = page.getByRole('region', { name: 'Funnel by counsellor', exact: true });
    for (const column of ['Received', 'Contacted']) {
      await page.goto('/dashboard');
      const cell = funnel.getByRole('link', { name: new RegExp(`^${column}: ${COUNSELLOR}, \\d+$`) });
      const n = Number((await cell.getAttribute('aria-label'))!.split(', ').pop());
      if (column === 'Received') expect(n).toBe(Object.keys(STUDENTS).length);
      await cell.click();
      await expect(page.getByText(`Showing inquiries owned by ${COUNSELLOR}.`)).toBeVisible();
      await expect(listCount).toHaveText(counted(n));
    }
    await page.goto('/dashboard');
    const median = page.getByRole('link', { name: /^Median time to first contact/ });
    const over = (await median.textContent())!.match(/Over (\d+) contacted/);
    await median.click();
    await expect(page).toHaveURL(/contacted=logged/);
    await expect(listCount).toHaveText(counted(over ? Number(over[1]) : 0));
  });
});
