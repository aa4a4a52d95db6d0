/**
 * One enrolment (`/student-enrollments/:id`): the photo and every detail, the documents
 * gallery (zoomable images, PDFs in a new tab, SVG only as a download), the fees (FeePanel: schedule,
 * payments, receipts, reminders, statement), the announcements (AnnouncementsPanel),
 * a status change with a note offering only the moves ENROLLMENT_TRANSITIONS allows, the history,
 * edit (text fields, documents, the authority signature) and delete after confirmation.
 */
import { EnrollmentStatusChange as StatusChange } from './enrollment-status-change';
import { useId, useState, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import PersonOffIcon from '@mui/icons-material/PersonOffOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  ENROLLMENT_STATUS_LABELS,
  documentsDeletedNote,
  type EnrollmentDetail,
  type EnrollmentStatus,
} from '@registrar/contract/enrollment-admin';
import type { ErasureResult } from '@registrar/contract/privacy';
import { formatDate, formatDateTime } from '../../shared/lib/format-date';
import { FieldList, type FieldRow } from '../../shared/ui/record-details/field-list';
import { RecordPage } from '../../shared/ui/record-details/record-page';
import { RecordColumns } from '../../shared/ui/record-details/record-columns';
import { RecordSection } from '../../shared/ui/record-details/record-section';
import { RecordTimeline } from '../../shared/ui/record-details/record-timeline';
import { formatRupees } from '../../shared/lib/money';
import { FeePanel } from './fees/fee-panel';
import {
  DOCUMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_MODE_LABELS,
  WORKING_LABELS,
} from '../../shared/lib/enrollment-labels';
import type { EnrollmentFileField } from '@registrar/contract/enrollment';
import { useDeleteEnrollmentMutation, useGetEnrollmentQuery } from './api/enrollments-api';
import { RecordMenu } from './record-menu';
import { DocumentsGallery, viewedDocumentLabel } from './documents-gallery';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { ConfirmDeleteDialog, useRowConfirm } from '../../shared/ui/resource-list/row-actions';
import { usePermissions } from '../../shared/session/permissions';
import { EnrollmentEditDialog } from './enrollment-edit-dialog';
import { ENROLLMENTS_PATH } from '../../shared/lib/paths';
import { EnrollmentStatusChip } from './status-chip';
import { termsConsentText } from './terms-consent';

/**
 * What this screen shows from other features: the route that holds the screen (app/router.tsx)
 * hands them in, so this feature imports none of them.
 */
export interface EnrollmentDetailParts {
  AnnouncementsPanel: ComponentType<{ enrollment: EnrollmentDetail }>;
  RecordHistory: ComponentType<{ entityId: string }>;
  ErasureDialog: ComponentType<{
    open: boolean;
    email: string;
    name: string;
    onClose: () => void;
    onErased: (result: ErasureResult) => void;
  }>;
  /** The link to a zip of everything held about the enrolment's person. */
  dataExportHref: (enrollmentId: string) => string;
}

const EVENT_TITLES: Record<string, string> = {
  created: 'Enrolment received',
  updated: 'Details edited',
  status_changed: 'Status changed',
  document_viewed: 'Document viewed',
  payment_recorded: 'Payment recorded',
  payment_voided: 'Payment voided',
  payment_refunded: 'Refund recorded',
  concession_given: 'Concession given',
  schedule_replanned: 'Fee schedule re-planned',
  installment_changed: 'Installment changed',
  payment_alert: 'Payment alert sent',
  payment_reminder: 'Payment reminder sent',
  announcement: 'Announcement',
  documents_deleted: 'Documents deleted',
  erased: 'Personal data erased',
  cheque_cleared: 'Cheque cleared',
  cheque_bounced: 'Cheque bounced',
};

const statusLabel = (status: string | null) =>
  status ? (ENROLLMENT_STATUS_LABELS[status as EnrollmentStatus] ?? status) : 'None';

function History({ enrollment }: { enrollment: EnrollmentDetail }) {
  return (
    <RecordTimeline
      events={enrollment.history}
      label="History, newest first"
      describe={(event) => {
        if (event.kind === 'status_changed' && event.toStatus)
          return { title: `${statusLabel(event.fromStatus)} → ${statusLabel(event.toStatus)}`, note: event.note };
        // A viewed document's note is the document's id: the title names the document instead.
        if (event.kind === 'document_viewed')
          return { title: `Document viewed: ${viewedDocumentLabel(enrollment.documents, event.note)}`, note: null };
        return { title: EVENT_TITLES[event.kind] ?? event.kind.replace(/_/g, ' '), note: event.note };
      }}
    />
  );
}

const CONTACT_ROWS = new Set([
  'Email',
  'Phone number',
  'Alternative phone',
  'Current address',
  'Permanent address',
  'Currently working place',
  'Current semester',
  'Designation',
]);

