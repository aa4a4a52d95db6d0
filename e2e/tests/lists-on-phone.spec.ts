/**
 * Every list screen under real conditions, in a real browser: on a 360 × 740 phone the first row
 * shows on the first screen (filters folded behind one "Filters" button that counts the active
 * ones, rows stacked with money and state kept), nothing scrolls sideways; at 1366 px every
 * column, Actions included, fits without a sideways scroll. Axe is clean at both sizes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCourse, enrolStudent, findInquiries, sendInquiry, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { IMPORTED_STUDENT, enrolmentsCsv } from '../support/imports';
import { waitForMail } from '../support/mail';
import { ADMIN, signIn } from '../support/staff';

const tag = Date.now().toString(36);
const COURSE = `Cloud Engineering ${tag}`;
const STUDENT = `Asha Realcond ${tag}`;
const EMAIL = `asha.${tag}@example.in`;
const stamp = String(Date.now()).slice(-8);
const CLAIM_UTR = `81${stamp}55`;
const STATEMENT_UTR = `82${stamp}55`;
const STATEMENT_FILE = `statement-${tag}.csv`;
const IMPORT_FILE = `students-${tag}.csv`;
// The server counts days on this machine's clock: the local date, not UTC's.
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv');
const today = new Date();
const ddmmyy = [today.getDate(), today.getMonth() + 1, today.getFullYear() % 100]
  .map((n) => String(n).padStart(2, '0'))
  .join('/');
/** An HDFC export with one credit naming the student. */
const STATEMENT = [
  'HDFC BANK Ltd.,,,,,,',
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
  '********,********,********,********,********,********,********',
  `${ddmmyy},UPI-ASHA REALCOND-payer@ybl-BARB0AMARJY-${STATEMENT_UTR}-fees,0000${STATEMENT_UTR},${ddmmyy},,1234.00,"1,00,000.00"`,
  '',
].join('\r\n');
/** One student to import, laid out as the template. */
const importFile = () =>
  enrolmentsCsv([
    {
      ...IMPORTED_STUDENT,
      externalId: `rc-${tag}`,
      name: `Imported Realcond ${tag}`,
      email: `imported.${tag}@example.in`,
      phoneNumber: '9812300003',
      course: COURSE,
    },
  ]);

interface ListScreen {
  name: string;
  path: string;
  heading: string | RegExp;
  /** The first row, on a phone. */
  firstRow: (page: Page) => Locator;
  /** Whether the screen has filters that fold, and a URL setting one of them. */
  filtered?: string;
  /** What the grid must show at 1366 px (the last column). */
  grid: boolean;
  /** A screen whose form comes first on a phone (the import's log sits below its form). */
  formFirst?: boolean;
}

const stackedRow = (page: Page) => page.getByTestId('list-row').first();
const LISTS: ListScreen[] = [
  {
    name: 'enrolments',
    path: '/student-enrollments',
    heading: 'Student Enrollments',
    firstRow: stackedRow,
    filtered: '/student-enrollments?status=pending',
    grid: true,
  },
  {
    name: 'inquiries',
    path: '/student-inquires',
    heading: 'Student Inquiries',
    firstRow: stackedRow,
    filtered: '/student-inquires?from=2020-01-01',
    grid: true,
  },
  {
    name: 'courses',
    path: '/courses',
    heading: 'Courses',
    firstRow: stackedRow,
    filtered: '/courses?active=true',
    grid: true,
  },
  { name: 'staff', path: '/staff', heading: 'Staff', firstRow: stackedRow, grid: true },
  {
    name: 'follow-ups',
    path: '/follow-ups',
    heading: 'My follow-ups',
    firstRow: (page) => page.getByRole('link', { name: STUDENT, exact: true }).first(),
    grid: false,
  },
  {
    name: 'payments register',
    path: '/payments',
    heading: 'Payments',
    firstRow: stackedRow,
    filtered: '/payments?mode=cash',
    grid: true,
  },
  {
    name: 'collections',
    path: '/collections',
    heading: 'Collections',
    // The most overdue student comes first, whoever it is.
    firstRow: (page) => page.getByRole('region', { name: 'Overdue students, scrollable' }).getByRole('row').nth(1),
    // The age groups stay in view on a phone; the course filter folds (any course id counts).
    filtered: '/collections?courseId=00000000-0000-4000-8000-000000000000',
    grid: false,
  },
  {
    name: 'payment claims',
    path: '/payments-in',
    heading: 'Payments in',
    firstRow: (page) => page.getByRole('main').getByText(CLAIM_UTR).first(),
    grid: false,
  },
  {
    name: 'bank statements',
    // On a phone the claims and the statements are tabs; the URL opens the statements'.
    path: '/payments-in?tab=statements',
    heading: 'Payments in',
    firstRow: (page) => page.getByRole('main').getByText(STATEMENT_FILE).first(),
    grid: false,
  },
  {
    name: "a statement's lines",
    path: '/payments-in?tab=statements',
    heading: 'Payments in',
    firstRow: (page) =>
      page
        .getByRole('main')
        .getByText(new RegExp(`ASHA REALCOND|${STATEMENT_UTR}`))
        .first(),
    grid: false,
  },
  {
    name: 'online payments',
    path: '/online-payments',
    heading: 'Online payments',
    firstRow: (page) => page.getByRole('main').getByText(STUDENT).first(),
    grid: false,
  },
  {
    name: 'imports',
    path: '/import',
    heading: 'Import',
    firstRow: (page) => page.getByRole('main').getByText(IMPORT_FILE).first(),
    grid: false,
    formFirst: true,
  },
];

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

