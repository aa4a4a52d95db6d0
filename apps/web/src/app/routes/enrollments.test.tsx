/**
 * The enrolments list as the route composes it: the fees feature's payment state and the
 * announcements feature's bulk dialog, wired into the list screen.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeServer, json, renderScreens, route } from '../../shared/test/screen-harness';
import { detail } from '../../features/enrollments/fees/test-fixtures';
import { EnrollmentsRoute } from './enrollments';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
