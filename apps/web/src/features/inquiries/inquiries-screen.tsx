/**
 * Student Inquiries: the shared list over
 * `GET /api/inquiry?page&limit&search&status&reference&from&to&sort` with a status chip and a
 * 'possible duplicate' badge per row, a date range, sorting, a CSV export of what is shown, an
 * owner for the selected rows, and delete after confirmation. A row's name opens its detail page.
 */
import { useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { REFERENCE_OPTIONS } from '@registrar/contract/constants';
import { INQUIRY_STATUSES, INQUIRY_STATUS_LABELS, type InquiryRecord } from '@registrar/contract/inquiry-admin';
import { baseApi } from '../../shared/api/base-api';
import { requestFailed } from '../../shared/state/services-slice';
import { ConfirmDeleteDialog, useRowConfirm } from '../../shared/ui/resource-list/row-actions';
import {
  createdColumn,
  openOrDeleteColumn,
  personColumn,
  phoneColumns,
} from '../../shared/ui/resource-list/person-columns';
import { useDateRange, useDateRangeEmptyState } from '../../shared/ui/resource-list/date-range-filter';
import { ResourceList, type ListFilter, type ResourceColumn } from '../../shared/ui/resource-list/resource-list';
import { optionsOf, selectFilter } from '../../shared/ui/resource-list/select-filter';
import type { ListResource } from '../../shared/ui/resource-list/list-types';
import { SORT_BY_DATE_NAME_OR_STATUS } from '../../shared/ui/resource-list/sort-filter';
import { selectSession, signedOut, type SessionState } from '../../shared/session/session-slice';
import { REFERENCE_LABELS } from '../../shared/lib/inquiry-labels';
import { downloadInquiriesCsv } from './api/export-csv';
import { useDeleteInquiryMutation, useGetInquiriesQuery, type InquiryListArgs } from './api/inquiries-api';
import { INQUIRIES_PATH } from '../../shared/lib/paths';
import { DuplicateBadge, StatusChip } from './status-chip';
import { usePermissions } from '../../shared/session/permissions';
import { useInquiryBulkActions } from './bulk-actions';

const rowLabel = (row: InquiryRecord) => row.name;

const FILTERS: readonly ListFilter[] = [
  selectFilter('status', 'Status', 'All statuses', optionsOf(INQUIRY_STATUSES, INQUIRY_STATUS_LABELS)),
  selectFilter('reference', 'Reference', 'All references', optionsOf(REFERENCE_OPTIONS, REFERENCE_LABELS)),
  selectFilter('contacted', 'Contacted', 'Contacted or not', [
    { value: 'yes', label: 'Contacted' },
    { value: 'no', label: 'Not contacted yet' },
    { value: 'logged', label: 'With a logged contact' },
  ]),
  SORT_BY_DATE_NAME_OR_STATUS,
];

/** The list's query with the date range added (the shared list knows select filters only). */
function useInquiriesQuery(args: InquiryListArgs) {
  const { from, to } = useDateRange();
  const ownerId = useOwnerFilter().ownerId;
  return useGetInquiriesQuery({
    ...args,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(ownerId ? { ownerId } : {}),
  });
}

/** The owner filter the dashboard's links set (`?ownerId=…&ownerName=…`; `none`: nobody owns them). */
function useOwnerFilter() {
  const [params] = useSearchParams();
  const raw = params.get('ownerId') ?? '';
  const ownerId = raw === 'none' || /^[0-9a-f-]{36}$/i.test(raw) ? raw : undefined;
  return { ownerId, ownerName: params.get('ownerName') ?? undefined };
}

function OwnerFilterNote() {
  const { ownerId, ownerName } = useOwnerFilter();
  const [, setParams] = useSearchParams();
  if (!ownerId) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() =>
            setParams((p) => {
              p.delete('ownerId');
              p.delete('ownerName');
              p.delete('page');
              return p;
            })
          }
        >
          Show every owner’s
        </Button>
      }
    >
      {ownerId === 'none'
        ? 'Showing inquiries nobody owns.'
        : `Showing inquiries owned by ${ownerName ?? 'one staff member'}.`}
    </Alert>
  );
}