/** Every box on the screen that could scroll sideways (a table's container, a grid) does not. */
async function noBoxScrollsSideways(page: Page, name: string) {
  const wide = await page.getByRole('main').evaluate((main) =>
    Array.from(main.querySelectorAll<HTMLElement>('*'))
      .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1)
      .map(
        (e) => `${e.tagName.toLowerCase()}.${Array.from(e.classList).join('.')}: ${e.scrollWidth} > ${e.clientWidth}`,
      ),
  );
  expect(wide, `${name}: boxes that scroll sideways`).toEqual([]);
}

type Request = Parameters<typeof signInByApi>[0];
const ok = async (response: Awaited<ReturnType<Request['post']>>, status = 200) =>
  expect(response.status(), await response.text()).toBe(status);

/**
 * A row on each money list: a payment (the register), an installment overdue since yesterday
 * (collections), a UPI payment the student reports (claims), a bank statement (statements and its
 * lines), an order to pay online (online payments) and an import (its log).
 */
async function seedMoney(request: Request, auth: Record<string, string>, enrollmentId: string, since: number) {
  const detail = await (await request.get(`/api/student-enrollment/${enrollmentId}`, { headers: auth })).json();
  const [first, second] = detail.data.installments as { _id: string }[];
  await ok(
    await request.put(`/api/student-enrollment-payment/${enrollmentId}/${first!._id}`, {
      headers: auth,
      data: { amount: 1000, paymentMode: 'cash', paidOn: isoDay(0) },
    }),
  );
  await ok(
    await request.put(`/api/student-enrollment-installment/${enrollmentId}/${second!._id}`, {
      headers: auth,
      data: { dueDate: isoDay(-1), reason: 'Agreed with the student' },
    }),
  );
  const mail = await waitForMail({ to: EMAIL, subject: /Your enrolment/, since });
  const token = /\/my\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  await ok(
    await request.post(`/api/student-page-payment-claim/${token}`, {
      data: { installmentNumber: 2, amount: 15000, utr: CLAIM_UTR, paidOn: isoDay(0) },
    }),
    201,
  );
  await ok(await request.post(`/api/student-page-payment/${token}`, { data: { installmentNumber: 2 } }));
  await ok(
    await request.post('/api/bank-statement', {
      headers: auth,
      multipart: { file: { name: STATEMENT_FILE, mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) } },
    }),
    201,
  );
  await ok(
    await request.post('/api/import', {
      headers: auth,
      multipart: {
        kind: 'enrollments',
        dryRun: 'false',
        file: { name: IMPORT_FILE, mimeType: 'text/csv', buffer: Buffer.from(importFile()) },
      },
    }),
    201,
  );
}

