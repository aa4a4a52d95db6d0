/**
 * Asks before anything is destroyed or thrown away. Focus starts on the safe choice
 * (Cancel), Escape cancels, and while the action runs the dialog stays open with a spinner so a
 * failure can be shown where the user is looking (`error`).
 *
 *   <ConfirmDialog open={Boolean(target)} title={`Delete “${target.name}”?`}
 *     description="This cannot be undone." confirmLabel="Delete" destructive
 *     busy={isLoading} error={failure} onConfirm={remove} onClose={() => setTarget(null)} />
 */
import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** The button that does it, named for what it does: "Delete", "Discard changes". */
  confirmLabel: string;
  cancelLabel?: string;
  /** Paints the confirm button as a danger (red). */
  destructive?: boolean;
  /** The action is running: the confirm button spins and nothing else can be pressed. */
  busy?: boolean;
  /** Why the action failed, shown inside the dialog. */
  error?: ReactNode;
  /** Leave out the confirm button (e.g. the action turned out to be impossible). */
  hideConfirm?: boolean;
  /** The confirm button waits for what the dialog asks (a field to fill in). */
  confirmDisabled?: boolean;
  /** Another way out, shown before Cancel (e.g. "Deactivate instead"). */
  extraAction?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  error,
  hideConfirm = false,
  confirmDisabled = false,
  extraAction,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
      aria-describedby={description || error ? `${id}-description` : undefined}
      slotProps={{ paper: { role: 'alertdialog' } }}
    >
      <DialogTitle id={`${id}-title`} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      {(description || error) && (
        <DialogContent id={`${id}-description`}>
          {description &&
            (typeof description === 'string' ? <DialogContentText>{description}</DialogContentText> : description)}
          {error && (
            <Alert severity="error" sx={{ mt: description ? 2 : 0 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {extraAction}
        <Button onClick={onClose} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        {!hideConfirm && (
          <Button
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            onClick={onConfirm}
            loading={busy}
            disabled={busy || confirmDisabled}
          >
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
