/**
 * The front desk and the admin's day in a real browser, at 1366 px and on a 360 px phone:
 * a counsellor opens an inquiry, chooses "Enrol", finds the form filled from it, sets the joining
 * date, takes one document and leaves the others to follow, takes the first payment and chooses
 * "Enrol and approve" with the terms accepted at the desk (or a link sent), and lands on the approved, paid and receipted enrolment; an
 * admin works the pending queue with "Approve and next" and "Reject and next" (confirmed), and
 * the students get their mails. Axe is clean on every screen.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addMonths } from '@registrar/contract/fee-plan';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES, REJECTION_REASONS } from '@registrar/contract/enrollment-admin';
import { createCourse, enrolStudent, findInquiries, sendInquiry, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { waitForMail } from '../support/mail';
import { signInAs, staffWithRole } from '../support/roles';
import { ADMIN } from '../support/staff';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const tag = Date.now().toString(36);
const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 360, height: 740 },
] as const;

let counsellor = { email: '', password: '' };
let courseId = '';
const COURSE = `Front Desk Course ${tag}`;

test.beforeAll(async ({ request }) => {
  const auth = await signInByApi(request);
  courseId = await createCourse(request, auth, { name: COURSE, price: 30000, emiPrice: [15000, 15000] });
  counsellor = await staffWithRole(request, auth, 'counsellor', `frontdesk${tag}`);
});

for (const viewport of VIEWPORTS) {
  test(`the counsellor's Monday: a walk-in inquiry enrolled from the console (${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const auth = await signInByApi(request);
    const email = `walkin.${viewport.name}.${tag}@example.in`;
    const name = `Walk In ${viewport.name} ${tag}`;
    await sendInquiry(request, {
      name,
      address: '7 Residency Road, Bengaluru',
      email,
      phoneNumber: viewport.name === 'phone' ? '9811100001' : '9811100002',
      areaOfInterest: [COURSE],
      reference: 'website',
      currentlyWorkingAs: 'college',
      currentlyAt: 'BCom 3rd year',
    });
    const [inquiry] = await findInquiries(request, auth, email);

    await signInAs(page, counsellor);
    await page.goto(`/student-inquires/${inquiry!._id}`);
    await page.getByRole('link', { name: 'Enrol', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New enrolment' })).toBeVisible();
    await expect(page.getByLabel(/^Full name/)).toHaveValue(name);
    await expect(page.getByLabel(/^Email/)).toHaveValue(email);
    await expect(page.getByLabel(/^Current address/)).toHaveValue('7 Residency Road, Bengaluru');
    // The occupation as the inquiry gave it; no course named, so nothing is chosen for the counsellor.
    await expect(page.getByLabel(/^Currently working at/)).toHaveValue('college');
    await expect(page.getByLabel(/^Currently working place/)).toHaveValue('BCom 3rd year');
    await expect(page.getByLabel(/^Course/)).toHaveValue('');
    await expect(page.getByRole('status', { name: 'Fee schedule' })).toContainText('Choose the course');
    await page.getByLabel(/^Course/).selectOption({ label: COURSE });
    const joining = addMonths(localIsoDate(), 1);
    await page.getByLabel(/^Joining date/).fill(joining);
    await expect(page.getByText(/The first installment falls due on/)).toBeVisible();
    await expect(page.getByRole('status', { name: 'Fee schedule' })).toContainText(
      'Fee schedule: 2 installments, ₹30,000 in all',
    );
    const front = page.locator('input[type=file][data-field=aadharFront]');
    await expect(front).toHaveAttribute('capture', 'environment');
    await front.setInputFiles(fixture('aadhaar-front.png'));
    await expect(page.getByText('aadhaar-front.png')).toBeVisible();
    await expect(page.getByText('To follow', { exact: true })).toHaveCount(2);
    // A counsellor collects fees (fees.collect): the student pays the first installment at the desk.
    await page.getByRole('checkbox', { name: 'Record the first payment now' }).check();
    await expect(page.getByLabel(/^Amount/)).toHaveValue('15000');
    // The terms are on the form: at 1366 px the student accepts them at the desk, on the phone they get the link.
    const atDesk = viewport.name === 'desktop';
    await expect(page.getByRole('heading', { name: /Terms/ })).toBeVisible();
    await page.getByRole('radio', { name: atDesk ? /accepts them here/ : /Send a link/ }).check();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Enrol and approve' }).click();
    await expect(page).toHaveURL(/\/student-enrollments\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/RCPT-\d{4}-\d+/).first()).toBeVisible();
    const enrolment = await request.get(`/api/student-enrollment/${page.url().split('/').pop()}`, { headers: auth });
    const detail = (await enrolment.json()).data;
    expect(detail.status).toBe('approved');
    expect(detail.paidAmount).toBe(15000);
    expect(detail.payments[0].recordedBy.name).toBe('The counsellor');
    await expect(page.getByText(/To follow: Profile picture, Aadhaar card, back/)).toBeVisible();
    await expect(page.getByText(atDesk ? /^At the desk by The counsellor, / : /^Not yet — link sent /)).toBeVisible();
    expect(detail.consentVia).toBe(atDesk ? 'desk' : null);
    await expectNoAxeViolations(page);

    const [converted] = await findInquiries(request, auth, email);
    expect(converted!.status).toBe('converted');
  });
}

for (const viewport of VIEWPORTS) {
  test(`the admin's approvals: the pending queue, approve and next, reject and next (${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const auth = await signInByApi(request);
    const approvedEmail = `approve.${viewport.name}.${tag}@example.in`;
    const rejectedEmail = `reject.${viewport.name}.${tag}@example.in`;
    const queueCourse = await createCourse(request, auth, {
      name: `Queue ${viewport.name} ${tag}`,
      price: 10000,
      emiPrice: [10000],
    });
    const student = (email: string, name: string, phoneNumber: string) => ({
      name,
      email,
      phoneNumber,
      address: '1 Park Street, Kolkata',
      courseId: queueCourse,
      paymentMethod: 'full_payment' as const,
    });
    await enrolStudent(request, auth, student(approvedEmail, `First ${viewport.name}`, '9822200001'));
    await enrolStudent(request, auth, student(rejectedEmail, `Second ${viewport.name}`, '9822200002'));

    await signInAs(page, ADMIN);
    await page.goto(`/student-enrollments/queue?courseId=${queueCourse}`);
    await expect(page.getByText('2 enrolments waiting, oldest first.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `First ${viewport.name}` })).toBeVisible();
    await expect(page.getByRole('list').getByRole('img').first()).toBeVisible();
    // Who the student is, beside the documents, and the decision in view without scrolling.
    await expect(page.getByText('1 Park Street, Kolkata')).toBeVisible();
    await expect(page.getByText('9822200001')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve and next' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Reject and next' })).toBeInViewport();
    await expectNoAxeViolations(page);

    const since = Date.now();
    await page.getByLabel('Message to the student (optional)').fill('Classes start Monday at 10.');
    await page.getByLabel('Internal note (never sent)').fill('Paid at the desk, counsellor checked.');
    await page.getByRole('button', { name: 'Approve and next' }).click();
    const toast = page.locator('.Toastify').getByText(`First ${viewport.name} approved`);
    await expect(toast).toBeVisible();
    await expect(page.locator('.Toastify').getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `Second ${viewport.name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Reject and next' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('The student will be emailed');
    // A rejection needs its reason: refused without one, then a quick pick.
    await dialog.getByRole('button', { name: 'Reject and next' }).click();
    await expect(dialog.getByText(ENROLLMENT_MESSAGES.rejectionReasonRequired)).toBeVisible();
    await dialog.getByLabel(/^Reason for the rejection/).selectOption(REJECTION_REASONS[1]);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Reject and next' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing waiting' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Each decision waits its 10 seconds for Undo, then is sent.
    const approval = await waitForMail({ to: approvedEmail, subject: /is approved/, since, timeoutMs: 40_000 });
    expect(approval.text).toContain('Classes start Monday at 10.');
    expect(approval.text).not.toContain('counsellor checked');
    const rejection = await waitForMail({
      to: rejectedEmail,
      subject: /About your enrolment/,
      since,
      timeoutMs: 40_000,
    });
    expect(rejection.text).toContain(`The reason: ${REJECTION_REASONS[1]}`);
  });
}

test('the status control says the student will be emailed before saving', async ({ page, request }) => {
  const auth = await signInByApi(request);
  const { id } = await enrolStudent(request, auth, {
    name: `Status ${tag}`,
    email: `status.${tag}@example.in`,
    phoneNumber: '9833300001',
    address: '2 Mall Road, Shimla',
    courseId,
    paymentMethod: 'installment',
  });
  await signInAs(page, ADMIN);
  await page.goto(`/student-enrollments/${id}`);
  await page.getByLabel('New status').selectOption('approved');
  await expect(page.getByRole('status').filter({ hasText: 'The student will be emailed' })).toBeVisible();
});
