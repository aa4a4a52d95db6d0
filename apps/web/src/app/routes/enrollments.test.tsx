/**
 * The enrolments list as the route composes it: the fees feature's payment state and the
 * announcements feature's bulk dialog, wired into the list screen.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import type { Payment } from '@registrar/contract/fees';
import { fakeServer, json, renderScreens, route } from '../../shared/test/screens-harness';
import { EnrollmentsRoute } from './enrollments';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '0195f6a4-6d1e-7a3b-9c2d-000000000001';
const PAYMENT_ID = '0195f6a4-6d1e-7a3b-9c2d-0000000000p1';

const payment = (over: Partial<Payment> = {}): Payment => ({
  _id: PAYMENT_ID,
  installmentId: 'i1',
  installmentNumber: 1,
  amount: 4000.5,
  paymentMode: 'cash',
  paidOn: '2026-03-02',
  reference: 'R-1',
  note: null,
  receiptNumber: 'RCPT-2026-000007',
  recordedBy: { _id: 's1', name: 'Accounts' },
  createdAt: '2026-03-02T10:00:00.000Z',
  voided: false,
  voidReason: null,
  voidedAt: null,
  refunded: 0,
  ...over,
});

const detail = (over: Partial<EnrollmentDetail> = {}): EnrollmentDetail => ({
  _id: ID,
  enrollmentNumber: 'ENR-2026-00042',
  status: 'approved',
  name: 'Priya Sharma',
  email: 'priya@example.com',
  phoneNumber: '9876543210',
  alterNativePhoneNumber: null,
  currentAddress: 'Pune',
  permanentAddress: 'Pune',
  startDate: '2026-03-01',
  endDate: null,
  courseId: 'c1',
  course: { _id: 'c1', name: 'Data Science', price: 30000 },
  currentlyWorking: 'other',
  currentlyWorkingPlace: 'Home',
  currentSem: null,
  designation: null,
  paymentMode: null,
  paymentMethod: 'installment',
  companyAddress: 'Registrar Training Institute, India',
  termsVersion: 1,
  consentedAt: null,
  erasedAt: null,
  totalFee: 30000,
  paidAmount: 4000.5,
  outstanding: 25999.5,
  overdueAmount: 10000,
  paymentState: 'overdue',
  profilePictureUrl: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  documents: [],
  installments: [
    { _id: 'i2', number: 2, amount: 10000, dueDate: '2026-04-01', paidAmount: 0, status: 'overdue' },
    { _id: 'i1', number: 1, amount: 12000, dueDate: '2026-03-01', paidAmount: 4000.5, status: 'partial' },
    { _id: 'i3', number: 3, amount: 8000, dueDate: '2026-05-01', paidAmount: 0, status: 'unpaid' },
  ],
  payments: [payment()],
  announcements: [],
  refunds: [],
  concessions: [],
  concessionTotal: 0,
  history: [],
  inquiryId: null,
  documentsDeletedAt: null,
  ...over,
});

describe('the enrolments list with fees and announcements wired in', () => {
  it('sends the payment filter, shows what is outstanding, exports what is shown, opens the bulk dialog', async () => {
    const row = { ...detail(), outstanding: 25999.5, overdueAmount: 10000, paymentState: 'overdue' as const };
    const server = fakeServer((request) => {
      const { pathname } = request.url;
      if (pathname === '/api/course')
        return json(200, {
          success: true,
          message: '',
          data: { items: [], page: 1, limit: 100, total: 0, totalPages: 0 },
        });
      if (pathname === '/api/bulk-student-enrollment-annocument')
        return json(200, { success: true, message: '', data: { recipients: 2, dryRun: true } });
      return json(200, {
        success: true,
        message: '',
        data: { items: [row], page: 1, limit: 10, total: 1, totalPages: 1 },
      });
    });
    renderScreens(
      [route('/student-enrollments', <EnrollmentsRoute />)],
      '/student-enrollments?paymentState=overdue&status=pending',
    );
    expect(await screen.findByText('Overdue: ₹10,000')).toBeTruthy();
    expect(screen.getByText('₹25,999.50')).toBeTruthy();
    const list = server.requests.find((r) => r.url.pathname === '/api/student-enrollment')!;
    expect(list.url.searchParams.get('paymentState')).toBe('overdue');
    expect((screen.getByRole('combobox', { name: 'Payment' }) as HTMLSelectElement).value).toBe('overdue');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/student-enrollment/export.csv?status=pending&paymentState=overdue',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Bulk announcement' }));
    const d = within(await screen.findByRole('dialog', { name: 'Bulk announcement' }));
    // The dialog starts from the list's status filter.
    expect((d.getByRole('combobox', { name: 'Enrolment status' }) as HTMLSelectElement).value).toBe('pending');
    expect(await d.findByText('This will be sent to 2 students.')).toBeTruthy();
  });
});
