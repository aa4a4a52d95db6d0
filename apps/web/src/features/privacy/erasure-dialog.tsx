/**
 * Erase a person's data on their request: the dialog says what goes and what stays (the fee
 * ledger, under a pseudonym), asks why, and enables Erase only once the email is typed again, so
 * nobody erases the wrong person with one slip. Focus starts on the reason; Escape cancels. A
 * missing reason is reported on Erase, not when the field is left (leaving it for Cancel must
 * not move the buttons under the pointer).
 */
import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ERASURE_REASON_MAX, PRIVACY_MESSAGES, type ErasureResult } from '@registrar/contract/privacy';
import type { ApiQueryError } from '../../shared/api/base-api';
import { useErasePersonMutation } from './api/privacy-api';

export interface ErasureDialogProps {
  open: boolean;
  /** The person's email, as the records hold it. */
  email: string;
  name: string;
  onClose: () => void;
  onErased: (result: ErasureResult) => void;
}

export function ErasureDialog({ open, email, name, onClose, onErased }: ErasureDialogProps) {
  const id = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState({ reason: false, typed: false });
  const [failure, setFailure] = useState<string | null>(null);
  const [erase, { isLoading }] = useErasePersonMutation();
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase();
  const reasonError = touched.reason && !reason.trim() ? PRIVACY_MESSAGES.reasonRequired : undefined;
  const typedError = touched.typed && typed && !matches ? PRIVACY_MESSAGES.confirmMismatch : undefined;

  const close = () => {
    if (isLoading) return;
    setReason('');
    setTyped('');
    setTouched({ reason: false, typed: false });
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ reason: true, typed: true });
    if (!reason.trim() || !matches) return;
    setFailure(null);
    try {
      const result = await erase({ email, reason: reason.trim() }).unwrap();
      onErased(result.data);
    } catch (err) {
      setFailure((err as Partial<ApiQueryError>).message || 'The data could not be erased. Please try again.');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
    >
      <DialogTitle id={`${id}-title`} sx={{ overflowWrap: 'anywhere' }}>
        Erase the personal data of {name}?
      </DialogTitle>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={`${id}-description`} component="div">
              <p style={{ marginTop: 0 }}>
                Everything held about <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong> is removed:
                enrolments, documents, inquiries, announcements, mail and the email in the audit trail. Enrolments with
                payments stay under a pseudonym with their amounts, dates and receipt numbers, because the accounts must
                be kept.
              </p>
              <p style={{ marginBottom: 0 }}>This cannot be undone.</p>
            </DialogContentText>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="Reason for the erasure"
              required
              multiline
              minRows={2}
              autoFocus
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={Boolean(reasonError)}
              helperText={
                reasonError ?? 'For example: "Asked by email on 3 March". Do not write the person\'s details here.'
              }
              slotProps={{ htmlInput: { maxLength: ERASURE_REASON_MAX } }}
              disabled={isLoading}
            />
            <TextField
              label="Type the email to confirm"
              required
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, typed: true }))}
              error={Boolean(typedError)}
              helperText={typedError ?? email}
              autoComplete="off"
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', inputMode: 'email' } }}
              disabled={isLoading}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={isLoading} disabled={!matches || isLoading}>
            Erase personal data
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
