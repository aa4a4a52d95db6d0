/**
 * The shared list on a phone: its filters fold behind one "Filters" button that says how many are
 * set, every row stacks all its columns (money and state included), and a capped total reads
 * "10,000+" in the pager and the status line.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emulatePhone } from '../../test/emulate-phone';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Page } from '@registrar/contract/envelope';
import { ResourceList, type ListQueryArgs, type ResourceColumn } from './resource-list';
import { selectFilter } from './select-filter';

interface Row {
  _id: string;
  name: string;
  fee: number;
}

const columns: ResourceColumn<Row>[] = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'fee', headerName: 'Fee', hideBelow: 'md', valueFormatter: (value: number) => `₹${value}` },
];

function setup(url: string, page: Partial<Page<Row>> = {}) {
  const data: Page<Row> = {
    items: [{ _id: 'a', name: 'Priya Sharma', fee: 30000 }],
    page: 1,
    limit: 10,
    total: 1,
    totalPages: 1,
    ...page,
  };
  const router = createMemoryRouter(
    [
      {
        path: '/list',
        element: (
          <ResourceList<Row, ListQueryArgs>
            title="Enrolments"
            resource={{
              noun: { one: 'enrolment', other: 'enrolments' },
              useQuery: () => ({ data, isLoading: false, isFetching: false, isError: false, refetch: () => {} }),
            }}
            columns={columns}
            filters={[
              selectFilter('status', 'Status', 'All', [{ value: 'paid', label: 'Paid' }]),
              selectFilter('course', 'Course', 'All', [{ value: 'x', label: 'X' }]),
            ]}
            dateFilter="Enrolled"
            empty={{ title: 'None yet' }}
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

describe('the shared list on a phone', () => {
  beforeEach(() => {
    // A 360 px screen: every max-width query matches.
    emulatePhone();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('folds the filters behind one button that counts the active ones', () => {
    setup('/list?status=paid&from=2026-01-01');
    expect(screen.queryByLabelText('Status')).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('paid');
    expect((screen.getByLabelText('Enrolled from') as HTMLInputElement).value).toBe('2026-01-01');
  });

  it('stacks each row with every column, money included', () => {
    setup('/list');
    const row = screen.getAllByRole('listitem')[0]!;
    expect(within(row).getByText('Fee')).toBeTruthy();
    expect(within(row).getByText('₹30000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it('says a capped total is a floor', () => {
    setup('/list', { total: 10_000, totalPages: 1_000, totalIsCapped: true });
    expect(screen.getByText('1–10 of 10,000+')).toBeTruthy();
    expect(screen.getByText('10,000+ enrolments')).toBeTruthy();
  });
});
