/**
 * The front desk counted: at 1366 px one counsellor takes a walk-in from the inquiry to an
 * approved, paid and receipted enrolment in at most 12 presses (each click, tick, field and select
 * counted by support/clicks.ts); on a 360 px phone an admin makes ten queue decisions in a row,
 * approvals and rejections mixed, one undone, one rejection of a student who paid that keeps the
 * money as a credit. Axe is clean on each screen.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { addMonths } from '@registrar/contract/fee-plan';
import { localIsoDate } from '@registrar/contract/enrollment';
import { REJECTION_REASONS } from '@registrar/contract/enrollment-admin';
import { createCourse, enrolStudent, findInquiries, sendInquiry, signInByApi, type StaffAuth } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { clickCounter } from '../support/clicks';
import { signInAs, staffWithRole } from '../support/roles';
import { ADMIN } from '../support/staff';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const tag = Date.now().toString(36);

test('a walk-in from the inquiry to enrolled, paid and receipted by one counsellor in at most 12 presses (1366 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const auth = await signInByApi(request);
  const course = `Counted Course ${tag}`;
  await createCourse(request, auth, { name: course, price: 20000, emiPrice: [10000, 10000] });
  const counsellor = await staffWithRole(request, auth, 'counsellor', `counted${tag}`);
  const email = `counted.${tag}@example.in`;
  const name = `Counted Walk In ${tag}`;
  await sendInquiry(request, {
    name,
    address: '3 Brigade Road, Bengaluru',
    email,
    phoneNumber: '9844400001',
    areaOfInterest: [course],
    reference: 'website',
    currentlyWorkingAs: 'college',
    currentlyAt: 'BCom 3rd year',
  });
  const [inquiry] = await findInquiries(request, auth, email);
  await signInAs(page, counsellor);
  await page.goto(`/student-inquires/${inquiry!._id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const clicks = clickCounter();
  await clicks.click(page.getByRole('link', { name: 'Enrol', exact: true }));
  await expect(page.getByRole('heading', { level: 1, name: 'New enrolment' })).toBeVisible();
  await clicks.select(page.getByLabel(/^Course/), { label: course });
  await clicks.fill(page.getByLabel(/^Joining date/), addMonths(localIsoDate(), 1));
  await clicks.check(page.getByRole('checkbox', { name: 'Record the first payment now' }));
  await expect(page.getByLabel(/^Amount/)).toHaveValue('10000');
  await clicks.check(page.getByRole('radio', { name: /accepts them here/ }));
  await expectNoAxeViolations(page);
  await clicks.click(page.getByRole('button', { name: 'Enrol and approve' }));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });

  const receipt = page.getByRole('link', { name: /^Download receipt RCPT-\d{4}-\d+/ }).first();
  await expect(receipt).toBeVisible();
  const download = page.waitForEvent('download');
  await clicks.click(receipt);
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expectNoAxeViolations(page);

  const detail = (
    await (await request.get(`/api/student-enrollment/${page.url().split('/').pop()}`, { headers: auth })).json()
  ).data;
  expect(detail).toMatchObject({ status: 'approved', paidAmount: 10000 });
  expect(detail.payments[0].recordedBy.name).toBe('The counsellor');
  test.info().annotations.push({ type: 'presses', description: String(clicks.count) });
  expect(clicks.count).toBeLessThanOrEqual(12);
});

/** Records ₹2,000 in cash on the enrolment's first installment, as the desk would. */
async function payTwoThousand(request: APIRequestContext, auth: StaffAuth, id: string) {
  const detail = (await (await request.get(`/api/student-enrollment/${id}`, { headers: auth })).json()).data;
  const paid = await request.put(`/api/student-enrollment-payment/${id}/${detail.installments[0]._id}`, {
    headers: auth,
    data: { amount: 2000, paymentMode: 'cash', paidOn: localIsoDate() },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

test('ten queue decisions in a row on a 360 px phone: approvals and rejections, one undone, one paid kept as a credit', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const auth = await signInByApi(request);
  const courseId = await createCourse(request, auth, { name: `Ten ${tag}`, price: 10000, emiPrice: [10000] });
  // A = approve, R = reject; the third is approved, undone, then rejected; the second has paid.
  const plan = ['A', 'R', 'R', 'A', 'A', 'R', 'A', 'R', 'A', 'A'] as const;
  const students: { id: string; name: string }[] = [];
  for (const [i] of plan.entries()) {
    const name = `Ten ${i + 1} ${tag}`;
    const { id } = await enrolStudent(request, auth, {
      name,
      email: `ten${i + 1}.${tag}@example.in`,
      phoneNumber: `98555000${String(i + 10)}`,
      address: '5 Beach Road, Chennai',
      courseId,
      paymentMethod: 'full_payment',
    });
    students.push({ id, name });
  }
  await payTwoThousand(request, auth, students[1]!.id);

  await signInAs(page, ADMIN);
  await page.goto(`/student-enrollments/queue?courseId=${courseId}`);
  await expect(page.getByText('10 enrolments waiting, oldest first.')).toBeVisible();
  const card = (name: string) => page.getByRole('heading', { level: 2, name });
  const approve = page.getByRole('button', { name: 'Approve and next' });
  const reject = page.getByRole('button', { name: 'Reject and next' });
  await expect(card(students[0]!.name)).toBeVisible();
  await expectNoAxeViolations(page);

  for (const [i, decision] of plan.entries()) {
    const { name } = students[i]!;
    await expect(card(name)).toBeVisible();
    await expect(approve).toBeInViewport();
    if (i === 2) {
      // Approved by mistake: Undo brings the card back before anything is sent.
      await approve.click();
      await page
        .locator('.Toastify')
        .getByText(`${name} approved`)
        .locator('..')
        .getByRole('button', { name: 'Undo' })
        .click();
      await expect(card(name)).toBeVisible();
    }
    if (decision === 'A') {
      await approve.click();
    } else {
      await reject.click();
      const dialog = page.getByRole('alertdialog');
      await dialog
        .getByLabel(/^Reason for the rejection/)
        .selectOption(REJECTION_REASONS[i % REJECTION_REASONS.length]!);
      if (i === 1) {
        await expect(dialog.getByText(`${name} has paid ₹2,000. Decide here what becomes of it.`)).toBeVisible();
        await dialog.getByRole('radio', { name: /Keep it as a credit to refund/ }).check();
        await expectNoAxeViolations(page);
      }
      await dialog.getByRole('button', { name: 'Reject and next' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(
      page.locator('.Toastify').getByText(`${name} ${decision === 'A' ? 'approved' : 'rejected'}`),
    ).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Nothing waiting' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Each decision is sent once its 10 seconds for Undo are over.
  const statusOf = async (id: string) =>
    (await (await request.get(`/api/student-enrollment/${id}`, { headers: auth })).json()).data as {
      status: string;
      creditToRefund: number;
    };
  await expect
    .poll(async () => Promise.all(students.map(async (s) => (await statusOf(s.id)).status)), { timeout: 40_000 })
    .toEqual(plan.map((d) => (d === 'A' ? 'approved' : 'rejected')));
  expect((await statusOf(students[1]!.id)).creditToRefund).toBe(2000);
});
