import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Page } from '@registrar/contract/envelope';
import {
  ResourceList,
  type BulkAction,
  type BulkQuestionAction,
  type ListQueryArgs,
  type ResourceColumn,
} from './resource-list';

configure({ asyncUtilTimeout: 5000 });
afterEach(cleanup);

interface Row {
  _id: string;
  name: string;
}
const PAGE: Page<Row> = {
  items: [1, 2, 3].map((n) => ({ _id: `id-${n}`, name: `Student ${n}` })),
  page: 1,
  limit: 10,
  total: 3,
  totalPages: 1,
};
const columns: ResourceColumn<Row>[] = [{ field: 'name', headerName: 'Name', flex: 1 }];
const useQuery = () => ({ data: PAGE, isLoading: false, isFetching: false, isError: false, refetch: () => undefined });

function setup(actions: BulkAction[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/students',
        element: (
          <ResourceList<Row, ListQueryArgs>
            title="Students"
            resource={{ noun: { one: 'student', other: 'students' }, useQuery }}
            columns={columns}
            empty={{ title: 'None' }}
            selection={{ rowLabel: (row) => row.name, actions }}
          />
        ),
      },
    ],
    { initialEntries: ['/students'] },
  );
  render(<RouterProvider router={router} />);
}

const remind = (run: BulkQuestionAction['run']): BulkQuestionAction => ({
  key: 'remind',
  label: 'Send reminders',
  question: (n) => `Send reminders to ${n} students?`,
  confirmLabel: 'Send',
  doneLabel: 'sent',
  run,
});

describe('row selection on the shared list', { timeout: 30_000 }, () => {
  it('ticks rows by name, asks with the count, runs on the ticked ids and reports each skip by name', async () => {
    const run = vi.fn(async () => ({ done: 1, skipped: [{ id: 'id-3', reason: 'Already reminded today' }] }));
    setup([remind(run)]);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Student 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Student 3' }));
    expect(screen.getByText('2 selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send reminders' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send reminders to 2 students?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Send reminders: 1 sent, 1 skipped')).toBeTruthy();
    expect(screen.getByText('Student 3: Already reminded today')).toBeTruthy();
    expect(run).toHaveBeenCalledWith(['id-1', 'id-3'], {});
    // Done: the selection is cleared.
    expect(screen.queryByText('2 selected')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select Student 1' }) as HTMLInputElement).checked).toBe(false);
  });

  it('selects every row on the page at once, and clears them', async () => {
    setup([remind(async () => ({ done: 3, skipped: [] }))]);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText('3 selected')).toBeNull();
  });

  it('keeps the action waiting for its fields', async () => {
    const run = vi.fn(async () => ({ done: 1, skipped: [] }));
    setup([
      {
        ...remind(run),
        fields: (values, set) => (
          <input aria-label="Title" value={values.title ?? ''} onChange={(e) => set('title', e.target.value)} />
        ),
        ready: (values) => Boolean(values.title),
      },
    ]);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Student 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send reminders' }));
    const dialog = await screen.findByRole('alertdialog');
    expect((within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Holiday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Send reminders: 1 sent')).toBeTruthy();
    expect(run).toHaveBeenCalledWith(['id-2'], { title: 'Holiday' });
  });

  it('has no checkboxes for a role with no bulk action', async () => {
    setup([]);
    await screen.findByText('Student 1');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
