/**
 * The dashboard's short lists: the next installments due, the most overdue, the latest inquiries
 * and enrolments. Each row's first cell links to its record.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { Dashboard } from '@registrar/contract/dashboard';
import { formatRupees } from '../../shared/lib/money';
import { useCan } from '../../shared/session/permissions';
import { TablePanel } from '../../shared/ui/table-panel';
import { WhatsAppButton } from '../../shared/ui/whatsapp-button';
import { useWhatsAppReminderMutation } from './api/dashboard-api';
import { dayLabel, enrollmentStatusLabel, inquiryStatusLabel } from './labels';
import { enrollmentPage, inquiryPage } from './links';
import { RowHeaderTable, type Column } from './row-header-table';

function RecordTable({
  title,
  columns,
  rows,
  emptyText,
}: {
  title: string;
  columns: readonly Column[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
  emptyText: string;
}) {
  return (
    <TablePanel title={title} heading="h3" empty={rows.length === 0 ? emptyText : null}>
      {(titleId) => <RowHeaderTable labelledBy={titleId} columns={columns} rows={rows} />}
    </TablePanel>
  );
}

const RecordLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link component={RouterLink} to={to}>
    {children}
  </Link>
);

type InstallmentRow = Dashboard['nextDue'][number];

const installmentRows = (rows: readonly InstallmentRow[]) =>
  rows.map((r) => ({
    key: `${r.enrollmentId}:${r.installmentNumber}`,
    cells: [
      <RecordLink key="name" to={enrollmentPage(r.enrollmentId)}>
        {r.name}
      </RecordLink>,
      r.enrollmentNumber,
      `No. ${r.installmentNumber}`,
      dayLabel(r.dueDate),
      formatRupees(r.owed),
    ],
  }));

const INSTALLMENT_COLUMNS: readonly Column[] = [
  { label: 'Student' },
  { label: 'Enrolment no.' },
  { label: 'Installment' },
  { label: 'Due on' },
  { label: 'Owed', align: 'right' },
];

export function NextDueTable({ rows }: { rows: Dashboard['nextDue'] }) {
  return (
    <RecordTable
      title="Next installments due"
      columns={INSTALLMENT_COLUMNS}
      rows={installmentRows(rows)}
      emptyText="No installment is due."
    />
  );
}

/** Opens WhatsApp with the student's number, the amount and a fresh link to pay it. */
function WhatsAppReminder({ row }: { row: InstallmentRow }) {
  const [remind, { isLoading, isError }] = useWhatsAppReminderMutation();
  return (
    <WhatsAppButton
      link={() => remind({ enrollmentId: row.enrollmentId, installmentNumber: row.installmentNumber }).unwrap()}
      busy={isLoading}
      failed={isError}
      label={`WhatsApp ${row.name}`}
      variant="outlined"
    />
  );
}

export function MostOverdueTable({ rows }: { rows: Dashboard['mostOverdue'] }) {
  const canRemind = useCan('fees.remind');
  const base = installmentRows(rows);
  return (
    <RecordTable
      title="Most overdue installments"
      columns={canRemind ? [...INSTALLMENT_COLUMNS, { label: 'Remind' }] : INSTALLMENT_COLUMNS}
      rows={
        canRemind
          ? base.map((r, i) => ({ ...r, cells: [...r.cells, <WhatsAppReminder key="wa" row={rows[i]!} />] }))
          : base
      }
      emptyText="Nothing is overdue."
    />
  );
}

export function LatestInquiriesTable({ rows }: { rows: Dashboard['latestInquiries'] }) {
  return (
    <RecordTable
      title="Latest inquiries"
      columns={[{ label: 'Name' }, { label: 'Status' }, { label: 'Received' }]}
      rows={rows.map((r) => ({
        key: r._id,
        cells: [
          <RecordLink key="name" to={inquiryPage(r._id)}>
            {r.name}
          </RecordLink>,
          inquiryStatusLabel(r.status),
          dayLabel(r.createdAt),
        ],
      }))}
      emptyText="No inquiries yet."
    />
  );
}

export function LatestEnrollmentsTable({ rows }: { rows: Dashboard['latestEnrollments'] }) {
  return (
    <RecordTable
      title="Latest enrolments"
      columns={[{ label: 'Name' }, { label: 'Enrolment no.' }, { label: 'Status' }, { label: 'Enrolled' }]}
      rows={rows.map((r) => ({
        key: r._id,
        cells: [
          <RecordLink key="name" to={enrollmentPage(r._id)}>
            {r.name}
          </RecordLink>,
          r.enrollmentNumber,
          enrollmentStatusLabel(r.status),
          dayLabel(r.createdAt),
        ],
      }))}
      emptyText="No enrolments yet."
    />
  );
}
