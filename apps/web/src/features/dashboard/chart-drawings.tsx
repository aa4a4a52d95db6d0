/**
 * The drawings of the dashboard's charts (MUI X Charts). A chunk of its own, loaded after the
 * figures are on screen (dashboard-charts.tsx): the cards and tables never wait for ~100 KiB of
 * charting code, and the admin shell's budget stays clear of it.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { Dashboard } from '@registrar/contract/dashboard';
import { formatRupees, formatRupeesCompact } from '../../shared/lib/money';
import { formatCount } from '../../shared/lib/format-number';

export const CHART_HEIGHT = 280;

export function MonthlyLines({ monthly, months }: { monthly: Dashboard['monthly']; months: readonly string[] }) {
  return (
    <LineChart
      height={CHART_HEIGHT}
      skipAnimation
      xAxis={[{ scaleType: 'point', data: [...months] }]}
      yAxis={[
        { id: 'count', position: 'left', tickMinStep: 1, width: 40 },
        {
          id: 'money',
          position: 'right',
          width: 64,
          valueFormatter: (value: number) => formatRupeesCompact(value),
        },
      ]}
      series={[
        {
          label: 'Enrolments',
          data: monthly.map((m) => m.enrollments),
          yAxisId: 'count',
          valueFormatter: (v) => (v === null ? '' : formatCount(v)),
        },
        {
          label: 'Collected',
          data: monthly.map((m) => m.collected),
          yAxisId: 'money',
          valueFormatter: (v) => (v === null ? '' : formatRupees(v)),
        },
      ]}
    />
  );
}

export function CourseBars({ perCourse }: { perCourse: Dashboard['enrollmentsPerCourse'] }) {
  return (
    <BarChart
      height={Math.max(CHART_HEIGHT, perCourse.length * 32 + 60)}
      skipAnimation
      layout="horizontal"
      hideLegend
      yAxis={[{ scaleType: 'band', data: perCourse.map((c) => c.name), width: 120 }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[
        {
          label: 'Enrolments',
          data: perCourse.map((c) => c.count),
          valueFormatter: (v) => (v === null ? '' : formatCount(v)),
        },
      ]}
    />
  );
}

export function SharePie({ slices }: { slices: readonly { label: string; value: number; share: string }[] }) {
  return (
    <PieChart
      height={CHART_HEIGHT}
      skipAnimation
      series={[
        {
          innerRadius: 40,
          paddingAngle: 1,
          cornerRadius: 3,
          data: slices.map((s, i) => ({ id: i, value: s.value, label: s.label })),
          valueFormatter: (item, { dataIndex }) => `${formatCount(item.value)} (${slices[dataIndex]?.share ?? ''})`,
        },
      ]}
    />
  );
}