function EnrollmentView({
  enrollment,
  backTo,
  parts,
}: {
  enrollment: EnrollmentDetail;
  backTo: string;
  parts: EnrollmentDetailParts;
}) {
  const { AnnouncementsPanel, RecordHistory, ErasureDialog, dataExportHref } = parts;
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ key: number; open: boolean }>({ key: 0, open: false });
  const [deleteEnrollment, { isLoading: removing }] = useDeleteEnrollmentMutation();
  const [erasing, setErasing] = useState(false);
  const ids = { details: useId(), documents: useId(), status: useId(), history: useId() };
  const e = enrollment;
  const allowed = usePermissions();
  // A role without contact details gets none of these from the server: leave the rows out.
  const withoutHidden = (rows: FieldRow[]) =>
    allowed('people.contact') ? rows : rows.filter(([label]) => !CONTACT_ROWS.has(label as string));
  const studying = e.currentlyWorking === 'college' || e.currentlyWorking === 'university';

  // Once deleted there is nothing to show here: back to the list it was opened from.
  const deleting = useRowConfirm(async (record: EnrollmentDetail) => {
    await deleteEnrollment(record._id).unwrap();
    await navigate(backTo, { replace: true });
  }, 'The enrolment could not be deleted.');

  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar
          src={e.profilePictureUrl ?? undefined}
          alt={`Photo of ${e.name}`}
          // Small on a phone: the name, status and dues come first, not the photo.
          sx={{
            width: { xs: 48, sm: 96 },
            height: { xs: 48, sm: 96 },
            fontSize: { xs: 20, sm: 36 },
            bgcolor: 'primary.main',
          }}
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
            {allowed('enrollments.edit') && (
              <Button
                variant="outlined"
                startIcon={<EditOutlinedIcon />}
                onClick={() => setEditing((s) => ({ key: s.key + 1, open: true }))}
              >
                Edit
              </Button>
            )}
            <RecordMenu
              items={[
                ...(allowed('enrollments.delete')
                  ? [{ label: 'Delete', icon: <DeleteOutlineIcon />, danger: true, onClick: () => deleting.ask(e) }]
                  : []),
                ...(!e.erasedAt && allowed('privacy.export')
                  ? [{ label: 'Export data', icon: <DownloadIcon />, href: dataExportHref(e._id) }]
                  : []),
                ...(!e.erasedAt && allowed('privacy.erase')
                  ? [
                      {
                        label: 'Erase personal data',
                        icon: <PersonOffIcon />,
                        danger: true,
                        onClick: () => setErasing(true),
                      },
                    ]
                  : []),
              ]}
            />
          </Stack>
        </Stack>
      </Stack>

      {e.erasedAt && (
        <Alert severity="info" sx={{ mb: 3 }}>
          The personal data of this enrolment was erased on request on {formatDateTime(e.erasedAt)}. Its payments are
          kept, under a pseudonym, for the accounts.
        </Alert>
      )}
      {/* Fees first and full width: what is owed and its actions before personal details, never cut off. */}
      <Box sx={{ mb: 3, minWidth: 0 }}>
        <FeePanel enrollment={e} />
      </Box>
      <RecordColumns>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <RecordSection title="Details" id={ids.details}>
            <FieldList
              rows={withoutHidden([
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
                ...(studying ? ([['Current semester', e.currentSem ?? '']] as FieldRow[]) : []),
                ...(e.currentlyWorking === 'company' ? ([['Designation', e.designation ?? '']] as FieldRow[]) : []),
                ['Institute address', e.companyAddress],
                ['Terms accepted', termsConsentText(e)],
                ['Last updated', formatDateTime(e.updatedAt)],
              ])}
            />
          </RecordSection>
          <RecordSection title="Documents" id={ids.documents}>
            {e.documentsDeletedAt && (
              <Typography sx={{ mb: e.documents.length ? 2 : 0 }}>
                {documentsDeletedNote(formatDate(e.documentsDeletedAt))}
              </Typography>
            )}
            {e.documentsToFollow.length > 0 && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                To follow: {e.documentsToFollow.map((f) => DOCUMENT_LABELS[f as EnrollmentFileField]).join(', ')}.
                Attach them with Edit when the student brings them.
              </Alert>
            )}
            {!allowed('documents.view') ? (
              <Typography color="text.secondary">{ACCESS_MESSAGES.documentsHidden}</Typography>
            ) : (
              !(e.documentsDeletedAt && e.documents.length === 0) && <DocumentsGallery documents={e.documents} />
            )}
          </RecordSection>
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {allowed('enrollments.status') && (
            <RecordSection title="Change status" id={ids.status}>
              <StatusChange key={e.status} enrollment={e} />
            </RecordSection>
          )}
          {allowed('announcements.send') && <AnnouncementsPanel enrollment={e} />}
          <RecordSection title="History" id={ids.history}>
            <History enrollment={e} />
          </RecordSection>
          {allowed('audit.read') && <RecordHistory entityId={e._id} />}
        </Stack>
      </RecordColumns>

      <EnrollmentEditDialog
        key={editing.key}
        open={editing.open}
        enrollment={e}
        onClose={() => setEditing((s) => ({ ...s, open: false }))}
      />
      <ErasureDialog
        open={erasing}
        email={e.email}
        name={e.name}
        onClose={() => setErasing(false)}
        onErased={() => {
          setErasing(false);
          void navigate(backTo, { replace: true });
        }}
      />
      <ConfirmDeleteDialog
        {...deleting.dialog}
        title={`Delete the enrolment of “${e.name}”?`}
        description={`${e.enrollmentNumber}: its documents, fee schedule and history will be removed. This cannot be undone.`}
        busy={removing}
      />
    </>
  );
}

export function EnrollmentDetailScreen({ parts }: { parts: EnrollmentDetailParts }) {
  const { id = '' } = useParams();
  const query = useGetEnrollmentQuery(id, { skip: !id });
  return (
    <RecordPage id={id} listPath={ENROLLMENTS_PATH} listTitle="Student Enrollments" noun="enrolment" query={query}>
      {(enrollment, backTo) => <EnrollmentView enrollment={enrollment} backTo={backTo} parts={parts} />}
    </RecordPage>
  );
}
