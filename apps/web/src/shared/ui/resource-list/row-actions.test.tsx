import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfirmDeleteDialog, useRowConfirm } from './row-actions';

afterEach(cleanup);

function Rows({ remove }: { remove: (row: { name: string }) => Promise<unknown> }) {
  const deleting = useRowConfirm(remove, 'The row could not be deleted.');
  return (
    <>
      <button onClick={() => deleting.ask({ name: 'Priya' })}>Delete Priya</button>
      <ConfirmDeleteDialog {...deleting.dialog} title={`Delete “${deleting.target?.name ?? ''}”?`} />
    </>
  );
}

describe('row confirm', () => {
  it('asks first, shows a refusal inside the dialog and keeps it open, closes once deleted', async () => {
    const remove = vi
      .fn<(row: { name: string }) => Promise<unknown>>()
      .mockRejectedValueOnce({ message: 'Has payments' })
      .mockRejectedValueOnce({})
      .mockResolvedValueOnce(undefined);
    render(<Rows remove={remove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Priya' }));
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Delete “Priya”?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Has payments')).toBeTruthy();
    expect(remove).toHaveBeenCalledWith({ name: 'Priya' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The row could not be deleted.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove).toHaveBeenCalledTimes(3);
  });
});
