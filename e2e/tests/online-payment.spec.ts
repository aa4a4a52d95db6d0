/**
 * Paying an installment online from the student's page on a 360 px phone, through the built-in
 * simulator (the e2e server runs with PAYMENT_GATEWAY=simulator): Pay, the simulator's page, back
 * to the student's page, and the receipt shown once the signed webhook has been recorded. Then staff
 * refund part of it through the gateway from the enrolment's fees (the simulator makes refunds at
 * once), and the Online payments screen shows the order, its events and the refund. Another
 * student, two installments overdue, fails a payment, tries again and pays both at once.
 */
import { expect, test } from '@playwright/test';
import { FEE_MESSAGES, REFUND_EFFECT_LABELS, REFUND_REQUEST_STATE_LABELS } from '@registrar/contract/fees';
import { localIsoDate } from '@registrar/contract/enrollment';
import { createCourse, enrolStudent, signInByApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { waitForMail } from '../support/mail';
import { fees, payments, toast } from '../support/fees';
import { signIn } from '../support/staff';

const suffix = Date.now().toString(36);
let enrollmentId = '';

test.describe('paying online from the student page', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('pay, the simulator, back to the page, the receipt', async ({ page, request }) => {
    test.slow(); // one long journey on a shared machine
    const auth = await signInByApi(request);
    const courseId = await createCourse(request, auth, {
      name: `Online Pay Course ${suffix}`,
      price: 40000,
      emiPrice: [25000, 15000],
    });
    const email = `online.pay.${suffix}@example.com`;
    const since = Date.now();
    ({ id: enrollmentId } = await enrolStudent(request, auth, {
      name: 'Kavya Rao',
      email,
      phoneNumber: `8${String(Date.now()).slice(-9)}`,
      address: '4 Park Street, Kolkata',
      courseId,
      paymentMethod: 'installment',
    }));
    const mail = await waitForMail({ to: email, subject: /Your enrolment/, since });
    const link = /https?:\/\/[^\s"'<>]+\/my\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    await page.goto(link!);

    await expect(page.getByRole('heading', { level: 2, name: 'Pay online' })).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: 'Simulator' })).toBeVisible();
    await expectNoAxeViolations(page);
    const payFirst = page.getByRole('button', { name: 'Pay ₹25,000 online' });
    await expect(page.getByRole('button', { name: 'Pay ₹15,000 online' })).toBeVisible();
    await payFirst.focus();
    await page.keyboard.press('Enter');

    // The simulator's own checkout page says what it is.
    await expect(page.getByRole('heading', { level: 1, name: 'Payment simulator' })).toBeVisible();
    await expect(page.getByText('no real money moves')).toBeVisible();
    await expect(page.getByText('₹25,000')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the student's page: pending until recorded, then the receipt, without a reload.
    await expect(page).toHaveURL(/\/my\/[A-Za-z0-9_-]{43}/);
    const received = page.getByRole('status').filter({ hasText: /Payment received — receipt RCPT-/ });
    await expect(received).toBeVisible({ timeout: 15_000 });
    const receipt = /RCPT-[\w-]+/.exec((await received.textContent()) ?? '')?.[0];
    await expect(received.getByRole('link', { name: `Download receipt ${receipt}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay ₹25,000 online' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay ₹15,000 online' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});

test.describe('a failed payment, a retry, and paying all overdue at once', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('Fail says no money was taken; Try again pays every overdue installment in one payment, its receipt first', async ({
    page,
    request,
  }) => {
    test.slow();
    const auth = await signInByApi(request);
    const courseId = await createCourse(request, auth, {
      name: `Overdue Pay Course ${suffix}`,
      price: 30000,
      emiPrice: [10000, 10000, 10000],
    });
    const email = `overdue.pay.${suffix}@example.com`;
    const since = Date.now();
    const { id } = await enrolStudent(request, auth, {
      name: 'Arjun Nair',
      email,
      phoneNumber: `7${String(Date.now()).slice(-9)}`,
      address: '9 Beach Road, Chennai',
      courseId,
      paymentMethod: 'installment',
    });
    const detail = await (await request.get(`/api/student-enrollment/${id}`, { headers: auth })).json();
    for (const [index, days] of [
      [0, 40],
      [1, 10],
    ] as const) {
      const moved = await request.put(
        `/api/student-enrollment-installment/${id}/${detail.data.installments[index]._id}`,
        {
          headers: auth,
          data: { dueDate: localIsoDate(new Date(Date.now() - days * 86_400_000)), reason: 'Agreed date' },
        },
      );
      expect(moved.status(), await moved.text()).toBe(200);
    }
    const mail = await waitForMail({ to: email, subject: /Your enrolment/, since });
    const link = /https?:\/\/[^\s"'<>]+\/my\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    await page.goto(link!);

    // The institute's name wraps rather than being cut.
    await expect(page.locator('.public-brand')).toHaveCSS('white-space', 'normal');
    await expect(page.getByText(/^Installment 1: ₹10,000, overdue since /)).toBeVisible();
    await expect(page.getByText(/^Overdue since /)).toHaveCount(2);
    await page.getByRole('button', { name: 'Pay all overdue (₹20,000)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment simulator' })).toBeVisible();
    await expect(page.getByText('₹20,000')).toBeVisible();
    await page.getByRole('button', { name: 'Fail' }).click();

    const declined = page.getByRole('alert').filter({ hasText: 'Payment failed — no money was taken. Try again.' });
    await expect(declined).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Payment pending/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await declined.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment simulator' })).toBeVisible();
    await expect(page.getByText('₹20,000')).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    const received = page.getByRole('status').filter({ hasText: /Payment received — receipt RCPT-/ });
    await expect(received).toBeVisible({ timeout: 15_000 });
    const receipt = /RCPT-\d{4}-\d{6}/.exec((await received.textContent()) ?? '')![0];
    await expect(received.getByRole('link', { name: `Download receipt ${receipt}` })).toBeVisible();
    await expect(page.getByText(/^Overdue since /)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Pay all overdue/ })).toHaveCount(0);
    const newest = page.getByRole('region', { name: 'Payments' }).getByRole('listitem').first();
    await expect(newest).toContainText(receipt);
    await expect(newest).toContainText('₹20,000');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});

test.describe('refunding the online payment through the gateway', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the dialog asks the gateway; the refund shows with its state and enters the ledger', async ({ page }) => {
    test.slow();
    await signIn(page);
    await page.goto(`/student-enrollments/${enrollmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kavya Rao' })).toBeVisible({ timeout: 20_000 });
    const paid = payments(page).getByRole('listitem').first();
    const receipt = /RCPT-\d{4}-\d{6}/.exec((await paid.textContent()) ?? '')![0];
    await paid.getByRole('button', { name: `Refund receipt ${receipt}` }).click();
    const dialog = page.getByRole('dialog', { name: `Refund receipt ${receipt}` });
    await expect(dialog.getByText(/the payment gateway is asked to send the money back/)).toBeVisible();
    await expect(dialog.getByLabel(/^Refunded on/)).toHaveCount(0);
    await dialog.getByRole('spinbutton', { name: /^Amount/ }).fill('5000');
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Paid for the wrong batch');
    await dialog.getByRole('radio', { name: new RegExp(`^${REFUND_EFFECT_LABELS['owed-again']}`) }).check();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Ask the gateway to refund' }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(toast(page, new RegExp(`^${FEE_MESSAGES.refundRequested}`))).toBeVisible();
    const atGateway = fees(page).getByRole('list', { name: 'Refunds at the gateway, newest first' });
    await expect(atGateway.getByRole('listitem').first()).toContainText(REFUND_REQUEST_STATE_LABELS.processed);
    await expect(atGateway.getByRole('listitem').first()).toContainText(/recorded as RFND-\d{4}-\d{6}/);
    await expect(paid).toContainText('₹5,000 refunded');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});

test.describe('the Online payments screen', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('shows the orders with their state and the events received', async ({ page }) => {
    await signIn(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Money' }).click();
    await menu.getByRole('link', { name: /Online payments/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Online payments' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/Students pay through the simulator/)).toBeVisible();
    const orders = page.getByRole('table', { name: 'Orders' });
    await expect(orders.getByRole('row').filter({ hasText: 'Kavya Rao' }).first()).toContainText('Paid');
    const events = page.getByRole('table', { name: 'Events received' });
    await expect(events.getByRole('row').filter({ hasText: 'order.paid' }).first()).toContainText('Payment recorded');
    const refunds = page.getByRole('table', { name: 'Refunds at the gateway' });
    await expect(refunds.getByRole('row').filter({ hasText: 'Kavya Rao' }).first()).toContainText(
      REFUND_REQUEST_STATE_LABELS.processed,
    );
    await expectNoAxeViolations(page);
  });
});
