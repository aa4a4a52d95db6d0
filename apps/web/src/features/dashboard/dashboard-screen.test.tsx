import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Dashboard } from '@registrar/contract/dashboard';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { DashboardScreen } from './dashboard-screen';
import { periodStarts } from './links';

// MUI takes its time in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const DASHBOARD: Dashboard = {
  enrollmentsByStatus: [
    { key: 'approved', count: 7 },
    { key: 'pending', count: 2 },
  ],
  inquiries: {
    newThisWeek: 3,
    newThisMonth: 5,
    byStatus: [
      { key: 'new', count: 4 },
      { key: 'converted', count: 1 },
    ],
    byReference: [
      { key: 'website', count: 3 },
      { key: 'friend', count: 2 },
    ],
    total: 5,
    converted: 1,
    conversionRate: 0.2,
  },
  money: {
    collectedThisMonth: 12500,
    collectedAllTime: 150000,
    outstanding: 245000.5,
    overdueAmount: 30000,
    overdueInstallments: 4,
  },
  monthly: Array.from({ length: 12 }, (_, i) => ({
    month: `2025-${String(i + 1).padStart(2, '0')}`,
    enrollments: i,
    collected: i * 1000,
  })),
  enrollmentsPerCourse: [
    { courseId: 'c1', name: 'Full Stack Java', count: 6 },
    { courseId: 'c2', name: 'Data Science', count: 3 },
  ],
  nextDue: [
    {
      enrollmentId: 'e1',
      name: 'Ravi Kumar',
      enrollmentNumber: 'ENR-0001',
      installmentNumber: 2,
      dueDate: '2030-04-10',
      owed: 5000,
    },
  ],
  mostOverdue: [
    {
      enrollmentId: 'e2',
      name: 'Meena Iyer',
      enrollmentNumber: 'ENR-0002',
      installmentNumber: 1,
      dueDate: '2025-01-10',
      owed: 12000,
    },
  ],
  followUps: {
    bySource: [{ key: 'website', label: 'Our website', total: 3, contacted: 2, converted: 1 }],
    byCounsellor: [
      { key: '6f1c1a52-3f0e-4c55-9a39-1f1d2b0f6a11', label: 'Kavya', total: 4, contacted: 3, converted: 1 },
      { key: 'none', label: 'Nobody', total: 1, contacted: 0, converted: 0 },
    ],
    medianFirstContactMinutes: 125,
    firstContacts: 3,
  },
  latestInquiries: [{ _id: 'i1', name: 'Anil Shah', status: 'new', createdAt: '2026-03-01T10:00:00.000Z' }],
  latestEnrollments: [
    {
      _id: 'e1',
      name: 'Ravi Kumar',
      enrollmentNumber: 'ENR-0001',
      status: 'approved',
      createdAt: '2026-02-01T10:00:00Z',
    },
  ],
};

const ok = (data: unknown) => json(200, { success: true, message: '', data });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link = (name: RegExp) => screen.getByRole('link', { name });

