/**
 * The link prompt of the terms editor: one address box that refuses anything but web, email and
 * phone links (no `javascript:`), completes bare addresses, and can remove an existing link.
 */
import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { checkLinkUrl } from './link-url';

export interface LinkDialogProps {
  open: boolean;
  /** The link being edited, if the cursor is on one. */
  initialHref: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}

/** Mount with a new `key` per opening so the box starts from the current link. */
export function LinkDialog({ open, initialHref, onApply, onRemove, onClose }: LinkDialogProps) {
  const id = useId();
  const [value, setValue] = useState(initialHref);
  const [error, setError] = useState<string | null>(null);
  const editing = Boolean(initialHref);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const check = checkLinkUrl(value);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    onApply(check.href);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{editing ? 'Edit link' : 'Add link'}</DialogTitle>
        <DialogContent>
          <TextField
            label="Link address"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? 'A web address (https://…), an email address or a phone number (tel:…).'}
            placeholder="https://"
            autoFocus
            fullWidth
            margin="dense"
            autoComplete="url"
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false, autoCapitalize: 'none' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {editing && (
            <Button color="error" onClick={onRemove} sx={{ mr: 'auto' }}>
              Remove link
            </Button>
          )}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            {editing ? 'Update link' : 'Add link'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
