/**
 * Asks before a dialog with unsaved changes closes: closing a clean form just closes, closing a
 * dirty one asks "Discard your changes?" first, and nothing closes while the form is saving.
 *
 *   const guard = useDiscardGuard({ dirty: isDirty, busy: saving, onClose });
 *   <Button onClick={guard.requestClose}>Cancel</Button>
 *   <DiscardChangesDialog {...guard.dialog} description="The changes to this course have not been saved." />
 */
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

export function useDiscardGuard({ dirty, busy, onClose }: { dirty: boolean; busy: boolean; onClose: () => void }) {
  const [asking, setAsking] = useState(false);
  return {
    requestClose: () => {
      if (busy) return;
      if (dirty) setAsking(true);
      else onClose();
    },
    /** For DiscardChangesDialog. */
    dialog: {
      open: asking,
      onDiscard: () => {
        setAsking(false);
        onClose();
      },
      onKeep: () => setAsking(false),
    },
  };
}

export function DiscardChangesDialog({
  open,
  onDiscard,
  onKeep,
  description,
  title = 'Discard your changes?',
  discardLabel = 'Discard changes',
  keepLabel = 'Keep editing',
}: {
  open: boolean;
  onDiscard: () => void;
  onKeep: () => void;
  description: ReactNode;
  title?: string;
  discardLabel?: string;
  keepLabel?: string;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      description={description}
      confirmLabel={discardLabel}
      cancelLabel={keepLabel}
      destructive
      onConfirm={onDiscard}
      onClose={onKeep}
    />
  );
}
