/**
 * The dashboard's three charts: enrolments and collections per month (line), enrolments per course
 * (bar), inquiries by source or status (pie). Each has an accessible name and a table view of the
 * same data (ChartPanel). The drawings (MUI X Charts) arrive in a chunk of their own once the
 * figures are on screen.
 */
import { lazy, useState } from 'react';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Dashboard } from '@registrar/contract/dashboard';
import { loadChunk } from '../../shared/ui/lazy-screen';
import { formatRupees } from '../../shared/lib/money';
import { formatCount, formatPercent } from '../../shared/lib/format-number';
import { ChartPanel } from './chart-panel';
import { inquiryReferenceLabel, inquiryStatusLabel, monthLabel } from './labels';

const loadDrawings = () => loadChunk(() => import('./chart-drawings'));
const MonthlyLines = lazy(async () => ({ default: (await loadDrawings()).MonthlyLines }));
const CourseBars = lazy(async () => ({ default: (await loadDrawings()).CourseBars }));
const SharePie = lazy(async () => ({ default: (await loadDrawings()).SharePie }));

export function MonthlyChart({ monthly }: { monthly: Dashboard['monthly'] }) {
  const months = monthly.map((m) => monthLabel(m.month));
  const nothing = monthly.every((m) => m.enrollments === 0 && m.collected === 0);
  return (
    <ChartPanel
      title="Enrolments and collections per month"
      description="The last 12 months: new enrolments (left axis) and fees collected in rupees (right axis)."
      emptyText={nothing ? 'No enrolments or payments in the last 12 months.' : undefined}
      table={{
        columns: ['Month', 'Enrolments', 'Collected'],
        rows: monthly.map((m, i) => [months[i], formatCount(m.enrollments), formatRupees(m.collected)]),
      }}
    >
      <MonthlyLines monthly={monthly} months={months} />
    </ChartPanel>
  );
}

export function CourseChart({ perCourse }: { perCourse: Dashboard['enrollmentsPerCourse'] }) {
  return (
    <ChartPanel
      title="Enrolments per course"
      description="How many students are enrolled in each course."
      emptyText={perCourse.length === 0 ? 'No enrolments yet.' : undefined}
      table={{
        columns: ['Course', 'Enrolments'],
        rows: perCourse.map((c) => [c.name, formatCount(c.count)]),
      }}
    >
      <CourseBars perCourse={perCourse} />
    </ChartPanel>
  );
}

type InquiryBreakdown = 'reference' | 'status';

export function InquiryChart({ inquiries }: { inquiries: Dashboard['inquiries'] }) {
  const [by, setBy] = useState<InquiryBreakdown>('reference');
  const rows = by === 'reference' ? inquiries.byReference : inquiries.byStatus;
  const label = by === 'reference' ? inquiryReferenceLabel : inquiryStatusLabel;
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const percent = (n: number) => formatPercent(total ? n / total : 0, 0);
  const slices = rows.map((r) => ({ label: label(r.key), value: r.count, share: percent(r.count) }));
  return (
    <ChartPanel
      title={by === 'reference' ? 'Inquiries by source' : 'Inquiries by status'}
      description={
        by === 'reference' ? 'Where the inquirers heard of the institute.' : 'Where each inquiry stands today.'
      }
      emptyText={total === 0 ? 'No inquiries yet.' : undefined}
      controls={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={by}
          aria-label="Group inquiries"
          onChange={(_event, value: InquiryBreakdown | null) => value && setBy(value)}
        >
          <ToggleButton value="reference">By source</ToggleButton>
          <ToggleButton value="status">By status</ToggleButton>
        </ToggleButtonGroup>
      }
      table={{
        columns: [by === 'reference' ? 'Source' : 'Status', 'Inquiries', 'Share'],
        rows: slices.map((s) => [s.label, formatCount(s.value), s.share]),
      }}
    >
      <SharePie slices={slices} />
    </ChartPanel>
  );
}