test.describe('list screens on a phone and a laptop', () => {
  test.describe.configure({ timeout: 600_000 });

  test.beforeAll(async ({ request }) => {
    const auth = await signInByApi(request);
    const courseId = await createCourse(request, auth, { name: COURSE, price: 30000, emiPrice: [15000, 15000] });
    const since = Date.now();
    const enrolment = await enrolStudent(request, auth, {
      name: STUDENT,
      email: EMAIL,
      phoneNumber: '9812300001',
      address: '12 MG Road, Pune',
      courseId,
      paymentMethod: 'installment',
    });
    await seedMoney(request, auth, enrolment.id, since);
    await sendInquiry(request, {
      name: STUDENT,
      address: '12 MG Road, Pune',
      email: `asha.inquiry.${tag}@example.in`,
      phoneNumber: '9812300002',
      areaOfInterest: [COURSE],
      reference: 'instagram',
    });
    // A follow-up of the admin's own, later today.
    const [inquiry] = await findInquiries(request, auth, STUDENT);
    const staff = await request.get(`/api/staff?search=${encodeURIComponent(ADMIN.email)}`, { headers: auth });
    const adminId = ((await staff.json()) as { data: { items: { _id: string }[] } }).data.items[0]!._id;
    const given = await request.put(`/api/inquiry-follow-up/${inquiry!._id}`, {
      headers: auth,
      data: { ownerId: adminId, nextFollowUpAt: new Date(Date.now() + 5 * 60_000).toISOString() },
    });
    expect(given.status(), await given.text()).toBe(200);
  });

  test('at 360 × 740 every list shows its first row on the first screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page);
    for (const list of LISTS) {
      await test.step(list.name, async () => {
        await page.goto(list.path);
        await expect(page.getByRole('heading', { name: list.heading, level: 1 })).toBeVisible();
        const row = list.firstRow(page);
        await expect(row).toBeVisible();
        const box = (await row.boundingBox())!;
        // Its first line, at least, is above the fold; a form-first screen keeps its form there instead.
        if (list.formFirst) await expect(page.getByText('Choose a file', { exact: true })).toBeInViewport();
        else expect(box.y + 24, `${list.name}: first row at ${Math.round(box.y)} px`).toBeLessThanOrEqual(740);
        await noSidewaysScroll(page);
        await expectNoAxeViolations(page);
        if (!list.filtered) return;
        await page.goto(list.filtered);
        const filters = page.getByRole('button', { name: 'Filters (1)' });
        await expect(filters).toBeVisible();
        await filters.click();
        await expect(page.getByRole('group', { name: 'Filters' })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
    // The tabs of Payments in: the statements' tab is kept in the URL.
    await page.goto('/payments-in');
    await page.getByRole('tab', { name: 'Bank statements' }).click();
    await expect(page).toHaveURL(/tab=statements/);
    await expect(page.getByRole('heading', { name: 'Bank statements', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment claims', level: 2 })).toHaveCount(0);
    await page.getByRole('tab', { name: /^Claims/ }).click();
    await expect(page.getByRole('main').getByText(CLAIM_UTR).first()).toBeVisible();
    // Money and state stay on a phone: the enrolment's row says what is outstanding and its status.
    await page.goto(`/student-enrollments?search=${encodeURIComponent(STUDENT)}`);
    const row = stackedRow(page);
    await expect(row.getByText('Status')).toBeVisible();
    await expect(row.getByText('Outstanding')).toBeVisible();
    // ₹30,000 less the ₹1,000 paid in cash; the second installment, due yesterday, is overdue.
    await expect(row.getByText(/₹\s?29,000/)).toBeVisible();
    await expect(row.getByText(/Overdue: ₹\s?15,000/)).toBeVisible();
  });

  test('at 1366 px every column, Actions included, fits without a sideways scroll', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page);
    for (const list of LISTS.filter((l) => l.grid)) {
      await test.step(list.name, async () => {
        await page.goto(list.path);
        await expect(page.getByRole('heading', { name: list.heading, level: 1 })).toBeVisible();
        const grid = page.getByRole('grid');
        await expect(grid.getByRole('row').nth(1)).toBeVisible();
        const scroller = grid.locator('.MuiDataGrid-virtualScroller');
        const [scrollWidth, clientWidth] = await scroller.evaluate((e) => [e.scrollWidth, e.clientWidth]);
        expect(scrollWidth, `${list.name} scrolls sideways`).toBeLessThanOrEqual(clientWidth! + 1);
        const actions = grid.getByRole('columnheader', { name: 'Actions' });
        await expect(actions).toBeVisible();
        const box = (await actions.boundingBox())!;
        const gridBox = (await grid.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(gridBox.x + gridBox.width + 1);
        await noSidewaysScroll(page);
        await expectNoAxeViolations(page);
      });
    }
    // A register row's action downloads its receipt.
    await page.goto(`/payments?search=${encodeURIComponent(STUDENT)}`);
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /^Download receipt / })
      .first()
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    for (const list of LISTS.filter((l) => !l.grid)) {
      await test.step(list.name, async () => {
        await page.goto(list.path);
        await expect(page.getByRole('heading', { name: list.heading, level: 1 })).toBeVisible();
        await expect(list.firstRow(page)).toBeVisible();
        await noSidewaysScroll(page);
        await noBoxScrollsSideways(page, list.name);
        await expectNoAxeViolations(page);
      });
    }
  });
});
