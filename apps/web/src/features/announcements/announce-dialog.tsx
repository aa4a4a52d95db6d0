/**
 * "Announce" to one student (issue 9): a title and a message, checked by the contract's
 * `announcementInputSchema`, mailed through the outbox. The server's field errors land on their
 * fields. Mount it with a new `key` for each opening, so it starts empty.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { announcementInputSchema } from '@registrar/contract/announcement';
import type { ApiQueryError } from '../../shared/api/base-api';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { useAnnounceMutation } from './api/announcements-api';
import { AnnouncementFields, placeFieldErrors, type AnnouncementText } from './announcement-fields';

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
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<AnnouncementText>({
    resolver: zodResolver(announcementInputSchema),
    mode: 'onTouched',
    defaultValues: { title: '', message: '' },
  });
  const message = useWatch({ control, name: 'message' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await announce({ enrollmentId: enrollment._id, ...values }).unwrap();
      onClose();
    } catch (err) {
      const error = err as Partial<ApiQueryError>;
      if (!placeFieldErrors(error.fieldErrors, setError))
        setFormError(error.message || 'The announcement could not be sent.');
    }
  });

  const requestClose = () => {
    if (sending) return;
    if (isDirty) setConfirmDiscard(true);
    else onClose();
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={requestClose}
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
          <Box component="form" id={`${id}-form`} noValidate onSubmit={(e) => void onSubmit(e)}>
            <Stack spacing={2.5}>
              {formError && <Alert severity="error">{formError}</Alert>}
              <AnnouncementFields register={register} errors={errors} messageLength={message.length} />
            </Stack>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={requestClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="contained" loading={sending}>
            Send announcement
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmDiscard}
        title="Discard this announcement?"
        description="What you wrote has not been sent."
        confirmLabel="Discard"
        cancelLabel="Keep writing"
        destructive
        onConfirm={() => {
          setConfirmDiscard(false);
          onClose();
        }}
        onClose={() => setConfirmDiscard(false)}
      />
    </>
  );
}
