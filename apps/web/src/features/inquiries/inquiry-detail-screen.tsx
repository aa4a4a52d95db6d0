/**
 * One inquiry (`/student-inquires/:id`): every field, the duplicate badge linking to the
 * earlier inquiry, status change with a note (only the moves INQUIRY_TRANSITIONS allows), the
 * timeline, edit, delete after confirmation, and a button that copies a link to the enrolment
 * form prefilled with the inquirer's name, email and phone.
 */
import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import { INQUIRY_STATUS_LABELS, INQUIRY_TRANSITIONS, type InquiryDetail } from '@registrar/contract/inquiry-admin';
import { formatDate, formatDateTime } from '../../shared/lib/format-date';
import { requestFailed, requestSucceeded } from '../../shared/state/services-slice';
import { FieldList, type FieldRow } from '../../shared/ui/record-details/field-list';
import { RecordPage } from '../../shared/ui/record-details/record-page';
import { RecordColumns } from '../../shared/ui/record-details/record-columns';
import { RecordSection } from '../../shared/ui/record-details/record-section';
import { RecordTimeline } from '../../shared/ui/record-details/record-timeline';
import { StatusChangeForm } from '../../shared/ui/record-details/status-change-form';
import { REFERENCE_LABELS, WORKING_AS_LABELS } from '../../shared/lib/inquiry-labels';
import {
  useChangeInquiryStatusMutation,
  useDeleteInquiryMutation,
  useGetInquiryQuery,
  useInquiryAreasOfInterestQuery,
  useInquiryCourseNameQuery,
} from './api/inquiries-api';
import { copyText, enrollmentLink } from './format';
import { InquiryEditDialog } from './inquiry-edit-dialog';
import { ENROLLMENTS_PATH, INQUIRIES_PATH } from '../../shared/lib/paths';
import { ConfirmDeleteDialog, useRowConfirm } from '../../shared/ui/resource-list/row-actions';
import { usePermissions } from '../../shared/session/permissions';
import { DUPLICATE_COLOURS, DuplicateBadge, StatusChip } from './status-chip';

/** An inquiry still open can be enrolled; a converted or closed one cannot. */
const OPEN_STATUSES: readonly InquiryDetail['status'][] = ['new', 'contacted', 'follow_up'];

export const ENROLLMENT_LINK_COPIED = 'Enrolment link copied';

const EVENT_TITLES: Record<InquiryDetail['history'][number]['kind'], string> = {
  created: 'Inquiry received',
  updated: 'Details edited',
  status_changed: 'Status changed',
  converted: 'Converted: enrolled',
};

function Timeline({ history }: { history: InquiryDetail['history'] }) {
  return (
    <RecordTimeline
      events={history}
      label="Timeline, newest first"
      describe={(event) => ({
        title:
          event.kind === 'status_changed' && event.toStatus
            ? `${event.fromStatus ? INQUIRY_STATUS_LABELS[event.fromStatus] : 'None'} → ${INQUIRY_STATUS_LABELS[event.toStatus]}`
            : EVENT_TITLES[event.kind],
        note: event.note,
      })}
    />
  );
}

