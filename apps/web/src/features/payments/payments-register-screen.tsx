/**
 * The payments register (route '/payments'): every receipt, refund and void across students in
 * the shared list, searchable by receipt or refund number, UTR, cheque number, name or enrolment
 * number, filtered by mode and dates; the period's sum beside it and its CSV for the auditor.
 */
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { GridActionsCellItem } from '@mui/x-data-grid';
import { apiUrl } from '@registrar/contract/api-paths';
import { PAYMENT_MODE_NAMES, RECORDED_PAYMENT_MODES } from '@registrar/contract/constants';
import { localIsoDate } from '@registrar/contract/enrollment';
import { REFUND_EFFECT_LABELS } from '@registrar/contract/fees';
import { IMPORTED_LABEL, REGISTER_KIND_LABELS, type RegisterEntry } from '@registrar/contract/payments-register';
import { formatRupees } from '../../shared/lib/money';
import { formatDate } from '../../shared/lib/format-date';
import { ENROLLMENTS_PATH } from '../../shared/lib/paths';
import { useCan } from '../../shared/session/permissions';
import { DateRangeFilter, useDateRange } from '../../shared/ui/resource-list/date-range-filter';
import { ResourceList, type ResourceColumn } from '../../shared/ui/resource-list/resource-list';
import { optionsOf, selectFilter } from '../../shared/ui/resource-list/select-filter';
import type { ListResource } from '../../shared/ui/resource-list/list-types';
import { actionsColumn } from '../../shared/ui/resource-list/row-actions';
import { PeriodPresets } from './period-presets';
import { registerCsvHref, useGetPaymentsRegisterQuery, type RegisterListArgs } from './api/payments-api';

const MODE_FILTER = selectFilter('mode', 'Mode', 'All modes', optionsOf(RECORDED_PAYMENT_MODES, PAYMENT_MODE_NAMES));
const FILTERS = [MODE_FILTER] as const;
const KIND_COLOURS = { receipt: 'success', refund: 'warning', void: 'error' } as const;

/** A receipt's (or a voided receipt's) PDF, or a refund's voucher. */
const documentOf = (row: RegisterEntry) =>
  row.refundId
    ? { href: apiUrl('refundVoucher', row.refundId), label: `Download refund voucher ${row.number}` }
    : { href: apiUrl('receipt', row.paymentId), label: `Download receipt ${row.receiptNumber}` };

const COLUMNS: readonly ResourceColumn<RegisterEntry>[] = [
  { field: 'on', headerName: 'Date', minWidth: 100, valueGetter: (_v, row) => formatDate(row.on) },
  {
    field: 'kind',
    headerName: 'Kind',
    minWidth: 100,
    renderCell: ({ row }) => (
      // The hue is the border's; the words stay dark (an amber label on white falls below 4.5:1).
      <Chip
        size="small"
        variant="outlined"
        color={KIND_COLOURS[row.kind]}
        label={REGISTER_KIND_LABELS[row.kind]}
        sx={{ color: 'text.primary' }}
      />
    ),
  },
  {
    field: 'number',
    headerName: 'Number',
    minWidth: 160,
    flex: 0.8,
    renderCell: ({ row }) => (
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'normal' }}>
        {row.number}
        {row.kind === 'refund' ? ` (of ${row.receiptNumber})` : ''}
        {row.kind === 'receipt' && row.voided ? ' · voided' : ''}
        {row.imported ? (
          <Chip size="small" variant="outlined" label={IMPORTED_LABEL} sx={{ ml: 1, color: 'text.primary' }} />
        ) : null}
      </Typography>
    ),
  },
  {
    field: 'amount',
    headerName: 'Amount',
    minWidth: 120,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => (
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatRupees(row.amount)}
      </Typography>
    ),
  },
  {
    field: 'paymentMode',
    headerName: 'Mode',
    minWidth: 120,
    flex: 0.6,
    renderCell: ({ row }) => (
      <Typography variant="body2" sx={{ whiteSpace: 'normal' }}>
        {PAYMENT_MODE_NAMES[row.paymentMode]}
        {row.utr ? ` · UTR ${row.utr}` : ''}
        {row.chequeNumber ? ` · cheque ${row.chequeNumber}` : ''}
      </Typography>
    ),
  },
  {
    field: 'name',
    headerName: 'Student',
    minWidth: 170,
    flex: 1,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`${ENROLLMENTS_PATH}/${row.enrollmentId}`} sx={{ whiteSpace: 'normal' }}>
        {row.name} ({row.enrollmentNumber})
      </Link>
    ),
  },
  {
    field: 'reason',
    // Who recorded it shares the reason's cell: at 1366 px every column and the actions fit.
    headerName: 'Reason · recorded by',
    minWidth: 170,
    flex: 1,
    hideBelow: 'md',
    renderCell: ({ row }) => (
      <Typography variant="body2" sx={{ whiteSpace: 'normal' }}>
        {[row.effect ? REFUND_EFFECT_LABELS[row.effect] : null, row.reason].filter(Boolean).join(' — ') || '—'}
        {row.recordedBy ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            by {row.recordedBy}
          </Typography>
        ) : null}
      </Typography>
    ),
  },
  actionsColumn((row) => {
    const doc = documentOf(row);
    return [
      <GridActionsCellItem
        key="download"
        icon={<FileDownloadOutlinedIcon />}
        label={doc.label}
        title="Download"
        onClick={() => window.location.assign(doc.href)}
      />,
    ];
  }, 72),
];

function useRegisterQuery(args: RegisterListArgs & { mode?: string }) {
  const { from, to } = useDateRange();
  return useGetPaymentsRegisterQuery({ ...args, ...(from ? { from } : {}), ...(to ? { to } : {}) });
}

/** The matching rows' sum (every page) and, for a period, its CSV. */
function PeriodTotal() {
  const { from, to } = useDateRange();
  const canExport = useCan('fees.export');
  const today = localIsoDate();
  return canExport ? (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      href={registerCsvHref(from ?? `${today.slice(0, 7)}-01`, to ?? today)}
      download
    >
      Export CSV
    </Button>
  ) : null;
}

function TotalLine() {
  const { from, to } = useDateRange();
  const { data } = useGetPaymentsRegisterQuery({ page: 1, limit: 1, ...(from ? { from } : {}), ...(to ? { to } : {}) });
  if (!data) return null;
  return (
    <Typography component="span" sx={{ fontWeight: 600 }}>
      Net of refunds and voids {from || to ? 'in these dates' : 'in all'}: {formatRupees(data.totalAmount)}.
    </Typography>
  );
}

const PAYMENTS: ListResource<RegisterEntry, RegisterListArgs> = {
  noun: { one: 'entry', other: 'entries' },
  useQuery: useRegisterQuery,
  searchLabel: 'Search payments',
  searchHint: 'Receipt or refund number, UTR, cheque number, name or enrolment number',
};

export function PaymentsRegisterScreen() {
  return (
    <ResourceList<RegisterEntry, RegisterListArgs>
      title="Payments"
      description={
        <>
          Every receipt, refund and void across students. Refunds and voids count as negative. <TotalLine />
        </>
      }
      resource={PAYMENTS}
      columns={COLUMNS}
      filters={FILTERS}
      actions={
        <>
          <PeriodPresets />
          <DateRangeFilter verb="Paid" />
          <PeriodTotal />
        </>
      }
      empty={{ title: 'No payments yet', description: 'Payments appear here as they are recorded on enrolments.' }}
      autoRowHeight
    />
  );
}
