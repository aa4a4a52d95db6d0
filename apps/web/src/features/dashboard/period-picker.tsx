/**
 * The dashboard's one period, chosen once for the page and kept in the URL (`?period=last-month`)
 * so a link or a reload shows the same figures; this month when the URL names none (or nonsense).
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  DASHBOARD_PERIODS,
  DASHBOARD_PERIOD_LABELS,
  DEFAULT_DASHBOARD_PERIOD,
  type DashboardPeriod,
} from '@registrar/contract/dashboard';

const isPeriod = (value: string | null): value is DashboardPeriod =>
  (DASHBOARD_PERIODS as readonly string[]).includes(value ?? '');

export function useDashboardPeriod(): [DashboardPeriod, (period: DashboardPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = isPeriod(raw) ? raw : DEFAULT_DASHBOARD_PERIOD;
  const choose = useCallback(
    (next: DashboardPeriod) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === DEFAULT_DASHBOARD_PERIOD) updated.delete('period');
          else updated.set('period', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [period, choose];
}

/** "This month", "Last 3 months"… as the cards' labels say it ("Collected, this month"). */
export const periodWords = (period: DashboardPeriod) => DASHBOARD_PERIOD_LABELS[period].toLowerCase();

export function PeriodPicker({
  value,
  onChange,
}: {
  value: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Period"
      value={value}
      onChange={(e) => onChange(e.target.value as DashboardPeriod)}
      sx={{ minWidth: 210 }}
    >
      {DASHBOARD_PERIODS.map((period) => (
        <MenuItem key={period} value={period}>
          {DASHBOARD_PERIOD_LABELS[period]}
        </MenuItem>
      ))}
    </TextField>
  );
}
