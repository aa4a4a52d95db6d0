/**
 * "Bulk announcement" for the enrolments screen (issue 9, point 4): a title and a message to every
 * enrolment of a course (or of all courses) in a status — approved unless chosen otherwise. Before
 * anything is sent the server counts the recipients (a dry run, asked again whenever a filter
 * changes) and the dialog says "This will be sent to N students"; the send button repeats the
 * number, and with no recipient it stays off. Mount it with a new `key` for each opening.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { announcementInputSchema } from '@registrar/contract/announcement';
import {
  ENROLLMENT_STATUSES,
  ENROLLMENT_STATUS_LABELS,
  type EnrollmentStatus,
} from '@registrar/contract/enrollment-admin';
import type { ApiQueryError } from '../../shared/api/base-api';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { useGetCoursesQuery } from '../courses/api/courses-api';
import { useAnnounceToManyMutation, useCountRecipientsQuery } from './api/announcements-api';
import { AnnouncementFields, placeFieldErrors, type AnnouncementText } from './announcement-fields';

export const DEFAULT_BULK_STATUS: EnrollmentStatus = 'approved';

export const students = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'student' : 'students'}`;

export interface BulkAnnouncementDialogProps {
  open: boolean;
  onClose: () => void;
  /** Start from the list's own filters, when it has them. */
  initialCourseId?: string | undefined;
  initialStatus?: EnrollmentStatus | undefined;
}

function RecipientCount({
  count,
  counting,
  failure,
  onRetry,
}: {
  count: number | undefined;
  counting: boolean;
  failure: string | null;
  onRetry: () => void;
}) {
  if (failure)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        The recipients could not be counted. {failure}
      </Alert>
    );
  if (counting || count === undefined)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 48 }}>
        <CircularProgress size={18} aria-hidden="true" />
        <Typography>Counting the recipients…</Typography>
      </Stack>
    );
  if (count === 0)
    return (
      <Alert severity="warning">
        No enrolment matches these filters, so nothing would be sent. Choose another course or status.
      </Alert>
    );
  return (
    <Alert severity="info" icon={false} sx={{ fontWeight: 600 }}>
      This will be sent to {students(count)}.
    </Alert>
  );
}

export function BulkAnnouncementDialog({ open, onClose, initialCourseId, initialStatus }: BulkAnnouncementDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  const [courseId, setCourseId] = useState(initialCourseId ?? '');
  const [status, setStatus] = useState<EnrollmentStatus>(initialStatus ?? DEFAULT_BULK_STATUS);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const { data: courses, isError: coursesFailed } = useGetCoursesQuery({ page: 1, limit: 100 }, { skip: !open });
  const {
    data: count,
    isFetching: counting,
    isError: countFailed,
    error: countError,
    refetch,
  } = useCountRecipientsQuery(
    { status, ...(courseId ? { courseId } : {}) },
    { skip: !open, refetchOnMountOrArgChange: true },
  );
  const [announceToMany, { isLoading: sending }] = useAnnounceToManyMutation();

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
  const known = !counting && !countFailed && count !== undefined;
  const canSend = known && count > 0;

  const onSubmit = handleSubmit(async (values) => {
    if (!canSend) return;
    setFormError(null);
    try {
      await announceToMany({ ...values, status, ...(courseId ? { courseId } : {}) }).unwrap();
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

  // A course the list filtered by but that is not (yet) among the options still shows as chosen.
  const courseOptions = courses?.items ?? [];
  const unknownCourse = courseId && !courseOptions.some((c) => c._id === courseId);

  return (
    <>
      <Dialog
        open={open}
        onClose={requestClose}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="sm"
        aria-labelledby={`${id}-title`}
      >
        <DialogTitle id={`${id}-title`}>Bulk announcement</DialogTitle>
        <DialogContent dividers>
          <Box component="form" id={`${id}-form`} noValidate onSubmit={(e) => void onSubmit(e)}>
            <Stack spacing={2.5}>
              {formError && <Alert severity="error">{formError}</Alert>}
              <Box
                component="fieldset"
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 1, pb: 2, m: 0, minWidth: 0 }}
              >
                <Typography component="legend" variant="subtitle1" sx={{ px: 0.5, fontWeight: 600 }}>
                  Recipients
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
                  <TextField
                    select
                    label="Course"
                    value={courseId}
                    onChange={(event) => setCourseId(event.target.value)}
                    helperText={coursesFailed ? 'The courses could not be loaded: all courses.' : undefined}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                    sx={{ flex: 2, minWidth: 0 }}
                  >
                    <option value="">All courses</option>
                    {unknownCourse && <option value={courseId}>The course chosen in the list</option>}
                    {courseOptions.map((c) => (
                      <option key={c._id} value={c._id}>
                        {c.name}
                      </option>
                    ))}
                  </TextField>
                  <TextField
                    select
                    label="Enrolment status"
                    value={status}
                    onChange={(event) => setStatus(event.target.value as EnrollmentStatus)}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                    sx={{ flex: 1, minWidth: 0 }}
                  >
                    {ENROLLMENT_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {ENROLLMENT_STATUS_LABELS[s]}
                      </option>
                    ))}
                  </TextField>
                </Stack>
                <Box role="status" aria-live="polite">
                  <RecipientCount
                    count={count}
                    counting={counting}
                    failure={
                      countFailed ? (countError as Partial<ApiQueryError>).message || 'Something went wrong' : null
                    }
                    onRetry={() => void refetch()}
                  />
                </Box>
              </Box>
              <AnnouncementFields register={register} errors={errors} messageLength={message.length} autoFocus />
            </Stack>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={requestClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="contained" loading={sending} disabled={!canSend}>
            {canSend ? `Send to ${students(count)}` : 'Send'}
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
