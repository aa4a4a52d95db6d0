/**
 * Student Enrollments: the shared list over
 * `GET /api/student-enrollment?page&limit&search&status&courseId&paymentState&from&to&sort` with
 * status chips, filters by status, course, payment state and date range, sorting, what is
 * outstanding, a CSV export of what is shown (a plain link: the login cookie authenticates the
 * download), a bulk announcement, actions on the selected rows and delete after confirmation. A row's name opens its
 * detail page.
 */
import { useMemo, useState, type ComponentType } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import {
  ENROLLMENT_STATUSES,
  ENROLLMENT_STATUS_LABELS,
  type EnrollmentRecord,
  type EnrollmentStatus,
} from '@registrar/contract/enrollment-admin';
import { ConfirmDeleteDialog, useRowConfirm } from '../../shared/ui/resource-list/row-actions';
import {
  createdColumn,
  openOrDeleteColumn,
  personColumn,
  phoneColumns,
} from '../../shared/ui/resource-list/person-columns';
import { ISO_DATE, useDateRange, useDateRangeEmptyState } from '../../shared/ui/resource-list/date-range-filter';
import { ResourceList, type ListFilter, type ResourceColumn } from '../../shared/ui/resource-list/resource-list';
import { optionsOf, selectFilter } from '../../shared/ui/resource-list/select-filter';
import type { ListResource } from '../../shared/ui/resource-list/list-types';
import { SORT_BY_DATE_NAME_OR_STATUS } from '../../shared/ui/resource-list/sort-filter';
import { useGetCoursesQuery } from '../../shared/api/course-list-api';
import { outstandingColumn, PAYMENT_STATE_FILTER } from './fees/payment-state';
import {
  ENROLLMENT_FILTER_KEYS,
  EXPORT_CSV_PATH,
  enrollmentFilterParams,
  useDeleteEnrollmentMutation,
  useGetEnrollmentsQuery,
  type EnrollmentListArgs,
} from './api/enrollments-api';
import { ENROLLMENTS_PATH } from '../../shared/lib/paths';
import { EnrollmentStatusChip } from './status-chip';
import { usePermissions } from '../../shared/session/permissions';
import { useEnrollmentBulkActions } from './bulk-actions';

const rowLabel = (row: EnrollmentRecord) => `${row.name} (${row.enrollmentNumber})`;

const STATUS_FILTER = selectFilter(
  'status',
  'Status',
  'All statuses',
  optionsOf(ENROLLMENT_STATUSES, ENROLLMENT_STATUS_LABELS),
);
const parseStatus = (value: string | null) =>
  (ENROLLMENT_STATUSES as readonly string[]).includes(value ?? '') ? (value as EnrollmentStatus) : undefined;

/** The list's query with the date range added (the shared list knows select filters only). */
function useEnrollmentsQuery(args: EnrollmentListArgs) {
  const { from, to } = useDateRange();
  return useGetEnrollmentsQuery({ ...args, ...(from ? { from } : {}), ...(to ? { to } : {}) });
}

/** The CSV of the enrolments the list shows (its search, filters, dates and sort; every page). */
export function exportHref(params: URLSearchParams): string {
  const filters: Partial<EnrollmentListArgs> = {};
  for (const key of ENROLLMENT_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) (filters as Record<string, string>)[key] = value;
  }
  if (filters.from && !ISO_DATE.test(filters.from)) delete filters.from;
  if (filters.to && (!ISO_DATE.test(filters.to) || (filters.from && filters.to < filters.from))) delete filters.to;
  const query = enrollmentFilterParams(filters).toString();
  return query ? `${EXPORT_CSV_PATH}?${query}` : EXPORT_CSV_PATH;
}

function ExportLink() {
  const [params] = useSearchParams();
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} href={exportHref(params)} download>
      Export CSV
    </Button>
  );
}

/** What this screen shows from other features, handed in by the route that holds it (app/router.tsx). */
export interface EnrollmentsScreenParts {
  BulkAnnouncementDialog: ComponentType<{
    open: boolean;
    onClose: () => void;
    initialCourseId?: string | undefined;
    initialStatus?: EnrollmentStatus | undefined;
  }>;
}

const ENROLMENTS: ListResource<EnrollmentRecord, EnrollmentListArgs> = {
  noun: { one: 'enrolment', other: 'enrolments' },
  useQuery: useEnrollmentsQuery,
  searchHint: 'By name, email, phone, enrolment number or course',
};

