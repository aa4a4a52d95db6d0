/**
 * One enrolment (`/student-enrollments/:id`; issue 7): the photo and every detail, the documents
 * gallery (zoomable images, PDFs in a new tab, SVG only as a download), the fees (FeePanel: schedule,
 * payments, receipts, reminders, statement; issue 8), the announcements (AnnouncementsPanel; issue 9),
 * a status change with a note offering only the moves ENROLLMENT_TRANSITIONS allows, the history,
 * edit (text fields, documents, the authority signature) and delete after confirmation.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  ENROLLMENT_STATUS_LABELS,
  ENROLLMENT_TRANSITIONS,
  type EnrollmentDetail,
  type EnrollmentStatus,
} from '@registrar/contract/enrollment-admin';
import type { ApiQueryError } from '../../shared/api/base-api';
import { formatDate, formatDateTime } from '../../shared/lib/format-date';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { AnnouncementsPanel } from '../announcements/announcements-panel';
import { RecordHistory } from '../audit/record-history';
import { formatRupees } from '../courses/money';
import { FeePanel } from '../enrollment-fees/fee-panel';
import { PAYMENT_METHOD_LABELS, PAYMENT_MODE_LABELS, WORKING_LABELS } from '../enrollment-form/labels';
import {
  useChangeEnrollmentStatusMutation,
  useDeleteEnrollmentMutation,
  useGetEnrollmentQuery,
} from './api/enrollments-api';
import { DocumentsGallery, viewedDocumentLabel } from './documents-gallery';
import { EnrollmentEditDialog } from './enrollment-edit-dialog';
import { ENROLLMENTS_PATH } from './paths';
import { EnrollmentStatusChip } from './status-chip';

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

/** A definition list of the enrolment's fields; empty ones say so. */
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

const EVENT_TITLES: Record<string, string> = {
  created: 'Enrolment received',
  updated: 'Details edited',
  status_changed: 'Status changed',
  document_viewed: 'Document viewed',
  payment_recorded: 'Payment recorded',
  payment_voided: 'Payment voided',
  installment_changed: 'Installment changed',
  payment_alert: 'Payment alert sent',
  payment_reminder: 'Payment reminder sent',
  announcement: 'Announcement',
};

const statusLabel = (status: string | null) =>
  status ? (ENROLLMENT_STATUS_LABELS[status as EnrollmentStatus] ?? status) : 'None';

