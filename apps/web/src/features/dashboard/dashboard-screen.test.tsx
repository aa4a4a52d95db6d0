import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Dashboard } from '@registrar/contract/dashboard';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { DashboardScreen } from './dashboard-screen';

// MUI takes its time in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const DASHBOARD: Dashboard = {
  period: { key: 'month', from: '2026-11-01', to: '2026-11-26' },
  enrollmentsInPeriod: 4,
  myFollowUps: {
    overdue: 1,
    today: 2,
    first: [
      {
        inquiryId: 'i9',
        name: 'Neha Gupta',
        phoneNumber: '9812345678',
        dueAt: '2026-11-25T04:30:00.000Z',
        lastNote: 'Wants EMI details',
      },
    ],
  },
  enrollmentsByStatus: [
    { key: 'approved', count: 7 },
    { key: 'pending', count: 2 },
  ],
  inquiries: {
    newInPeriod: 5,
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
    convertedInPeriod: 1,
    conversionRateInPeriod: 0.2,
    conversionRate: 0.2,
  },
  money: {
    collectedInPeriod: 12500,
    collectedAllTime: 150000,
    outstandingApproved: 151000.5,
    outstandingPending: 94000,
    outstanding: 245000.5,
    overdueAmount: 30000,
    overdueInstallments: 4,
    unclearedCheques: 2,
    unclearedChequeAmount: 15000,
    creditsToRefund: 0,
    importedInPeriod: 0,
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
    await screen.findByRole('link', { name: /^Overdue \(today\)/ });

    expect(link(/^Overdue \(today\)/).getAttribute('href')).toBe('/student-enrollments?paymentState=overdue');
    expect(link(/^Overdue \(today\)/).textContent).toContain('₹30,000');
    expect(link(/^Overdue \(today\)/).textContent).toContain('4 installments');
    // Outstanding says what it counts: approved enrolments apart from those still pending review.
    expect(link(/^Outstanding, approved/).textContent).toContain('₹1,51,000.50');
    expect(link(/^Outstanding, approved/).getAttribute('href')).toBe('/student-enrollments?paymentState=due');
    expect(link(/^Outstanding, pending review/).textContent).toContain('₹94,000');
    expect(link(/^Outstanding, pending review/).getAttribute('href')).toBe('/student-enrollments?status=pending');
    expect(link(/^Pending 2/).getAttribute('href')).toBe('/student-enrollments?status=pending');
    expect(link(/^Approved 7/).getAttribute('href')).toBe('/student-enrollments?status=approved');
    expect(link(/^Cancelled 0/).getAttribute('href')).toBe('/student-enrollments?status=cancelled');
    expect(link(/^All enrolments 9/).getAttribute('href')).toBe('/student-enrollments');
    expect(link(/^Conversion, all time 20%/).getAttribute('href')).toBe('/student-inquires?status=converted');
    expect(link(/^Conversion, this month 20%/).textContent).toContain('1 of 5 inquiries received enrolled');
    expect(link(/^New enrolments, this month 4/).getAttribute('href')).toBe('/student-enrollments');
    // Who may decide opens the review queue itself.
    expect(link(/^Pending review, today 2/).getAttribute('href')).toBe('/student-enrollments/queue');
    // The period's own dates, as the server sent them, filter the list a figure opens.
    expect(link(/^New inquiries, this month 5/).getAttribute('href')).toBe(
      '/student-inquires?from=2026-11-01&to=2026-11-26',
    );
    const collected = link(/^Collected, this month ₹12,500/);
    expect(collected.getAttribute('href')).toBe('/api/payments/export.csv?from=2026-11-01&to=2026-11-26');
    expect(collected.hasAttribute('download')).toBe(true);
    expect(link(/^Collected, all time ₹1,50,000/)).toBeTruthy();
    expect(screen.getByText(/^Figures for 1 Nov 2026 to 26 Nov 2026/)).toBeTruthy();

    // The short lists link to their records.
    const overdue = screen.getByRole('table', { name: 'Most overdue installments' });
    expect(within(overdue).getByRole('link', { name: 'Meena Iyer' }).getAttribute('href')).toBe(
      '/student-enrollments/e2',
    );
    expect(within(overdue).getByText('₹12,000')).toBeTruthy();
    const latest = screen.getByRole('table', { name: 'Latest inquiries' });
    expect(within(latest).getByRole('link', { name: 'Anil Shah' }).getAttribute('href')).toBe('/student-inquires/i1');
  });

  it('shows credits to refund as a figure that opens their list on the collections screen', async () => {
    fakeServer(() => ok({ ...DASHBOARD, money: { ...DASHBOARD.money, creditsToRefund: 3000 } }));
    renderScreen(<DashboardScreen />, { path: '/dashboard' });
    const credits = await screen.findByRole('link', { name: /^Credits to refund \(today\) ₹3,000/ });
    expect(credits.getAttribute('href')).toBe('/collections#credits-to-refund');
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
    await screen.findByRole('link', { name: /^Overdue \(today\)/ });
    expect(requests.filter((r) => r.url.pathname === '/api/dashboard')).toHaveLength(2);
  });

  it('says there is nothing to count yet on a new install', async () => {
    fakeServer(() =>
      ok({
        ...DASHBOARD,
        enrollmentsByStatus: [],
        inquiries: { ...DASHBOARD.inquiries, byStatus: [], byReference: [], total: 0, converted: 0, conversionRate: 0 },
        money: {
          collectedInPeriod: 0,
          collectedAllTime: 0,
          outstanding: 0,
          overdueAmount: 0,
          overdueInstallments: 0,
          unclearedCheques: 0,
          unclearedChequeAmount: 0,
        },
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

  it('counts one period for the whole page, chosen at the top and kept in the address', async () => {
    const { requests } = fakeServer(({ url }) =>
      ok(
        url.searchParams.get('period') === 'last-month'
          ? { ...DASHBOARD, period: { key: 'last-month', from: '2026-10-01', to: '2026-10-31' } }
          : DASHBOARD,
      ),
    );
    const { router } = renderScreen(<DashboardScreen />, { path: '/dashboard' });
    await screen.findByRole('link', { name: /^Collected, this month/ });
    expect(requests.at(-1)!.url.searchParams.get('period')).toBe('month');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last month' }));
    await screen.findByRole('link', { name: /^Collected, last month/ });
    expect(router.state.location.search).toBe('?period=last-month');
    expect(requests.at(-1)!.url.searchParams.get('period')).toBe('last-month');
    expect(link(/^New inquiries, last month/).getAttribute('href')).toBe(
      '/student-inquires?from=2026-10-01&to=2026-10-31',
    );
    expect(link(/^Conversion, last month/)).toBeTruthy();
  });

  it("leads each role's dashboard with what it works from", async () => {
    fakeServer(() => ok(DASHBOARD));
    const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    renderScreen(<DashboardScreen />, { path: '/dashboard', role: 'counsellor' });
    await screen.findByRole('link', { name: 'Neha Gupta' });
    expect(headings().slice(0, 2)).toEqual(['Your follow-ups today', 'Admissions, this month']);
    const calls = screen.getByRole('list', { name: 'Your next calls' });
    expect(within(calls).getByText(/Last note: Wants EMI details/)).toBeTruthy();
    expect(within(calls).getByRole('link', { name: 'Call Neha Gupta, 9812345678' }).getAttribute('href')).toBe(
      'tel:+919812345678',
    );
    expect(link(/^Overdue calls \(today\) 1/).getAttribute('href')).toBe('/follow-ups');
    cleanup();

    renderScreen(<DashboardScreen />, { path: '/dashboard', role: 'accountant' });
    await screen.findByRole('link', { name: /^Collected, this month/ });
    expect(headings().slice(0, 2)).toEqual(['Money, this month', 'Fees and dues']);
    // An accountant keeps no calls: no follow-ups of their own on the page.
    expect(screen.queryByRole('heading', { name: 'Your follow-ups today' })).toBeNull();
    // Nor a way into inquiries, which the role cannot open: their figures show, unlinked.
    expect(screen.getByText('New inquiries, this month')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^New inquiries/ })).toBeNull();
    // An accountant cannot decide: the figure opens the pending list, not the queue.
    expect(link(/^Pending review, today 2/).getAttribute('href')).toBe('/student-enrollments?status=pending');
    expect(screen.queryByRole('link', { name: /^Conversion/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Median time to first contact/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Received: / })).toBeNull();
    cleanup();

    renderScreen(<DashboardScreen />, { path: '/dashboard', role: 'admin' });
    await screen.findByRole('link', { name: /^Collected, this month/ });
    expect(headings().slice(0, 3)).toEqual(['Admissions, this month', 'Money, this month', 'Your follow-ups today']);
  });
});
