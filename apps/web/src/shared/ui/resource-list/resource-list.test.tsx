import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Button from '@mui/material/Button';
import type { Page } from '@registrar/contract/envelope';
import {
  ResourceList,
  SEARCH_DEBOUNCE_MS,
  type ListQueryArgs,
  type ListQueryResult,
  type ResourceColumn,
} from './resource-list';
import { selectFilter } from './select-filter';
import { parseListParams } from './use-list-params';

configure({ asyncUtilTimeout: 5000 });

interface Row {
  _id: string;
  name: string;
}
type Args = ListQueryArgs & { active?: string };

const TOTAL = 42;
const pageOf = ({ page, limit }: Args, total = TOTAL): Page<Row> => {
  const start = (page - 1) * limit;
  const items = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => ({
    _id: `id-${start + i + 1}`,
    name: `Course ${start + i + 1}`,
  }));
  return { items, page, limit, total, totalPages: Math.ceil(total / limit) };
};

const columns: ResourceColumn<Row>[] = [{ field: 'name', headerName: 'Name', flex: 1 }];

function setup(
  url: string,
  answer: (args: Args) => Partial<ListQueryResult<Row>> = (args) => ({ data: pageOf(args) }),
) {
  const refetch = vi.fn();
  const useQuery = vi.fn((args: Args): ListQueryResult<Row> => ({
    isLoading: false,
    isFetching: false,
    isError: false,
    refetch,
    ...answer(args),
  }));
  const router = createMemoryRouter(
    [
      {
        path: '/courses',
        element: (
          <ResourceList<Row, Args>
            title="Courses"
            resource={{ noun: { one: 'course', other: 'courses' }, useQuery }}
            columns={columns}
            filters={[selectFilter('active', 'Status', 'All', [{ value: 'true', label: 'Active' }])]}
            empty={{ title: 'No courses yet', action: <Button>Add your first course</Button> }}
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  const lastArgs = () => useQuery.mock.calls.at(-1)![0];
  const query = () => new URLSearchParams(router.state.location.search);
  return { router, useQuery, refetch, lastArgs, query };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search courses' }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('parseListParams', () => {
  it('reads page, limit and search, and falls back to the defaults for anything odd', () => {
    expect(parseListParams(new URLSearchParams('page=3&limit=25&search=%20java%20'))).toEqual({
      page: 3,
      limit: 25,
      search: 'java',
      filters: {},
    });
    expect(parseListParams(new URLSearchParams('page=-2&limit=7'))).toMatchObject({ page: 1, limit: 10 });
    expect(parseListParams(new URLSearchParams('page=abc&limit=1000'))).toMatchObject({ page: 1, limit: 10 });
    expect(parseListParams(new URLSearchParams('limit=100&active=true'), ['active'])).toMatchObject({
      limit: 100,
      filters: { active: 'true' },
    });
    expect(parseListParams(new URLSearchParams(`search=${'x'.repeat(150)}`)).search).toHaveLength(100);
  });
});

describe('ResourceList (one list screen, state in the URL)', { timeout: 30_000 }, () => {
  it('asks for the page, limit and search of the URL, and shows the rows', () => {
    const { lastArgs } = setup('/courses?page=2&limit=25&search=java');
    expect(lastArgs()).toEqual({ page: 2, limit: 25, search: 'java' });
    expect(screen.getByRole('heading', { level: 1, name: 'Courses' })).toBeTruthy();
    expect(searchBox().value).toBe('java');
    expect(screen.getByText('Course 26')).toBeTruthy();
    expect(screen.getByText('26–42 of 42')).toBeTruthy();
  });

  it('moves between pages and page sizes through the URL', async () => {
    const { query, lastArgs, router } = setup('/courses');
    expect(lastArgs()).toEqual({ page: 1, limit: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(query().get('page')).toBe('2'));
    expect(lastArgs()).toEqual({ page: 2, limit: 10 });
    expect(screen.getByText('Course 11')).toBeTruthy();

    // Back returns to page 1: each page is a history entry.
    await act(() => router.navigate(-1));
    expect(query().get('page')).toBeNull();
    expect(lastArgs()).toEqual({ page: 1, limit: 10 });
  });

  it('debounces the search by 300 ms, starts again at page 1 and keeps it in the URL', async () => {
    vi.useFakeTimers();
    const { query, useQuery, lastArgs } = setup('/courses?page=3');
    const calls = () => useQuery.mock.calls.map(([args]) => args.search);

    fireEvent.change(searchBox(), { target: { value: 'ja' } });
    fireEvent.change(searchBox(), { target: { value: 'java ' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(calls()).not.toContain('java');
    expect(query().get('search')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(query().get('search')).toBe('java');
    expect(query().get('page')).toBeNull();
    expect(lastArgs()).toEqual({ page: 1, limit: 10, search: 'java' });
    // 'ja' was never sent: only the last value after the pause is.
    expect(calls()).not.toContain('ja');
  });

  it('searches at once on Enter, and clears the search', async () => {
    const { query } = setup('/courses');
    fireEvent.change(searchBox(), { target: { value: 'python' } });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    await waitFor(() => expect(query().get('search')).toBe('python'));
    fireEvent.change(searchBox(), { target: { value: '' } });
    await waitFor(() => expect(query().get('search')).toBeNull());
  });

  it('puts a search from back/forward into the box', async () => {
    const { router } = setup('/courses?search=java');
    await act(() => router.navigate('/courses?search=react'));
    expect(searchBox().value).toBe('react');
  });

  it('keeps filters in the URL and starts again at page 1', async () => {
    const { query, lastArgs } = setup('/courses?page=2');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'true' } });
    await waitFor(() => expect(query().get('active')).toBe('true'));
    expect(query().get('page')).toBeNull();
    expect(lastArgs()).toEqual({ page: 1, limit: 10, active: 'true' });
  });

  it('shows a loading skeleton before the first answer', () => {
    setup('/courses', () => ({ data: undefined, isLoading: true, isFetching: true }));
    expect(screen.getByRole('status', { name: 'Loading courses' })).toBeTruthy();
  });

  it('shows the empty state with its call to action, or a way out of a search that found nothing', async () => {
    cleanup();
    setup('/courses', (args) => ({ data: pageOf(args, 0) }));
    expect(screen.getByRole('heading', { name: 'No courses yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add your first course' })).toBeTruthy();
    cleanup();

    const { query } = setup('/courses?search=zzz', (args) => ({ data: pageOf(args, args.search ? 0 : TOTAL) }));
    expect(screen.getByRole('heading', { name: 'No courses match “zzz”' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(query().get('search')).toBeNull());
    expect(screen.getByText('Course 1')).toBeTruthy();
    expect(searchBox().value).toBe('');
  });

  it('shows the failure with a Retry button', () => {
    const { refetch } = setup('/courses', () => ({
      data: undefined,
      isError: true,
      error: { status: 503, message: 'The database is not reachable right now' },
    }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The courses could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('The database is not reachable right now')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('goes to the last page when the URL points past the end', async () => {
    const { query } = setup('/courses?page=9');
    await waitFor(() => expect(query().get('page')).toBe('5'));
  });
});