function History({ enrollment }: { enrollment: EnrollmentDetail }) {
  const events = [...enrollment.history].sort((a, b) => b.at.localeCompare(a.at));
  if (events.length === 0) return <Typography color="text.secondary">Nothing has happened yet.</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="History, newest first">
      {events.map((event) => {
        let title = EVENT_TITLES[event.kind] ?? event.kind.replace(/_/g, ' ');
        let note = event.note;
        if (event.kind === 'status_changed' && event.toStatus)
          title = `${statusLabel(event.fromStatus)} → ${statusLabel(event.toStatus)}`;
        if (event.kind === 'document_viewed') {
          title = `Document viewed: ${viewedDocumentLabel(enrollment.documents, event.note)}`;
          note = null;
        }
        return (
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
            <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
            {note && <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', my: 0.5 }}>{note}</Typography>}
            <Typography variant="body2" color="text.secondary">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              {event.by ? ` · ${event.by.name}` : event.kind === 'created' ? ' · from the public form' : ''}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

function StatusChange({ enrollment }: { enrollment: EnrollmentDetail }) {
  const id = useId();
  const moves = ENROLLMENT_TRANSITIONS[enrollment.status];
  const [status, setStatus] = useState<EnrollmentStatus | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [changeStatus, { isLoading }] = useChangeEnrollmentStatusMutation();

  if (moves.length === 0)
    return (
      <Typography color="text.secondary">
        This enrolment is {ENROLLMENT_STATUS_LABELS[enrollment.status].toLowerCase()}: its status cannot change any
        more.
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
      await changeStatus({ id: enrollment._id, status: chosen, note: note.trim() || undefined }).unwrap();
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
          setStatus(event.target.value as EnrollmentStatus | '');
          setError(null);
        }}
        error={Boolean(error) && !chosen}
        helperText={`Now: ${ENROLLMENT_STATUS_LABELS[enrollment.status]}`}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        fullWidth
      >
        <option value="">Choose…</option>
        {moves.map((move) => (
          <option key={move} value={move}>
            {ENROLLMENT_STATUS_LABELS[move]}
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
        helperText={`Why, or what was agreed. ${note.length}/${NOTE_MAX}`}
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

function EnrollmentView({ enrollment, backTo }: { enrollment: EnrollmentDetail; backTo: string }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ key: number; open: boolean }>({ key: 0, open: false });
  const [deleting, setDeleting] = useState<{ error: string | null } | null>(null);
  const [deleteEnrollment, { isLoading: removing }] = useDeleteEnrollmentMutation();
  const ids = { details: useId(), documents: useId(), status: useId(), history: useId() };
  const e = enrollment;
  const studying = e.currentlyWorking === 'college' || e.currentlyWorking === 'university';

  const confirmDelete = async () => {
    try {
      await deleteEnrollment(e._id).unwrap();
      setDeleting(null);
      await navigate(backTo, { replace: true });
    } catch (err) {
      setDeleting({ error: (err as Partial<ApiQueryError>).message || 'The enrolment could not be deleted.' });
    }
  };

  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar
          src={e.profilePictureUrl ?? undefined}
          alt={`Photo of ${e.name}`}
          sx={{ width: 96, height: 96, fontSize: 36, bgcolor: 'primary.main' }}
        >
          {e.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack spacing={1} sx={{ minWidth: 0, flex: '1 1 240px' }}>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ overflowWrap: 'anywhere', minWidth: 0, fontSize: { xs: '1.75rem', sm: '2rem' } }}
            >
              {e.name}
            </Typography>
            <EnrollmentStatusChip status={e.status} size="medium" />
          </Stack>
          <Typography color="text.secondary">
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary', fontVariantNumeric: 'tabular-nums' }}>
              {e.enrollmentNumber}
            </Box>{' '}
            · {e.course.name} · enrolled {formatDateTime(e.createdAt)}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<EditOutlinedIcon />}
              onClick={() => setEditing((s) => ({ key: s.key + 1, open: true }))}
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
        </Stack>
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Section title="Details" id={ids.details}>
            <Fields
              rows={[
                ['Email', <Link href={`mailto:${e.email}`}>{e.email}</Link>],
                ['Phone number', <Link href={`tel:${e.phoneNumber}`}>{e.phoneNumber}</Link>],
                [
                  'Alternative phone',
                  e.alterNativePhoneNumber ? (
                    <Link href={`tel:${e.alterNativePhoneNumber}`}>{e.alterNativePhoneNumber}</Link>
                  ) : (
                    ''
                  ),
                ],
                ['Current address', e.currentAddress],
                ['Permanent address', e.permanentAddress],
                ['Course', `${e.course.name} (${formatRupees(e.course.price)})`],
                ['Joining date', e.startDate ? formatDate(e.startDate) : ''],
                ['End date', e.endDate ? formatDate(e.endDate) : ''],
                ['Payment method', PAYMENT_METHOD_LABELS[e.paymentMethod]],
                ['Payment mode', e.paymentMode ? PAYMENT_MODE_LABELS[e.paymentMode] : ''],
                ['Currently working at', WORKING_LABELS[e.currentlyWorking]],
                ['Currently working place', e.currentlyWorkingPlace],
                ...(studying ? ([['Current semester', e.currentSem ?? '']] as [string, ReactNode][]) : []),
                ...(e.currentlyWorking === 'company'
                  ? ([['Designation', e.designation ?? '']] as [string, ReactNode][])
                  : []),
                ['Institute address', e.companyAddress],
                ['Terms accepted', e.termsVersion ? `Version ${e.termsVersion}` : ''],
                ['Last updated', formatDateTime(e.updatedAt)],
              ]}
            />
          </Section>
          <Section title="Documents" id={ids.documents}>
            <DocumentsGallery documents={e.documents} />
          </Section>
          <FeePanel enrollment={e} />
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Section title="Change status" id={ids.status}>
            <StatusChange key={e.status} enrollment={e} />
          </Section>
          <AnnouncementsPanel enrollment={e} />
          <Section title="History" id={ids.history}>
            <History enrollment={e} />
          </Section>
          <RecordHistory entityId={e._id} />
        </Stack>
      </Box>

      <EnrollmentEditDialog
        key={editing.key}
        open={editing.open}
        enrollment={e}
        onClose={() => setEditing((s) => ({ ...s, open: false }))}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`Delete the enrolment of “${e.name}”?`}
        description={`${e.enrollmentNumber}: its documents, fee schedule and history will be removed. This cannot be undone.`}
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

export function EnrollmentDetailScreen() {
  const { id = '' } = useParams();
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';
  const backTo = `${ENROLLMENTS_PATH}${listSearch}`;
  const { data, error, isError, isFetching, refetch } = useGetEnrollmentQuery(id, { skip: !id });

  let body: ReactNode;
  if (data && data._id === id) body = <EnrollmentView enrollment={data} backTo={backTo} />;
  else if (isError) {
    const failure = error as Partial<ApiQueryError>;
    body =
      failure.status === 404 || failure.status === 400 ? (
        <Alert severity="warning">
          <AlertTitle component="h1">Enrolment not found</AlertTitle>
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
          <AlertTitle component="h1">The enrolment could not be loaded</AlertTitle>
          {failure.message || 'Something went wrong'}
        </Alert>
      );
  } else
    body = (
      <Box role="status" aria-label="Loading the enrolment">
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
      </Box>
    );

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', minWidth: 0 }}>
      <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
        Student Enrollments
      </Button>
      {body}
    </Box>
  );
}
