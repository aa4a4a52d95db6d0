/**
 * "Announce" to one student: a title and a message, checked by the contract's
 * `announcementInputSchema`, mailed through the outbox. The server's field errors land on their
 * fields. Mount it with a new `key` for each opening, so it starts empty.
 */
import { useId } from 'react';
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
import { useAnnounceMutation } from './api/announcements-api';
import { AnnouncementFields } from './announcement-fields';
import { DiscardAnnouncementDialog, useAnnouncementForm } from './announcement-form';

export interface AnnounceDialogProps {
  open: boolean;
  enrollment: { _id: string; name: string; email: string };
  onClose: () => void;
}

export function AnnounceDialog({ open, enrollment, onClose }: AnnounceDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  const [announce, { isLoading: sending }] = useAnnounceMutation();
  const form = useAnnouncementForm({
    send: (text) => announce({ enrollmentId: enrollment._id, ...text }).unwrap(),
    sending,
    onClose,
  });

  return (
    <>
      <Dialog
        open={open}
        onClose={form.requestClose}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="sm"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
      >
        <DialogTitle id={`${id}-title`}>Announce to {enrollment.name}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText id={`${id}-description`} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            Emailed to {enrollment.email}. Its delivery shows under Announcements.
          </DialogContentText>
          <Box component="form" id={`${id}-form`} noValidate onSubmit={(e) => void form.onSubmit(e)}>
            <Stack spacing={2.5}>
              {form.formError && <Alert severity="error">{form.formError}</Alert>}
              <AnnouncementFields {...form.fields} />
            </Stack>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={form.requestClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="contained" loading={sending}>
            Send announcement
          </Button>
        </DialogActions>
      </Dialog>
      <DiscardAnnouncementDialog {...form.discard} />
    </>
  );
}