describe('dashboard screen', () => {
  it('shows each figure as a card that opens the list it summarizes, already filtered', async () => {
    fakeServer(() => ok(DASHBOARD));
    renderScreen(<DashboardScreen />, { path: '/dashboard' });
    await screen.findByRole('link', { name: /^Overdue/ });

    expect(link(/^Overdue/).getAttribute('href')).toBe('/student-enrollments?paymentState=overdue');
    expect(link(/^Overdue/).textContent).toContain('₹30,000');
    expect(link(/^Overdue/).textContent).toContain('4 installments');
    expect(link(/^Outstanding/).textContent).toContain('₹2,45,000.50');
    expect(link(/^Outstanding/).getAttribute('href')).toBe('/student-enrollments?paymentState=due');
    expect(link(/^Pending 2/).getAttribute('href')).toBe('/student-enrollments?status=pending');
    expect(link(/^Approved 7/).getAttribute('href')).toBe('/student-enrollments?status=approved');
    expect(link(/^Cancelled 0/).getAttribute('href')).toBe('/student-enrollments?status=cancelled');
    expect(link(/^All enrolments 9/).getAttribute('href')).toBe('/student-enrollments');
    expect(link(/^Conversion rate 20%/).getAttribute('href')).toBe('/student-inquires?status=converted');

    const { today, weekStart, monthStart } = periodStarts();
    expect(link(/^New inquiries this week 3/).getAttribute('href')).toBe(
      `/student-inquires?from=${weekStart}&to=${today}`,
    );
    expect(link(/^New inquiries this month 5/).getAttribute('href')).toBe(
      `/student-inquires?from=${monthStart}&to=${today}`,
    );
    const collected = link(/^Collected this month ₹12,500/);
    expect(collected.getAttribute('href')).toBe(`/api/payments/export.csv?from=${monthStart}&to=${today}`);
    expect(collected.hasAttribute('download')).toBe(true);
    expect(link(/^Collected in all ₹1,50,000/)).toBeTruthy();

    // The short lists link to their records.
    const overdue = screen.getByRole('table', { name: 'Most overdue installments' });
    expect(within(overdue).getByRole('link', { name: 'Meena Iyer' }).getAttribute('href')).toBe(
      '/student-enrollments/e2',
    );
    expect(within(overdue).getByText('₹12,000')).toBeTruthy();
    const latest = screen.getByRole('table', { name: 'Latest inquiries' });
    expect(within(latest).getByRole('link', { name: 'Anil Shah' }).getAttribute('href')).toBe('/student-inquires/i1');
  });

  it('shows the funnel by source and by counsellor and the median time to first contact, each opening its list', async () => {
    fakeServer(() => ok(DASHBOARD));
    renderScreen(<DashboardScreen />, { path: '/dashboard' });
    const median = await screen.findByRole('link', { name: /^Median time to first contact 2 h 5 min/ });
    expect(median.getAttribute('href')).toBe('/student-inquires?contacted=logged');
    const bySource = screen.getByRole('region', { name: 'Funnel by source' });
    expect(within(bySource).getByRole('link', { name: 'Contacted: Our website, 2' }).getAttribute('href')).toBe(
      '/student-inquires?reference=website&contacted=yes',
    );
    const byCounsellor = screen.getByRole('region', { name: 'Funnel by counsellor' });
    expect(within(byCounsellor).getByRole('link', { name: 'Converted: Kavya, 1' }).getAttribute('href')).toBe(
      '/student-inquires?ownerId=6f1c1a52-3f0e-4c55-9a39-1f1d2b0f6a11&ownerName=Kavya&status=converted',
    );
    expect(within(byCounsellor).getByRole('link', { name: 'Received: Nobody, 1' }).getAttribute('href')).toBe(
      '/student-inquires?ownerId=none',
    );
  });

  it('shows each chart’s data as a table on request', async () => {
    fakeServer(() => ok(DASHBOARD));
    renderScreen(<DashboardScreen />, { path: '/dashboard' });

    const perCourse = await screen.findByRole('region', { name: 'Enrolments per course' });
    expect(within(perCourse).getByRole('img', { name: 'Enrolments per course' })).toBeTruthy();
    const toggle = within(perCourse).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const table = within(perCourse).getByRole('table', { name: 'Enrolments per course' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Course', 'Enrolments'],
      ['Full Stack Java', '6'],
      ['Data Science', '3'],
    ]);

    const monthly = screen.getByRole('region', { name: 'Enrolments and collections per month' });
    fireEvent.click(within(monthly).getByRole('button', { name: 'Show as table' }));
    const monthRows = within(within(monthly).getByRole('table')).getAllByRole('row');
    expect(monthRows).toHaveLength(13);
    expect(monthRows[12]!.textContent).toBe('Dec 202511₹11,000');

    const inquiries = screen.getByRole('region', { name: 'Inquiries by source' });
    fireEvent.click(within(inquiries).getByRole('button', { name: 'Show as table' }));
    expect(within(inquiries).getByRole('table').textContent).toContain('Our website360%');
    fireEvent.click(within(inquiries).getByRole('button', { name: 'By status' }));
    const byStatus = screen.getByRole('region', { name: 'Inquiries by status' });
    expect(within(byStatus).getByRole('table').textContent).toContain('Converted120%');
  });

  it('says when it could not load, and retries', async () => {
    let fail = true;
    const { requests } = fakeServer(() =>
      fail ? json(500, { success: false, message: 'Database unavailable', error: 'INTERNAL' }) : ok(DASHBOARD),
    );
    renderScreen(<DashboardScreen />, { path: '/dashboard' });
    expect(screen.getByRole('status', { name: 'Loading the dashboard' })).toBeTruthy();
    await screen.findByText('The dashboard could not be loaded');
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('link', { name: /^Overdue/ });
    expect(requests.filter((r) => r.url.pathname === '/api/dashboard')).toHaveLength(2);
  });

  it('says there is nothing to count yet on a new install', async () => {
    fakeServer(() =>
      ok({
        ...DASHBOARD,
        enrollmentsByStatus: [],
        inquiries: { ...DASHBOARD.inquiries, byStatus: [], byReference: [], total: 0, converted: 0, conversionRate: 0 },
        money: { collectedThisMonth: 0, collectedAllTime: 0, outstanding: 0, overdueAmount: 0, overdueInstallments: 0 },
        monthly: DASHBOARD.monthly.map((m) => ({ ...m, enrollments: 0, collected: 0 })),
        enrollmentsPerCourse: [],
        nextDue: [],
        mostOverdue: [],
        latestInquiries: [],
        latestEnrollments: [],
        followUps: { bySource: [], byCounsellor: [], medianFirstContactMinutes: null, firstContacts: 0 },
      }),
    );
    renderScreen(<DashboardScreen />, { path: '/dashboard' });
    await screen.findByText('Nothing to count yet');
    expect(screen.getByText('Nothing is overdue.')).toBeTruthy();
    expect(screen.getByText('No enrolments or payments in the last 12 months.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
  });
});