function ExportButton() {
  const dispatch = useDispatch();
  const token = useSelector((state: { session: SessionState }) => selectSession(state).accessToken);
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      const filters: Partial<InquiryListArgs> = {};
      for (const key of ['search', 'status', 'reference', 'from', 'to', 'sort', 'ownerId', 'contacted'] as const) {
        const value = params.get(key)?.trim();
        if (value) (filters as Record<string, string>)[key] = value;
      }
      if (filters.from && filters.to && filters.to < filters.from) delete filters.to;
      await downloadInquiriesCsv(filters, token);
    } catch (err) {
      dispatch(requestFailed((err as Error).message || 'The export failed'));
      // A 401 ends the session (the guard then sends the browser to /login).
      if ((err as { status?: number }).status === 401) {
        dispatch(signedOut());
        dispatch(baseApi.util.resetApiState());
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      onClick={() => void onExport()}
      loading={busy}
      loadingPosition="start"
    >
      Export CSV
    </Button>
  );
}

const INQUIRIES: ListResource<InquiryRecord, InquiryListArgs> = {
  noun: { one: 'inquiry', other: 'inquiries' },
  useQuery: useInquiriesQuery,
  searchHint: 'By name, email or phone',
};

export function InquiriesScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const empty = useDateRangeEmptyState(INQUIRIES.noun.other, {
    title: 'No inquiries yet',
    description: 'Inquiries sent with the public form at /student-inquiry appear here.',
  });
  const [deleteInquiry, { isLoading: removing }] = useDeleteInquiryMutation();
  const deleting = useRowConfirm(
    (row: InquiryRecord) => deleteInquiry(row._id).unwrap(),
    'The inquiry could not be deleted.',
  );
  const { ask } = deleting;
  const listSearch = location.search;

  const allowed = usePermissions();
  const bulkActions = useInquiryBulkActions();
  const selection = useMemo(() => ({ rowLabel, actions: bulkActions }), [bulkActions]);
  const showContact = allowed('people.contact');
  const canDelete = allowed('inquiries.edit');
  const columns = useMemo<ResourceColumn<InquiryRecord>[]>(
    () => [
      personColumn<InquiryRecord>({
        headerName: 'Name',
        flex: 1.4,
        recordPath: INQUIRIES_PATH,
        listSearch,
        showContact,
        below: (row) =>
          row.duplicateOf && (
            <Box sx={{ mt: 0.5 }}>
              <DuplicateBadge />
            </Box>
          ),
      }),
      ...phoneColumns<InquiryRecord>(showContact, { flex: 0.6, hideBelow: 'sm' }),
      {
        field: 'areaOfInterest',
        headerName: 'Areas of interest',
        minWidth: 180,
        flex: 1,
        hideBelow: 'md',
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            {row.areaOfInterest.join(', ')}
          </Typography>
        ),
      },
      {
        field: 'reference',
        headerName: 'Reference',
        minWidth: 110,
        flex: 0.5,
        hideBelow: 'md',
        valueFormatter: (value: InquiryRecord['reference']) => REFERENCE_LABELS[value] ?? value,
      },
      {
        field: 'status',
        headerName: 'Status',
        minWidth: 120,
        flex: 0.5,
        renderCell: ({ row }) => <StatusChip status={row.status} />,
      },
      createdColumn<InquiryRecord>('Received'),
      openOrDeleteColumn<InquiryRecord>(
        (row) => void navigate(`${INQUIRIES_PATH}/${row._id}`, { state: { listSearch } }),
        canDelete ? ask : null,
      ),
    ],
    [listSearch, navigate, canDelete, showContact, ask],
  );

  return (
    <>
      <OwnerFilterNote />
      <ResourceList<InquiryRecord, InquiryListArgs>
        title="Student Inquiries"
        description="Questions from prospective students, sent with the public inquiry form."
        resource={INQUIRIES}
        columns={columns}
        filters={FILTERS}
        actions={<>{allowed('inquiries.export') && <ExportButton />}</>}
        autoRowHeight
        dateFilter="Received"
        empty={empty}
        selection={selection}
      />

      <ConfirmDeleteDialog
        {...deleting.dialog}
        title={`Delete the inquiry from “${deleting.target?.name ?? ''}”?`}
        description="The inquiry and its timeline will be removed. This cannot be undone."
        busy={removing}
      />
    </>
  );
}
