/**
 * One inquiry (`/student-inquires/:id`; issue 6): every field, the duplicate badge linking to the
 * earlier inquiry, status change with a note (only the moves INQUIRY_TRANSITIONS allows), the
 * timeline, edit, delete after confirmation, and a button that copies a link to the enrolment
 * form prefilled with the inquirer's name, email and phone.
 */
import { useId, useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  INQUIRY_STATUS_LABELS,
  INQUIRY_TRANSITIONS,
  type InquiryDetail,
  type InquiryStatus,
} from '@registrar/contract/inquiry-admin';
import type { ApiQueryError } from '../../shared/api/base-api';
import { formatDate, formatDateTime } from '../../shared/lib/format-date';
import { requestFailed, requestSucceeded } from '../../shared/state/services-slice';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { REFERENCE_LABELS, WORKING_AS_LABELS } from '../inquiry-form/labels';
import {
  useChangeInquiryStatusMutation,
  useDeleteInquiryMutation,
  useGetInquiryQuery,
  useInquiryAreasOfInterestQuery,
  useInquiryCourseNameQuery,
} from './api/inquiries-api';
import { copyText, enrollmentLink } from './format';
import { RecordHistory } from '../audit/record-history';
import { InquiryEditDialog } from './inquiry-edit-dialog';
import { INQUIRIES_PATH } from './paths';
import { DUPLICATE_COLOURS, DuplicateBadge, StatusChip } from './status-chip';

export const ENROLLMENT_LINK_COPIED = 'Enrolment link copied';
const NOTE_MAX = 1000;

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A definition list of the inquiry's fields; empty ones say so. */
function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 200px) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1.5 },
        '& dt': { fontWeight: 600, color: 'text.secondary', mt: { xs: 1.25, sm: 0 } },
        '& dd': { m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>
            {value === '' || value === null || value === undefined ? (
              <Typography component="span" color="text.secondary">
                Not given
              </Typography>
            ) : (
              value
            )}
          </dd>
        </Box>
      ))}
    </Box>
  );
}

const EVENT_TITLES: Record<InquiryDetail['history'][number]['kind'], string> = {
  created: 'Inquiry received',
  updated: 'Details edited',
  status_changed: 'Status changed',
  converted: 'Converted: enrolled',
};

