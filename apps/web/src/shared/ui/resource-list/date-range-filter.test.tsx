import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useDateRangeEmptyState } from './date-range-filter';

afterEach(cleanup);

/** Shows the empty state the hook gives, as the shared list would. */
function Probe() {
  const { title, description, action } = useDateRangeEmptyState('rows', { title: 'No rows yet' });
  return (
    <>
      <h2>{title}</h2>
      {description && <p>{description}</p>}
      {action}
    </>
  );
}

function setup(url: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { query: () => new URLSearchParams(router.state.location.search) };
}

describe('useDateRangeEmptyState', () => {
  it('is the list’s own empty state when no date is chosen', () => {
    setup('/list?status=new');
    expect(screen.getByRole('heading', { name: 'No rows yet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear dates' })).toBeNull();
  });

  it('says there is nothing in the dates and clears only them (and the page)', () => {
    const { query } = setup('/list?from=2026-03-01&to=2026-02-01&status=new&page=3');
    expect(screen.getByRole('heading', { name: 'No rows in these dates' })).toBeTruthy();
    expect(screen.getByText('Try a wider date range.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(query().toString()).toBe('status=new');
    expect(screen.getByRole('heading', { name: 'No rows yet' })).toBeTruthy();
  });
});
