/**
 * A dialog that is one form: full screen on a phone, what went wrong above the fields, then Cancel
 * and the action. The action button submits the form, so Enter in a field does the same; while it
 * runs, nothing closes the dialog.
 *
 *   <FormDialog open title="Add course" submitLabel="Save" busy={isLoading} failure={formError}
 *     onSubmit={(e) => void onSubmit(e)} onClose={requestClose}>…fields…</FormDialog>
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  /** What the action does; it describes the dialog to screen readers. */
  description?: ReactNode;
  /** Shown instead of the form when there is nothing to do; the action button goes too. */
  nothingToDo?: ReactNode;
  submitLabel: ReactNode;
  /** The action cannot be taken yet (what it needs is still loading, or there is nothing to send). */
  submitDisabled?: boolean;
  busy: boolean;
  /** Why the last attempt failed, above the form. */
  failure: ReactNode;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}

export function FormDialog({
  open,
  title,
  description,
  nothingToDo,
  submitLabel,
  submitDisabled = false,
  busy,
  failure,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  const id = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent dividers>
        {description && (
          <DialogContentText id={`${id}-description`} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {description}
          </DialogContentText>
        )}
        {nothingToDo ?? (
          <Box
            component="form"
            id={`${id}-form`}
            noValidate
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              onSubmit(event);
            }}
          >
            <Stack spacing={2.5}>
              {failure && <Alert severity="error">{failure}</Alert>}
              {children}
            </Stack>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {!nothingToDo && (
          <Button type="submit" form={`${id}-form`} variant="contained" loading={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