function Timeline({ history }: { history: InquiryDetail['history'] }) {
  const events = [...history].sort((a, b) => b.at.localeCompare(a.at));
  if (events.length === 0) return <Typography color="text.secondary">Nothing has happened yet.</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Timeline, newest first">
      {events.map((event) => (
        <Box
          component="li"
          key={event._id}
          sx={{
            position: 'relative',
            pl: 3,
            pb: 2,
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 5,
              top: 8,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: 'primary.main',
            },
            '&:not(:last-of-type)::after': {
              content: '""',
              position: 'absolute',
              left: 9,
              top: 22,
              bottom: 0,
              width: 2,
              bgcolor: 'divider',
            },
          }}
        >
          <Typography sx={{ fontWeight: 600 }}>
            {event.kind === 'status_changed' && event.toStatus
              ? `${event.fromStatus ? INQUIRY_STATUS_LABELS[event.fromStatus] : 'None'} → ${INQUIRY_STATUS_LABELS[event.toStatus]}`
              : EVENT_TITLES[event.kind]}
          </Typography>
          {event.note && (
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', my: 0.5 }}>{event.note}</Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            {event.by ? ` · ${event.by.name}` : event.kind === 'created' ? ' · from the public form' : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function StatusChange({ inquiry }: { inquiry: InquiryDetail }) {
  const id = useId();
  const moves = INQUIRY_TRANSITIONS[inquiry.status];
  const [status, setStatus] = useState<InquiryStatus | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [changeStatus, { isLoading }] = useChangeInquiryStatusMutation();

  if (moves.length === 0)
    return (
      <Typography color="text.secondary">
        This inquiry is {INQUIRY_STATUS_LABELS[inquiry.status].toLowerCase()}: its status cannot change any more.
      </Typography>
    );

  const chosen = status && moves.includes(status) ? status : '';
  const onSubmit = async () => {
    if (!chosen) {
      setError('Choose the new status');
      return;
    }
    setError(null);
    try {
      await changeStatus({ id: inquiry._id, status: chosen, note: note.trim() || undefined }).unwrap();
      setStatus('');
      setNote('');
    } catch (err) {
      setError((err as Partial<ApiQueryError>).message || 'The status could not be changed.');
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Typography id={`${id}-title`} className="visually-hidden" component="span">
        Change status
      </Typography>
      <TextField
        select
        label="New status"
        value={chosen}
        onChange={(event) => {
          setStatus(event.target.value as InquiryStatus | '');
          setError(null);
        }}
        error={Boolean(error) && !chosen}
        helperText={`Now: ${INQUIRY_STATUS_LABELS[inquiry.status]}`}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        fullWidth
      >
        <option value="">Choose…</option>
        {moves.map((move) => (
          <option key={move} value={move}>
            {INQUIRY_STATUS_LABELS[move]}
          </option>
        ))}
      </TextField>
      <TextField
        label="Note (optional)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        helperText={`What was said or agreed. ${note.length}/${NOTE_MAX}`}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" loading={isLoading}>
          Update status
        </Button>
      </Box>
    </Stack>
  );
}

function CourseName({ courseId }: { courseId: string }) {
  const { data: areas } = useInquiryAreasOfInterestQuery();
  const offered = areas?.find((a) => a._id === courseId);
  const { data: course } = useInquiryCourseNameQuery(courseId, { skip: !areas || Boolean(offered) });
  if (offered) return <>{offered.name}</>;
  if (course) return <>{course.name} (no longer offered)</>;
  return <>{areas ? 'A course no longer offered' : '…'}</>;
}

function InquiryView({ inquiry, backTo }: { inquiry: InquiryDetail; backTo: string }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ key: number; open: boolean }>({ key: 0, open: false });
  const [deleting, setDeleting] = useState<{ error: string | null } | null>(null);
  const [deleteInquiry, { isLoading: removing }] = useDeleteInquiryMutation();
  const [manualLink, setManualLink] = useState<string | null>(null);

  const copyLink = async () => {
    const link = enrollmentLink(window.location.origin, inquiry);
    if (await copyText(link)) {
      dispatch(requestSucceeded(ENROLLMENT_LINK_COPIED));
      setManualLink(null);
    } else {
      dispatch(requestFailed('Could not copy: select the link below and copy it yourself'));
      setManualLink(link);
    }
  };

  const confirmDelete = async () => {
    try {
      await deleteInquiry(inquiry._id).unwrap();
      setDeleting(null);
      await navigate(backTo, { replace: true });
    } catch (err) {
      setDeleting({ error: (err as Partial<ApiQueryError>).message || 'The inquiry could not be deleted.' });
    }
  };

  const ids = { details: useId(), status: useId(), timeline: useId() };
  const isFriend = inquiry.reference === 'friend' || Boolean(inquiry.friendName || inquiry.friendWorkingArea);

  return (
    <>
      <Stack spacing={1.5} sx={{ mb: 3 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ overflowWrap: 'anywhere', minWidth: 0, fontSize: { xs: '1.75rem', sm: '2rem' } }}
          >
            {inquiry.name}
          </Typography>
          <StatusChip status={inquiry.status} size="medium" />
        </Stack>
        <Typography color="text.secondary">Received {formatDateTime(inquiry.createdAt)}</Typography>
        {(inquiry.duplicate || inquiry.duplicateOf) && (
          <Box
            role="note"
            sx={{
              p: 1.5,
              border: 1,
              borderRadius: 1,
              borderColor: DUPLICATE_COLOURS.borderColor,
              bgcolor: DUPLICATE_COLOURS.bgcolor,
              color: 'text.primary',
            }}
          >
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <DuplicateBadge />
              {inquiry.duplicate ? (
                <span>
                  The same email or phone asked before:{' '}
                  <Link component={RouterLink} to={`${INQUIRIES_PATH}/${inquiry.duplicate._id}`}>
                    {inquiry.duplicate.name}, {formatDate(inquiry.duplicate.createdAt)}
                  </Link>
                </span>
              ) : (
                <span>The same email or phone asked before (that inquiry has been deleted).</span>
              )}
            </Stack>
          </Box>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copyLink()}>
            Copy enrolment link
          </Button>
          <Button
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
            onClick={() => setEditing((e) => ({ key: e.key + 1, open: true }))}
          >
            Edit
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => setDeleting({ error: null })}
          >
            Delete
          </Button>
        </Stack>
        {manualLink && (
          <TextField
            label="Enrolment link"
            value={manualLink}
            fullWidth
            autoFocus
            onFocus={(event) => event.target.select()}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        )}
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Section title="Details" id={ids.details}>
          <Fields
            rows={[
              ['Email', <Link href={`mailto:${inquiry.email}`}>{inquiry.email}</Link>],
              ['Phone number', <Link href={`tel:${inquiry.phoneNumber}`}>{inquiry.phoneNumber}</Link>],
              ['Address', inquiry.address],
              ['Currently working as', inquiry.currentlyWorkingAs ? WORKING_AS_LABELS[inquiry.currentlyWorkingAs] : ''],
              ['Currently at', inquiry.currentlyAt],
              [
                'Areas of interest',
                <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {inquiry.areaOfInterest.map((name) => (
                    <Chip key={name} label={name} size="small" variant="outlined" />
                  ))}
                </Stack>,
              ],
              ['Preferred course', inquiry.courseId ? <CourseName courseId={inquiry.courseId} /> : ''],
              ['Reference', REFERENCE_LABELS[inquiry.reference] ?? inquiry.reference],
              ...(isFriend
                ? ([
                    ["Friend's name", inquiry.friendName],
                    ["Friend's working area", inquiry.friendWorkingArea],
                  ] as [string, ReactNode][])
                : []),
              ['Last updated', formatDateTime(inquiry.updatedAt)],
            ]}
          />
        </Section>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Section title="Change status" id={ids.status}>
            <StatusChange key={inquiry.status} inquiry={inquiry} />
          </Section>
          <Section title="Timeline" id={ids.timeline}>
            <Timeline history={inquiry.history} />
          </Section>
          <RecordHistory entityId={inquiry._id} />
        </Stack>
      </Box>

      <InquiryEditDialog
        key={editing.key}
        open={editing.open}
        inquiry={inquiry}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`Delete the inquiry from “${inquiry.name}”?`}
        description="The inquiry and its timeline will be removed. This cannot be undone."
        error={deleting?.error}
        confirmLabel="Delete"
        destructive
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

export function InquiryDetailScreen() {
  const { id = '' } = useParams();
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';
  const backTo = `${INQUIRIES_PATH}${listSearch}`;
  const { data, error, isError, isFetching, refetch } = useGetInquiryQuery(id, { skip: !id });

  let body: ReactNode;
  if (data && data._id === id) body = <InquiryView key={data._id} inquiry={data} backTo={backTo} />;
  else if (isError) {
    const failure = error as Partial<ApiQueryError>;
    body =
      failure.status === 404 || failure.status === 400 ? (
        <Alert severity="warning">
          <AlertTitle component="h1">Inquiry not found</AlertTitle>
          It may have been deleted.{' '}
          <Link component={RouterLink} to={backTo}>
            Back to the list
          </Link>
        </Alert>
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
              Retry
            </Button>
          }
        >
          <AlertTitle component="h1">The inquiry could not be loaded</AlertTitle>
          {failure.message || 'Something went wrong'}
        </Alert>
      );
  } else
    body = (
      <Box role="status" aria-label="Loading the inquiry">
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
      </Box>
    );

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', minWidth: 0 }}>
      <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
        Student Inquiries
      </Button>
      {body}
    </Box>
  );
}
