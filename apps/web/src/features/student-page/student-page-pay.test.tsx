/**
 * The student's page after checkout and with installments overdue: a failed payment says so with a
 * retry, a received one links its receipt, overdue installments read "overdue since" and can be
 * paid at once, and receipts list newest first.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { StudentPage } from '@registrar/contract/student-page';
import { activateLanguage } from '../../shared/i18n/i18n';
import { studentPageCatalogue } from '../../shared/i18n/student-page-catalogue';
import { json, mockFetch, renderRoute } from '../../shared/test/route-harness';
import { StudentPageScreen } from './student-page-screen';

const TOKEN = 'x'.repeat(43);
/** Paying online is a chunk of its own, loaded after the page: the first test waits for its import. */
const LAZY = { timeout: 8000 };
const page = (): StudentPage => ({
  enrollmentNumber: 'ENR-2026-0009',
  status: 'approved',
  name: 'Ravi Kumar',
  course: 'Full Stack',
  language: 'en',
  totalFee: 9000,
  paidAmount: 1000,
  outstanding: 8000,
  installments: [
    { number: 1, amount: 3000, paidAmount: 1000, dueDate: '2026-10-10', status: 'overdue', upi: null },
    { number: 2, amount: 3000, paidAmount: 0, dueDate: '2026-11-10', status: 'overdue', upi: null },
    { number: 3, amount: 3000, paidAmount: 0, dueDate: '2027-12-10', status: 'unpaid', upi: null },
  ],
  nextDue: { number: 1, amount: 2000, dueDate: '2026-10-10' },
  payments: [
    {
      _id: 'p-old',
      receiptNumber: 'RCPT-2026-000001',
      amount: 500,
      paymentMode: 'cash',
      paidOn: '2026-09-01',
      installmentNumber: 1,
      voided: false,
      invoiceNumber: null,
    },
    {
      _id: 'p-new',
      receiptNumber: 'RCPT-2026-000002',
      amount: 500,
      paymentMode: 'upi',
      paidOn: '2026-09-20',
      installmentNumber: 1,
      voided: false,
      invoiceNumber: null,
    },
  ],
  announcements: [],
  requests: [],
  institute: {
    name: 'Sunrise Computer Academy',
    address: '1 MG Road',
    email: 'office@sunrise.test',
    phone: '9876543210',
  },
  linkExpiresAt: '2027-01-01T00:00:00.000Z',
  onlinePayment: 'simulator',
  claims: [],
  termsToAccept: null,
});

type Answer = { state: 'received' | 'pending' | 'failed'; receiptNumber: string | null; installmentNumber: number };

/** The page at `url`; the order's status answers `answer`, a start answers an order and is noted in `started`. */
const show = (url: string, answer?: Answer) => {
  const started: unknown[] = [];
  mockFetch().mockImplementation(async (input, init) => {
    const path = String(input);
    if (path.includes('/student-page-payment-status/')) return json(200, { success: true, message: '', data: answer });
    if (init?.method === 'POST' && path.includes('/student-page-payment/')) {
      started.push(JSON.parse(String(init.body)));
      return json(200, {
        success: true,
        message: '',
        data: {
          gateway: 'simulator',
          orderId: 'order_2',
          amount: 1,
          currency: 'INR',
          keyId: 'k',
          checkoutUrl: '#checkout',
        },
      });
    }
    return json(200, { success: true, message: '', data: page() });
  });
  renderRoute(<StudentPageScreen />, { path: '/my/:token', url });
  return started;
};

beforeEach(async () => {
  localStorage.clear();
  await activateLanguage('en', studentPageCatalogue);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the student's page after checkout, and its overdue installments", () => {
  it('a failed payment reads "no money was taken" with a retry of the same installment, not "pending"', async () => {
    const started = show(`/my/${TOKEN}?order=order_1`, { state: 'failed', receiptNumber: null, installmentNumber: 2 });
    const alert = await screen.findByText('Payment failed — no money was taken. Try again.', {}, LAZY);
    expect(screen.queryByText(/Payment pending/)).toBeNull();
    await act(async () => fireEvent.click(within(alert.parentElement!).getByRole('button', { name: 'Try again' })));
    expect(started).toEqual([{ installmentNumber: 2 }]);
  });

  it('a received payment links its receipt from the banner', async () => {
    show(`/my/${TOKEN}?order=order_1`, { state: 'received', receiptNumber: 'RCPT-2026-000002', installmentNumber: 1 });
    const banner = (await screen.findByText(/Payment received — receipt RCPT-2026-000002/, {}, LAZY)).closest('p')!;
    const link = within(banner).getByRole('link', { name: 'Download receipt RCPT-2026-000002' });
    expect(link.getAttribute('href')).toBe(`/api/student-page-receipt/${TOKEN}/p-new?lang=en`);
  });

  it('"Pay all overdue" pays the sum of the overdue installments as one payment', async () => {
    const started = show(`/my/${TOKEN}`);
    const all = await screen.findByRole('button', { name: 'Pay all overdue (₹5,000)' }, LAZY);
    await act(async () => fireEvent.click(all));
    expect(started).toEqual([{ allOverdue: true }]);
  });

  it('overdue installments read "Overdue since", and receipts list newest first', async () => {
    show(`/my/${TOKEN}`);
    expect(await screen.findByText('Installment 1: ₹2,000, overdue since 10 Oct 2026')).toBeTruthy();
    expect(screen.getByText('Overdue since 10 Nov 2026')).toBeTruthy();
    expect(screen.getByText('Due 10 Dec 2027')).toBeTruthy();
    const receipts = screen.getAllByRole('link', { name: /^Download receipt/ }).map((a) => a.textContent);
    expect(receipts).toEqual(['Download receipt RCPT-2026-000002', 'Download receipt RCPT-2026-000001']);
  });
});
