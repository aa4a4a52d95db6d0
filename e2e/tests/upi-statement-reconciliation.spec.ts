/**
 * UPI money reconciled: a student reports a payment from their page on a phone ("Being
 * checked"); an accountant imports the bank statement at 1366 px — the reported line is recorded
 * by itself, the matched one with "Record all matched", a suggestion is picked, an unknown line
 * ignored — and the screen works at 360 px. Axe finds nothing at each step.
 */
import { expect, test, type Page } from '@playwright/test';
import { createCourse, enrolStudent, signInByApi, type StaffAuth } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { waitForMail } from '../support/mail';
import { signIn } from '../support/staff';

const suffix = Date.now().toString(36);
const stamp = String(Date.now()).slice(-8);
const utr = (n: number) => `9${n}${stamp}`.padEnd(12, '7').slice(0, 12);
const today = new Date();
const ddmmyy = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getFullYear()).slice(2)}`;

/** An HDFC export: account details, the header, the table between rows of stars, a summary. */
const hdfc = (lines: { name: string; utr: string; amount: number; note: string }[]) =>
  [
    'HDFC BANK Ltd.,,,,,,',
    'Account No : 50100012345678,,,,,,',
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    '********,********,********,********,********,********,********',
    ...lines.map(
      (l) =>
        `${ddmmyy},UPI-${l.name}-payer@ybl-BARB0AMARJY-${l.utr}-${l.note},0000${l.utr},${ddmmyy},,${l.amount.toFixed(2)},"1,00,000.00"`,
    ),
    '',
    'STATEMENT SUMMARY  :-',
  ].join('\r\n');

async function enrol(request: Parameters<typeof signInByApi>[0], auth: StaffAuth, courseId: string, name: string) {
  const email = `${name.split(' ')[0]!.toLowerCase()}.payin.${suffix}@example.com`;
  const since = Date.now();
  const student = await enrolStudent(request, auth, {
    name,
    email,
    phoneNumber: `9${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-9)}`,
    address: '12 MG Road, Bengaluru',
    courseId,
    paymentMethod: 'installment',
  });
  return { ...student, email, since };
}

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('a reported UPI payment, a bank statement, and every line recorded once', async ({
  browser,
  request,
}, testInfo) => {
  test.slow();
  const auth = await signInByApi(request);
  const courseId = await createCourse(request, auth, {
    name: `Payments In Course ${suffix}`,
    price: 9000,
    emiPrice: [3000, 3000, 3000],
  });
  const reporter = await enrol(request, auth, courseId, 'Kavya Reddy');
  const matched = await enrol(request, auth, courseId, 'Arjun Mehta');
  const suggested = await enrol(request, auth, courseId, 'Farhan Qureshi');

  // The student, on a phone, reports the payment with its UTR.
  const { baseURL } = testInfo.project.use;
  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true });
  const phone = await phoneContext.newPage();
  const mail = await waitForMail({ to: reporter.email, subject: /Your enrolment/, since: reporter.since });
  const link = /https?:\/\/[^\s"'<>]+\/my\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: 'I have paid' })).toBeVisible();
  await phone.getByLabel('UPI reference (UTR)').fill('123');
  await phone.getByRole('button', { name: 'Report payment' }).click();
  await expect(phone.getByText('A UPI reference (UTR) is 12 digits')).toBeVisible();
  await phone.getByLabel('UPI reference (UTR)').fill(utr(1));
  await phone.getByRole('button', { name: 'Report payment' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'will check your payment' })).toBeVisible();
  await expect(phone.getByText('Being checked')).toBeVisible();
  await fitsWidth(phone, 360);
  await expectNoAxeViolations(phone);
  await phoneContext.close();

  // The accountant's screen at 1366 px.
  const deskContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const desk = await deskContext.newPage();
  await signIn(desk);
  await desk.goto('/payments-in');
  await expect(desk.getByRole('heading', { level: 1, name: 'Payments in' })).toBeVisible();
  await expect(desk.getByText(`UTR ${utr(1)}`)).toBeVisible();
  // The queue shows what the installment already has paid, and whether a bank line holds the UTR.
  const claimRow = desk
    .getByRole('region', { name: 'Payment claims' })
    .getByRole('listitem')
    .filter({ hasText: `UTR ${utr(1)}` });
  await expect(claimRow.getByText('Installment 1: ₹0 of ₹3,000 already paid')).toBeVisible();
  await expect(claimRow.getByText('No bank statement line with this UTR yet')).toBeVisible();
  await expectNoAxeViolations(desk);

  const csv = Buffer.from(
    hdfc([
      { name: 'KAVYA REDDY', utr: utr(1), amount: 3000, note: 'Payment from Phone' },
      { name: 'ARJUN MEHTA', utr: utr(2), amount: 3000, note: `${matched.number} installment 1` },
      { name: 'FARHAN QURESHI', utr: utr(3), amount: 3000, note: 'fees' },
      { name: 'UNKNOWN PAYER', utr: utr(4), amount: 1234.5, note: 'rent' },
    ]),
  );
  await desk
    .getByLabel(/Statement file/)
    .setInputFiles({ name: 'hdfc-statement.csv', mimeType: 'text/csv', buffer: csv });
  await desk.getByRole('button', { name: 'Import statement' }).click();
  await expect(
    desk.getByText('4 credit lines: 1 recorded, 1 matched, 1 with suggestions, 1 not matched.'),
  ).toBeVisible();
  await expect(desk.getByRole('heading', { name: 'Matched — ready to record (1)' })).toBeVisible();
  // Kavya's claim was confirmed by the line with her UTR (other journeys' claims may still wait).
  await expect(desk.getByRole('region', { name: 'Payment claims' }).getByText(`UTR ${utr(1)}`)).toHaveCount(0);
  await expectNoAxeViolations(desk);

  await desk.getByRole('button', { name: 'Record all matched (1)' }).click();
  await expect(desk.getByRole('heading', { name: 'Recorded (2)' })).toBeVisible();
  await expect(desk.getByText('Matched lines recorded: 1')).toBeVisible();
  await desk.getByRole('button', { name: `Record for Farhan Qureshi (${suggested.number}), installment 1` }).click();
  await expect(desk.getByRole('heading', { name: 'Recorded (3)' })).toBeVisible();
  await desk.getByRole('button', { name: /^Ignore row/ }).click();
  await expect(desk.getByRole('heading', { name: 'Ignored (1)' })).toBeVisible();
  await expect(desk.getByText(/^Receipt RCPT-/)).toHaveCount(3);
  await fitsWidth(desk, 1366);
  await expectNoAxeViolations(desk);

  // The same statement again records nothing new.
  const again = await request.post('/api/bank-statement', {
    headers: auth,
    multipart: { file: { name: 'hdfc-statement.csv', mimeType: 'text/csv', buffer: csv } },
  });
  expect(again.status(), await again.text()).toBe(201);
  expect(((await again.json()) as { data: object }).data).toMatchObject({ credits: 4, recorded: 3, matched: 0 });

  // The screen on a phone, with the keyboard.
  await desk.setViewportSize({ width: 360, height: 740 });
  // On a phone the claims and the statements are tabs; the statements' tab is in the URL.
  await desk.goto('/payments-in?tab=statements');
  await expect(desk.getByRole('heading', { name: 'Recorded (3)' })).toBeVisible();
  await fitsWidth(desk, 360);
  await desk.keyboard.press('Tab');
  await expectNoAxeViolations(desk);
  await deskContext.close();
});
