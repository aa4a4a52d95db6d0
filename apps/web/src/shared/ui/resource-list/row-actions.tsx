/**
 * The row actions of the list screens and the confirmation a risky one asks for, in one place:
 *
 *   const deleting = useRowConfirm((row: Course) => deleteCourse(row._id).unwrap(), 'The course could not be deleted.');
 *   columns: [..., actionsColumn((row) => [openRowAction(row.name, open), deleteRowAction(row.name, () => deleting.ask(row))])]
 *   <ConfirmDeleteDialog {...deleting.dialog} title={`Delete “${deleting.target?.name ?? ''}”?`} busy={isLoading} />
 *
 * The dialog stays open while the action runs; a refusal (the server's message, else `failure`)
 * is shown inside it, where the user is looking, and the row stays. A detail screen asks the same
 * way before deleting the record it shows (`ask(record)`).
 */
import { useCallback, useState, type ReactElement } from 'react';
import { GridActionsCellItem, type GridActionsCellItemProps } from '@mui/x-data-grid';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import OpenIcon from '@mui/icons-material/ArrowForward';
import { ConfirmDialog, type ConfirmDialogProps } from '../confirm-dialog';
import type { ResourceColumn } from './list-types';

/** The "Actions" column: the buttons `getActions` gives each row. */
export function actionsColumn<Row extends { _id: string }>(
  getActions: (row: Row) => ReactElement<GridActionsCellItemProps>[],
  minWidth = 100,
): ResourceColumn<Row> {
  return {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    minWidth,
    getActions: ({ row }) => getActions(row),
  };
}

/** Opens the row's record; the label names the row for screen readers ("Open Priya Sharma"). */
export const openRowAction = (name: string, onClick: () => void, icon: ReactElement = <OpenIcon />) => (
  <GridActionsCellItem key="open" icon={icon} label={`Open ${name}`} title="Open" onClick={onClick} />
);

/** Asks to delete the row (`onClick` opens the confirmation, it never deletes at once). */
export const deleteRowAction = (name: string, onClick: () => void) => (
  <GridActionsCellItem
    key="delete"
    icon={<DeleteOutlineIcon />}
    label={`Delete ${name}`}
    title="Delete"
    onClick={onClick}
  />
);

export interface RowConfirm<Target> {
  /** What the open confirmation is about; null when none is open. */
  target: Target | null;
  /** Why the last attempt failed, shown in the dialog. */
  error: string | null;
  ask: (target: Target) => void;
  close: () => void;
  /** What the confirmation dialog needs: spread it onto ConfirmDialog or ConfirmDeleteDialog. */
  dialog: Pick<ConfirmDialogProps, 'open' | 'error' | 'onConfirm' | 'onClose'>;
}

/** Ask first, then `run`; on failure the dialog stays open with the server's message (or `failure`). */
export function useRowConfirm<Target>(run: (target: Target) => Promise<unknown>, failure: string): RowConfirm<Target> {
  const [pending, setPending] = useState<{ target: Target; error: string | null } | null>(null);
  // Stable, so a screen's memoized columns can call `ask` without being rebuilt each render.
  const ask = useCallback((target: Target) => setPending({ target, error: null }), []);
  const close = useCallback(() => setPending(null), []);
  const confirm = async () => {
    if (!pending) return;
    try {
      await run(pending.target);
      setPending(null);
    } catch (err) {
      const message = (err as { message?: string } | undefined)?.message || failure;
      setPending((p) => (p ? { ...p, error: message } : p));
    }
  };
  return {
    target: pending?.target ?? null,
    error: pending?.error ?? null,
    ask,
    close,
    dialog: { open: Boolean(pending), error: pending?.error ?? null, onConfirm: () => void confirm(), onClose: close },
  };
}

/** The confirmation before a row is deleted: a red "Delete", focus on Cancel. */
export function ConfirmDeleteDialog(props: Omit<ConfirmDialogProps, 'confirmLabel'> & { confirmLabel?: string }) {
  return <ConfirmDialog confirmLabel="Delete" destructive {...props} />;
}