function StatusChange({ inquiry }: { inquiry: InquiryDetail }) {
  const [changeStatus, { isLoading }] = useChangeInquiryStatusMutation();
  return (
    <StatusChangeForm
      noun="inquiry"
      current={inquiry.status}
      moves={INQUIRY_TRANSITIONS[inquiry.status]}
      labels={INQUIRY_STATUS_LABELS}
      noteHint="What was said or agreed."
      saving={isLoading}
      save={(status, note) => changeStatus({ id: inquiry._id, status, note }).unwrap()}
    />
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

/** What this screen shows from other features, handed in by the route that holds it (app/router.tsx). */
export interface InquiryDetailParts {
  RecordHistory: ComponentType<{ entityId: string }>;
  /** The follow-ups: owner, next step, contact log. */
  extra?: (inquiry: InquiryDetail) => ReactNode;
}

function InquiryView({
  inquiry,
  backTo,
  parts: { RecordHistory, extra },
}: {
  inquiry: InquiryDetail;
  backTo: string;
  parts: InquiryDetailParts;
}) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ key: number; open: boolean }>({ key: 0, open: false });
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

  // Once deleted there is nothing to show here: back to the list it was opened from.
  const deleting = useRowConfirm(async (record: InquiryDetail) => {
    await deleteInquiry(record._id).unwrap();
    await navigate(backTo, { replace: true });
  }, 'The inquiry could not be deleted.');

  const ids = { details: useId(), status: useId(), timeline: useId(), followUp: useId() };
  const allowed = usePermissions();
  const canEnrol = allowed('enrollments.create') && OPEN_STATUSES.includes(inquiry.status);
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
        {(allowed('inquiries.edit') || canEnrol) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {canEnrol && (
              <Button
                variant="contained"
                startIcon={<HowToRegOutlinedIcon />}
                component={RouterLink}
                to={`${ENROLLMENTS_PATH}/new?inquiry=${inquiry._id}`}
              >
                Enrol
              </Button>
            )}
            {allowed('inquiries.edit') && (
              <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copyLink()}>
                Copy enrolment link
              </Button>
            )}
            {allowed('inquiries.edit') && (
              <>
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
                  onClick={() => deleting.ask(inquiry)}
                  // The darker red keeps its contrast on the tinted header a phone shows.
                  sx={{ color: 'error.dark', borderColor: 'error.dark' }}
                >
                  Delete
                </Button>
              </>
            )}
          </Stack>
        )}
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

      <RecordColumns>
        <RecordSection title="Details" id={ids.details}>
          <FieldList
            rows={[
              // Contact details are blanked by the server for roles without them; leave the rows out.
              ...(allowed('people.contact')
                ? ([
                    ['Email', <Link href={`mailto:${inquiry.email}`}>{inquiry.email}</Link>],
                    ['Phone number', <Link href={`tel:${inquiry.phoneNumber}`}>{inquiry.phoneNumber}</Link>],
                    ['Address', inquiry.address],
                    [
                      'Currently working as',
                      inquiry.currentlyWorkingAs ? WORKING_AS_LABELS[inquiry.currentlyWorkingAs] : '',
                    ],
                    ['Currently at', inquiry.currentlyAt],
                  ] as FieldRow[])
                : []),
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
                  ] as FieldRow[])
                : []),
              ['Last updated', formatDateTime(inquiry.updatedAt)],
            ]}
          />
        </RecordSection>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {extra && (
            <RecordSection title="Follow-up" id={ids.followUp}>
              {extra(inquiry)}
            </RecordSection>
          )}
          {allowed('inquiries.edit') && (
            <RecordSection title="Change status" id={ids.status}>
              <StatusChange key={inquiry.status} inquiry={inquiry} />
            </RecordSection>
          )}
          <RecordSection title="Timeline" id={ids.timeline}>
            <Timeline history={inquiry.history} />
          </RecordSection>
          {allowed('audit.read') && <RecordHistory entityId={inquiry._id} />}
        </Stack>
      </RecordColumns>

      <InquiryEditDialog
        key={editing.key}
        open={editing.open}
        inquiry={inquiry}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDeleteDialog
        {...deleting.dialog}
        title={`Delete the inquiry from “${inquiry.name}”?`}
        description="The inquiry and its timeline will be removed. This cannot be undone."
        busy={removing}
      />
    </>
  );
}

export function InquiryDetailScreen({ parts }: { parts: InquiryDetailParts }) {
  const { id = '' } = useParams();
  const query = useGetInquiryQuery(id, { skip: !id });
  return (
    <RecordPage id={id} listPath={INQUIRIES_PATH} listTitle="Student Inquiries" noun="inquiry" query={query}>
      {(inquiry, backTo) => <InquiryView key={inquiry._id} inquiry={inquiry} backTo={backTo} parts={parts} />}
    </RecordPage>
  );
}