export function EnrollmentsScreen({ parts: { BulkAnnouncementDialog } }: { parts: EnrollmentsScreenParts }) {
  const location = useLocation();
  const navigate = useNavigate();
  const empty = useDateRangeEmptyState(ENROLMENTS.noun.other, {
    title: 'No enrolments yet',
    description: 'Enrolments sent with the public form at /student-enrollment appear here.',
  });
  const [deleteEnrollment, { isLoading: removing }] = useDeleteEnrollmentMutation();
  const deleting = useRowConfirm(
    (row: EnrollmentRecord) => deleteEnrollment(row._id).unwrap(),
    'The enrolment could not be deleted.',
  );
  const { ask } = deleting;
  const [announcing, setAnnouncing] = useState({ key: 0, open: false });
  const [searchParams] = useSearchParams();
  const { data: courses } = useGetCoursesQuery({ page: 1, limit: 100 });
  const listSearch = location.search;

  const filters = useMemo<ListFilter[]>(
    () => [
      STATUS_FILTER,
      selectFilter(
        'courseId',
        'Course',
        'All courses',
        (courses?.items ?? []).map((c) => ({ value: c._id, label: c.name })),
      ),
      PAYMENT_STATE_FILTER,
      SORT_BY_DATE_NAME_OR_STATUS,
    ],
    [courses],
  );

  const allowed = usePermissions();
  const bulkActions = useEnrollmentBulkActions();
  const selection = useMemo(() => ({ rowLabel, actions: bulkActions }), [bulkActions]);
  const showContact = allowed('people.contact');
  const canDelete = allowed('enrollments.delete');
  const columns = useMemo<ResourceColumn<EnrollmentRecord>[]>(
    () => [
      personColumn<EnrollmentRecord>({
        headerName: 'Student',
        flex: 1.3,
        recordPath: ENROLLMENTS_PATH,
        listSearch,
        showContact,
      }),
      {
        field: 'enrollmentNumber',
        headerName: 'Enrolment no.',
        minWidth: 140,
        flex: 0.6,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {row.enrollmentNumber}
          </Typography>
        ),
      },
      {
        field: 'course',
        headerName: 'Course',
        minWidth: 160,
        flex: 1,
        hideBelow: 'sm',
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            {row.course.name}
          </Typography>
        ),
      },
      ...phoneColumns<EnrollmentRecord>(showContact, { flex: 0.5, hideBelow: 'md' }),
      {
        field: 'status',
        headerName: 'Status',
        minWidth: 120,
        flex: 0.5,
        renderCell: ({ row }) => <EnrollmentStatusChip status={row.status} />,
      },
      outstandingColumn<EnrollmentRecord>(),
      createdColumn<EnrollmentRecord>('Enrolled'),
      openOrDeleteColumn<EnrollmentRecord>(
        (row) => void navigate(`${ENROLLMENTS_PATH}/${row._id}`, { state: { listSearch } }),
        canDelete ? ask : null,
      ),
    ],
    [listSearch, navigate, canDelete, showContact, ask],
  );

  return (
    <>
      <ResourceList<EnrollmentRecord, EnrollmentListArgs>
        title="Student Enrollments"
        description="Enrolments sent with the public form, with their documents and fees."
        resource={ENROLMENTS}
        columns={columns}
        filters={filters}
        actions={
          <>
            {allowed('enrollments.create') && (
              <Button
                variant="contained"
                startIcon={<PersonAddAltOutlinedIcon />}
                component={RouterLink}
                to={`${ENROLLMENTS_PATH}/new`}
              >
                New enrolment
              </Button>
            )}
            {allowed('enrollments.status') && (
              <Button
                variant="outlined"
                startIcon={<PlaylistAddCheckIcon />}
                component={RouterLink}
                to={`${ENROLLMENTS_PATH}/queue`}
              >
                Pending queue
              </Button>
            )}
            {allowed('enrollments.export') && <ExportLink />}
            {allowed('announcements.send') && (
              <Button
                variant="outlined"
                startIcon={<CampaignOutlinedIcon />}
                onClick={() => setAnnouncing((s) => ({ key: s.key + 1, open: true }))}
              >
                Bulk announcement
              </Button>
            )}
          </>
        }
        autoRowHeight
        dateFilter="Enrolled"
        empty={empty}
        selection={selection}
      />

      <BulkAnnouncementDialog
        key={announcing.key}
        open={announcing.open}
        initialCourseId={searchParams.get('courseId') || undefined}
        initialStatus={parseStatus(searchParams.get('status'))}
        onClose={() => setAnnouncing((s) => ({ ...s, open: false }))}
      />
      <ConfirmDeleteDialog
        {...deleting.dialog}
        title={`Delete the enrolment of “${deleting.target?.name ?? ''}”?`}
        description={`${deleting.target?.enrollmentNumber ?? ''}: its documents, fee schedule and history will be removed. This cannot be undone.`}
        busy={removing}
      />
    </>
  );
}
