/**
 * "Bulk announcement" for the enrolments screen: a title and a message to every
 * enrolment of a course (or of all courses) in a status — approved unless chosen otherwise. Before
 * anything is sent the server counts the recipients (a dry run, asked again whenever a filter
 * changes) and the dialog says "This will be sent to N students"; the send button repeats the
 * number, and with no recipient it stays off. Mount it with a new `key` for each opening.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ENROLLMENT_STATUSES,
  ENROLLMENT_STATUS_LABELS,
  type EnrollmentStatus,
} from '@registrar/contract/enrollment-admin';
import type { ApiQueryError } from '../../shared/api/base-api';
import { useGetCoursesQuery } from '../../shared/api/course-list-api';
import { formatCount } from '../../shared/lib/format-number';
import { FormDialog } from '../../shared/ui/form-dialog';
import { useAnnounceToManyMutation, useCountRecipientsQuery } from './api/announcements-api';
import { AnnouncementFields } from './announcement-fields';
import { DiscardAnnouncementDialog, useAnnouncementForm } from './announcement-form';
import { ChoiceField } from '../../shared/form/choice-field';
import { FieldGroup } from '../../shared/form/field-group';

export const DEFAULT_BULK_STATUS: EnrollmentStatus = 'approved';

export const students = (n: number) => `${formatCount(n)} ${n === 1 ? 'student' : 'students'}`;

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
  const [courseId, setCourseId] = useState(initialCourseId ?? '');
  const [status, setStatus] = useState<EnrollmentStatus>(initialStatus ?? DEFAULT_BULK_STATUS);
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

  const known = !counting && !countFailed && count !== undefined;
  const canSend = known && count > 0;
  const form = useAnnouncementForm({
    send: (text) => announceToMany({ ...text, status, ...(courseId ? { courseId } : {}) }).unwrap(),
    sending,
    canSend,
    onClose,
  });

  // A course the list filtered by but that is not (yet) among the options still shows as chosen.
  const courseOptions = courses?.items ?? [];
  const unknownCourse = courseId && !courseOptions.some((c) => c._id === courseId);

  return (
    <>
      <FormDialog
        open={open}
        title="Bulk announcement"
        submitLabel={canSend ? `Send to ${students(count)}` : 'Send'}
        submitDisabled={!canSend}
        busy={sending}
        failure={form.formError}
        onSubmit={(e) => void form.onSubmit(e)}
        onClose={form.requestClose}
      >
        <FieldGroup legend="Recipients">
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
            <ChoiceField
              native
              label="Enrolment status"
              choices={ENROLLMENT_STATUSES}
              labels={ENROLLMENT_STATUS_LABELS}
              value={status}
              onChange={(event) => setStatus(event.target.value as EnrollmentStatus)}
              sx={{ flex: 1, minWidth: 0 }}
            />
          </Stack>
          <Box role="status" aria-live="polite">
            <RecipientCount
              count={count}
              counting={counting}
              failure={countFailed ? (countError as Partial<ApiQueryError>).message || 'Something went wrong' : null}
              onRetry={() => void refetch()}
            />
          </Box>
        </FieldGroup>
        <AnnouncementFields {...form.fields} autoFocus />
      </FormDialog>
      <DiscardAnnouncementDialog {...form.discard} />
    </>
  );
}
